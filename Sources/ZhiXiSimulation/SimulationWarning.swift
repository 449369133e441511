import ZhiXiMemory

/// A reason not to take a simulation's answer at face value, with the figure behind it.
///
/// ``warnings(for:parameters:trainingItemCount:capMinutes:capIsAskedBudget:)`` checks a sweep (or a single setting, a sweep
/// of one retention) for the ways its answer stops being an answer: a daily cap that decides
/// the minutes instead of the retention, minutes that do not change across the sweep, an
/// optimum that is only the sweep's edge or lies outside the range Anki accepts, and memory
/// parameters that cannot be trusted.
public enum SimulationWarning: Sendable, Hashable, CustomStringConvertible {
    /// The daily cap on study time stopped the day on `share` (0–1) of the days, at the
    /// retention where it bound most (`retention`): the minutes a day are the cap's, not the
    /// retention's. Raised from ``capShareThreshold``.
    case capBinds(share: Double, retention: Double, capMinutes: Double?)
    /// Average minutes a day differ by only `spread` (relative, 0–1) between the cheapest and
    /// the dearest retention of the sweep: under ``flatMinutesThreshold`` the sweep does not
    /// tell the retentions apart by what they cost a day.
    case flatMinutes(spread: Double, lowest: Double, highest: Double)
    /// The lowest cost lies at the sweep's lowest or highest retention: the optimum may lie
    /// beyond it.
    case optimumAtEdge(retention: Double, atLowerEdge: Bool)
    /// The recommended retention lies outside the range Anki accepts
    /// (``ankiRetentionRange``).
    case outsideAnkiRange(retention: Double)
    /// Memory parameters sit at a bound of fsrs-rs's clipping where the defaults do not
    /// (`FSRSParameters.indicesAtFittedBounds(relearningStepCount:)` of ZhiXiMemory): the fit was stopped
    /// by the bound, not by the data.
    case parametersAtBound(indices: [Int], values: [Double])
    /// The learner's history has only `items` items (reviews on a later day than the card's
    /// previous one): parameters fitted to it rest on fewer than ``minimumTrustedItems``.
    case fewItems(items: Int)

    /// The share of days on which a binding cap is worth a warning (0.05: 5 %).
    public static let capShareThreshold = 0.05
    /// The relative spread of average minutes a day below which a sweep is flat (0.02: 2 %).
    public static let flatMinutesThreshold = 0.02
    /// The desired retentions Anki accepts.
    public static let ankiRetentionRange = 0.70 ... 0.99
    /// Items below which fitted parameters are not trusted (500).
    public static let minimumTrustedItems = 500

    /// The warnings of a sweep's result (a single setting is a sweep of one retention: only the
    /// cap and the parameters are checked), in the order of the cases above.
    ///
    /// - Parameters:
    ///   - result: the sweep.
    ///   - parameters: the memory parameters simulated.
    ///   - trainingItemCount: the items of the learner's history the parameters were (or would
    ///     be) fitted on, when known.
    ///   - capMinutes: the daily cap in minutes, for the message (`nil`: unknown or none).
    ///   - capIsAskedBudget: whether the cap is the budget the learner asks about (`simulate
    ///     --budget`): then its binding is the question, answered by ``BudgetAnswer``, not a
    ///     warning.
    /// - Complexity: O(retentions · seeds).
    public static func warnings(for result: RetentionSweepResult, parameters: FSRSParameters, trainingItemCount: Int? = nil,
                                capMinutes: Double? = nil, capIsAskedBudget: Bool = false) -> [SimulationWarning] {
        var warnings: [SimulationWarning] = []
        let points = result.points
        let shares = points.map { point in point.statistics(.capReachedDays).mean / Double(max(1, point.runs[0].summary.spanDays)) }
        if !capIsAskedBudget, let worst = shares.indices.max(by: { shares[$0] < shares[$1] }), shares[worst] >= capShareThreshold {
            warnings.append(.capBinds(share: shares[worst], retention: points[worst].desiredRetention, capMinutes: capMinutes))
        }
        if points.count > 1 {
            let minutes = points.map { $0.statistics(.averageMinutesPerDay).mean }
            let lowest = minutes.min() ?? 0, highest = minutes.max() ?? 0
            let spread = highest > 0 ? (highest - lowest) / highest : 0
            if spread < flatMinutesThreshold {
                warnings.append(.flatMinutes(spread: spread, lowest: lowest, highest: highest))
            }
            if let recommended = result.recommendation?.retention {
                if recommended == points.first?.desiredRetention || recommended == points.last?.desiredRetention {
                    warnings.append(.optimumAtEdge(retention: recommended, atLowerEdge: recommended == points.first?.desiredRetention))
                }
                if !ankiRetentionRange.contains(recommended) {
                    warnings.append(.outsideAnkiRange(retention: recommended))
                }
            }
        }
        let atBounds = parameters.indicesAtFittedBounds()
        if !atBounds.isEmpty {
            warnings.append(.parametersAtBound(indices: atBounds, values: atBounds.map { parameters.weights[$0] }))
        }
        if let trainingItemCount, trainingItemCount < minimumTrustedItems {
            warnings.append(.fewItems(items: trainingItemCount))
        }
        return warnings
    }

    /// A stable name for programs: `capBinds`, `flatMinutes`, `optimumAtEdge`,
    /// `outsideAnkiRange`, `parametersAtBound`, `fewItems`.
    public var code: String {
        switch self {
        case .capBinds: "capBinds"
        case .flatMinutes: "flatMinutes"
        case .optimumAtEdge: "optimumAtEdge"
        case .outsideAnkiRange: "outsideAnkiRange"
        case .parametersAtBound: "parametersAtBound"
        case .fewItems: "fewItems"
        }
    }

    /// The figure the warning is about: the share of days (0–1), the relative spread (0–1),
    /// the retention, the number of weights at a bound, or the items.
    public var figure: Double {
        switch self {
        case .capBinds(let share, _, _): share
        case .flatMinutes(let spread, _, _): spread
        case .optimumAtEdge(let retention, _): retention
        case .outsideAnkiRange(let retention): retention
        case .parametersAtBound(let indices, _): Double(indices.count)
        case .fewItems(let items): Double(items)
        }
    }

    /// The warning as a sentence with its figure and what to do.
    public var description: String {
        switch self {
        case .capBinds(let share, let retention, let capMinutes):
            let cap = capMinutes.map { "the daily limit of \(Self.decimal($0, $0 == $0.rounded() ? 0 : 1)) minutes" } ?? "the daily limit"
            return "\(cap) binds on \(Self.percent(share)) of days (at retention \(Self.decimal(retention, 2))): the minutes a day "
                + "are the limit's, not the retention's, and what waits is not learned; lift the limit, or ask which retention "
                + "fits a budget instead"
        case .flatMinutes(let spread, let lowest, let highest):
            return "minutes a day differ by only \(Self.percent(spread)) across the sweep (\(Self.decimal(lowest, 1))–"
                + "\(Self.decimal(highest, 1))): the sweep does not tell the retentions apart by their cost a day"
        case .optimumAtEdge(let retention, let atLowerEdge):
            return "the lowest cost per item is at the sweep's \(atLowerEdge ? "lowest" : "highest") retention, "
                + "\(Self.decimal(retention, 2)): the optimum may lie beyond it; widen the sweep"
        case .outsideAnkiRange(let retention):
            return "the recommended retention \(Self.decimal(retention, 2)) lies outside 0.70–0.99, the range Anki accepts"
        case .parametersAtBound(let indices, let values):
            let list = zip(indices, values).map { "\(FSRSParameters.weightName($0)) = \(Self.decimal($1, 4))" }.joined(separator: ", ")
            return "memory parameters at a bound of the fit (\(list)): the data did not decide them; fit on more reviews"
        case .fewItems(let items):
            return "the learner's history has only \(items) items (reviews on a later day than the card's previous one), fewer than "
                + "\(Self.minimumTrustedItems): parameters fitted to it are uncertain"
        }
    }

    /// A share (0–1) as a percent the way ``description`` writes it: one decimal under 10 %
    /// when it is not whole (`4.5%`), none otherwise (`37%`). For the text report's sentences,
    /// so that they say the same figures.
    /// - Complexity: O(1).
    package static func percent(_ share: Double) -> String {
        let value = share * 100
        return (value < 10 && value != value.rounded() ? decimal(value, 1) : decimal(value, 0)) + "%"
    }

    /// `value` rounded to `decimals` digits after the point the way ``description`` writes it
    /// (`0.85`, `12.3`, `100.0000`), for the text report's sentences.
    /// - Complexity: O(1).
    package static func decimal(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0 ..< decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: dot)...].count
            if fraction < decimals { text += String(repeating: "0", count: decimals - fraction) }
            if decimals == 0 { text = String(text[..<dot]) }
        } else if decimals > 0 {
            text += "." + String(repeating: "0", count: decimals)
        }
        return text
    }
}
