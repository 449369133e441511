/// What a ``RetentionSweep`` found: every retention's runs, their costs per item, the
/// recommendation, and the answers to the learner's other questions: which retention fits a
/// daily budget (``budgetAnswer(minutesPerDay:dayAllowances:)``), and what an extra item
/// remembered costs between retentions (``extraCost(from:to:)``, ``extraAgainstPrevious``).
public struct RetentionSweepResult: Sendable {
    /// One entry per retention, in sweep order.
    public let points: [SimulationRuns]
    /// Each retention's cost per item (the criterion), in sweep order.
    public let costs: [RetentionCost]
    /// The retention with the lowest measured cost per item, and how sure that is; `nil` when
    /// no retention's cost is measured (``RetentionCost/Verdict``).
    public let recommendation: RetentionRecommendation?

    /// The result of these points (at least one, all with the same seeds and mode).
    /// - Complexity: O(1).
    public init(points: [SimulationRuns]) {
        self.points = points
        let criterion = RetentionRecommendation.criterion(for: points[0].mode)
        costs = points.map { RetentionCost(runs: $0, criterion: criterion) }
        recommendation = RetentionRecommendation(points: points, costs: costs)
    }

    /// The cost per item the sweep minimises.
    public var criterion: SummaryMetric { costs[0].criterion }

    /// The index of the recommended retention, if any.
    public var recommendedIndex: Int? {
        recommendation.flatMap { recommendation in points.firstIndex { $0.desiredRetention == recommendation.retention } }
    }

    /// What the retention at `to` buys and costs against the one at `from` (indices into
    /// ``points``).
    /// - Complexity: O(seeds).
    public func extraCost(from: Int, to: Int) -> ExtraItemCost { ExtraItemCost(from: points[from], to: points[to]) }

    /// For each retention after the first (in sweep order), what it buys and costs against the
    /// retention before it; `nil` for the first. O(retentions · seeds).
    public var extraAgainstPrevious: [ExtraItemCost?] {
        points.indices.map { $0 > 0 ? extraCost(from: $0 - 1, to: $0) : nil }
    }

    /// For each retention after the first, the extra minutes of study over the span per extra
    /// item memorized at the end against the retention before it, when that is a measured
    /// price of remembering more (``ExtraItemCost/Verdict/measured`` and more items); `nil` for
    /// the first point and wherever the difference in items is within its noise, the extra
    /// retention remembers fewer, or it costs no extra minutes (``extraAgainstPrevious`` says
    /// which). O(retentions · seeds).
    public var marginalMinutesPerItem: [Double?] {
        extraAgainstPrevious.map { cost in cost.flatMap { $0.buysMore ? $0.minutesPerExtraItem : nil } }
    }

    /// The answer to "which retention fits `minutesPerDay` a day": each retention's days over
    /// it from the first day on, and among those that never pass it, the one that remembers the
    /// most at the end (``BudgetAnswer``). `dayAllowances` gives each day its own minutes when
    /// the learner's week differs (ZhiXi mode with minutes per weekday or breaks); `nil`:
    /// `minutesPerDay` every day.
    /// - Complexity: O(retentions · seeds · days).
    public func budgetAnswer(minutesPerDay: Double, dayAllowances: [Double]? = nil) -> BudgetAnswer {
        BudgetAnswer(points: points, minutesPerDay: minutesPerDay, dayAllowances: dayAllowances)
    }

    /// The runs of ``budgetAnswer(minutesPerDay:dayAllowances:)``'s retention when one fits,
    /// else `nil`.
    /// - Complexity: O(retentions · seeds · days).
    public func budgetPoint(minutesPerDay: Double, dayAllowances: [Double]? = nil) -> SimulationRuns? {
        budgetAnswer(minutesPerDay: minutesPerDay, dayAllowances: dayAllowances).fittingIndex.map { points[$0] }
    }
}
