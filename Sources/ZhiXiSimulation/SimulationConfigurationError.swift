/// Why a simulation cannot run with the configuration it was given. Fields are named as in
/// fsrs-rs's `SimulatorConfig` JSON (`first_rating_prob`, `state_rating_costs[1][2]`, …) or,
/// for ZhiXi mode, as the option that sets them.
public enum SimulationConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value lies outside what the field allows.
    case outOfRange(field: String, value: String, allowed: String)
    /// A list has the wrong number of entries.
    case wrongCount(field: String, expected: Int, actual: Int)
    /// A row of probabilities does not sum to 1 (within
    /// ``SimulatorConfiguration/probabilitySumTolerance``).
    case probabilitiesDoNotSumToOne(field: String, sum: Double)
    /// A JSON configuration names a field that fsrs-rs's `SimulatorConfig` does not have.
    case unknownField(String)
    /// A JSON configuration gives a field a value of the wrong kind.
    case wrongType(field: String, expected: String)
    /// A JSON configuration is not a JSON object.
    case notAnObject(String)
    /// The desired retention is not strictly between 0 and 1.
    case desiredRetentionOutOfRange(Double)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .outOfRange(let field, let value, let allowed):
            "\(field) is \(value); it must be \(allowed)"
        case .wrongCount(let field, let expected, let actual):
            "\(field) has \(actual) entries; it must have \(expected)"
        case .probabilitiesDoNotSumToOne(let field, let sum):
            "the probabilities of \(field) sum to \(sum), not 1; correct them so that they add up to 1"
        case .unknownField(let field):
            "unknown field '\(field)'; the fields are those of fsrs-rs's SimulatorConfig: "
                + SimulatorConfiguration.Field.allCases.map(\.rawValue).joined(separator: ", ")
        case .wrongType(let field, let expected):
            "\(field) must be \(expected)"
        case .notAnObject(let reason):
            "the configuration is not a JSON object (\(reason)); write {\"deck_size\": 1000, …}"
        case .desiredRetentionOutOfRange(let value):
            "desired retention \(value) is not between 0 and 1; give the probability of recall to aim for, e.g. 0.9"
        }
    }
}
