import Foundation

extension SimulatorConfiguration {
    /// Reads a configuration in fsrs-rs's JSON form: an object with any of the fields of its
    /// `SimulatorConfig` under their snake_case names (`Field`); omitted fields keep their
    /// value in `base` (by default the fsrs-rs defaults). Counts may be written as integers or
    /// whole numbers (`365`, `365.0`); a limit of 2^63 or more (fsrs-rs's `usize::MAX`) means
    /// unlimited; `suspend_after_lapses` may be `null`. The result is validated.
    ///
    /// - Throws: ``SimulationConfigurationError``: ``SimulationConfigurationError/unknownField(_:)``
    ///   for a field fsrs-rs does not have, ``SimulationConfigurationError/wrongType(field:expected:)``
    ///   for a value of the wrong kind, and the errors of ``validate()`` (e.g. a probability row
    ///   that does not sum to 1), each naming the field.
    /// - Complexity: O(bytes) to decode, then as ``validate()``.
    public init(fsrsJSON data: Data, base: SimulatorConfiguration = SimulatorConfiguration()) throws(SimulationConfigurationError) {
        self = try Self.reading(fsrsJSON: data, base: base).configuration
    }

    /// Reads a configuration in fsrs-rs's JSON form as ``init(fsrsJSON:base:)`` does, and
    /// says which fields the object gave (a field given with the value it already had in
    /// `base` counts as given).
    ///
    /// - Complexity: O(n) in the bytes of `data`.
    /// - Parameters:
    ///   - data: the JSON object.
    ///   - base: the values of the fields it leaves out.
    /// - Returns: the validated configuration and the fields present in `data`.
    /// - Throws: ``SimulationConfigurationError`` as ``init(fsrsJSON:base:)``.
    package static func reading(fsrsJSON data: Data, base: SimulatorConfiguration = SimulatorConfiguration())
        throws(SimulationConfigurationError) -> (configuration: SimulatorConfiguration, givenFields: Set<Field>) {
        let fields: FSRSConfigurationFields
        do {
            fields = try JSONDecoder().decode(FSRSConfigurationFields.self, from: data)
        } catch let error as SimulationConfigurationError {
            throw error
        } catch let DecodingError.typeMismatch(type, context) where !context.codingPath.isEmpty {
            throw Self.wrongType(context.codingPath, type)
        } catch let DecodingError.valueNotFound(type, context) {
            throw Self.wrongType(context.codingPath, type)
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw .wrongType(field: Self.path(context.codingPath), expected: "a number in range")
        } catch {
            throw .notAnObject(Self.reason(error))
        }
        var configuration = base
        fields.apply(to: &configuration)
        try configuration.validate()
        return (configuration, fields.given)
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text
    }

    private static func wrongType(_ codingPath: [any CodingKey], _ type: Any.Type) -> SimulationConfigurationError {
        let expected: String
        switch type {
        case is Bool.Type: expected = "true or false"
        case is [Double].Type, is [[Double]].Type: expected = "an array of numbers"
        case is Double.Type: expected = "a number"
        default: expected = "a whole number"
        }
        return .wrongType(field: path(codingPath), expected: expected)
    }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
        }
        if case DecodingError.typeMismatch(_, let context) = error { return context.debugDescription }
        return "\(error)"
    }
}

/// The fields present in an fsrs-rs `SimulatorConfig` JSON object.
private struct FSRSConfigurationFields: Decodable {
    var deckSize: Int?
    var learnSpan: Int?
    var maxCostPerDay: Double?
    var maxInterval: Int?
    var firstRatingProbabilities: [Double]?
    var reviewRatingProbabilities: [Double]?
    var learningStepTransitions: [[Double]]?
    var relearningStepTransitions: [[Double]]?
    var stateRatingCosts: [[Double]]?
    var learningStepCount: Int?
    var relearningStepCount: Int?
    var learnLimit: Int?
    var reviewLimit: Int?
    var newCardsIgnoreReviewLimit: Bool?
    var suspendAfterLapses: Int??
    /// The fields the object names.
    var given: Set<SimulatorConfiguration.Field> = []

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys {
            guard let field = SimulatorConfiguration.Field(rawValue: key.stringValue) else {
                throw SimulationConfigurationError.unknownField(key.stringValue)
            }
            given.insert(field)
            switch field {
            case .deckSize: deckSize = try Self.count(container, key)
            case .learnSpan: learnSpan = try Self.count(container, key)
            case .maxCostPerDay: maxCostPerDay = try container.decode(Double.self, forKey: key)
            case .maxInterval: maxInterval = try Self.count(container, key)
            case .firstRatingProbabilities: firstRatingProbabilities = try container.decode([Double].self, forKey: key)
            case .reviewRatingProbabilities: reviewRatingProbabilities = try container.decode([Double].self, forKey: key)
            case .learningStepTransitions: learningStepTransitions = try container.decode([[Double]].self, forKey: key)
            case .relearningStepTransitions: relearningStepTransitions = try container.decode([[Double]].self, forKey: key)
            case .stateRatingCosts: stateRatingCosts = try container.decode([[Double]].self, forKey: key)
            case .learningStepCount: learningStepCount = try Self.count(container, key)
            case .relearningStepCount: relearningStepCount = try Self.count(container, key)
            case .learnLimit: learnLimit = try Self.count(container, key)
            case .reviewLimit: reviewLimit = try Self.count(container, key)
            case .newCardsIgnoreReviewLimit: newCardsIgnoreReviewLimit = try container.decode(Bool.self, forKey: key)
            case .suspendAfterLapses:
                suspendAfterLapses = try container.decodeNil(forKey: key) ? .some(nil) : .some(try Self.count(container, key))
            }
        }
    }

    /// A whole number written as an integer or a number with no fraction; 2^63 or more
    /// (fsrs-rs's `usize::MAX` for "unlimited") is `Int.max`.
    static func count(_ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey) throws -> Int {
        if let value = try? container.decode(Int.self, forKey: key) { return value }
        let value = try container.decode(Double.self, forKey: key)
        guard value.rounded(.towardZero) == value else {
            throw SimulationConfigurationError.wrongType(field: key.stringValue, expected: "a whole number")
        }
        if value >= 0x1p63 { return .max }
        guard value > -0x1p63 else {
            throw SimulationConfigurationError.outOfRange(field: key.stringValue, value: "\(value)", allowed: "0 or more")
        }
        return Int(value)
    }

    func apply(to configuration: inout SimulatorConfiguration) {
        if let deckSize { configuration.deckSize = deckSize }
        if let learnSpan { configuration.learnSpanDays = learnSpan }
        if let maxCostPerDay { configuration.maximumCostPerDaySeconds = maxCostPerDay }
        if let maxInterval { configuration.maximumIntervalDays = maxInterval }
        if let firstRatingProbabilities { configuration.firstRatingProbabilities = firstRatingProbabilities }
        if let reviewRatingProbabilities { configuration.reviewRatingProbabilities = reviewRatingProbabilities }
        if let learningStepTransitions { configuration.learningStepTransitions = learningStepTransitions }
        if let relearningStepTransitions { configuration.relearningStepTransitions = relearningStepTransitions }
        if let stateRatingCosts { configuration.stateRatingCosts = stateRatingCosts }
        if let learningStepCount { configuration.learningStepCount = learningStepCount }
        if let relearningStepCount { configuration.relearningStepCount = relearningStepCount }
        if let learnLimit { configuration.learnLimitPerDay = learnLimit }
        if let reviewLimit { configuration.reviewLimitPerDay = reviewLimit }
        if let newCardsIgnoreReviewLimit { configuration.newCardsIgnoreReviewLimit = newCardsIgnoreReviewLimit }
        if let suspendAfterLapses { configuration.suspendAfterLapses = suspendAfterLapses }
    }
}
