/// What a ``RetentionSweep`` found: every retention's runs, the recommendation, and the
/// answers to the learner's other questions: which retention fits a daily budget
/// (``budgetPoint(minutesPerDay:)``), and what an extra item remembered costs between
/// neighbouring retentions (``marginalMinutesPerItem``).
public struct RetentionSweepResult: Sendable {
    /// One entry per retention, in sweep order.
    public let points: [SimulationRuns]
    /// The retention with the lowest cost per item, and how sure that is.
    public let recommendation: RetentionRecommendation

    /// The result of these points (at least one, all with the same seeds and mode).
    public init(points: [SimulationRuns]) {
        self.points = points
        recommendation = RetentionRecommendation(points: points)
    }

    /// The highest desired retention whose minutes a day over the last 30 simulated days
    /// (``SimulationSummary/steadyMinutesPerDay``, mean over the seeds) are within
    /// `minutesPerDay`, with its runs: what the learner can afford once the workload has grown.
    /// `nil` when no retention of the sweep fits. O(retentions · seeds).
    public func budgetPoint(minutesPerDay: Double) -> SimulationRuns? {
        points.filter { $0.statistics(.steadyMinutesPerDay).mean <= minutesPerDay }.max { $0.desiredRetention < $1.desiredRetention }
    }

    /// For each retention after the first (in sweep order), the extra minutes of study over the
    /// span per extra item memorized at the end, against the retention before it: `Δ total
    /// minutes / Δ memorized at end` of the means over the seeds. `nil` for the first point and
    /// where the extra retention did not buy more memorized items. O(retentions · seeds).
    public var marginalMinutesPerItem: [Double?] {
        points.indices.map { index -> Double? in
            guard index > 0 else { return nil }
            let gained = points[index].statistics(.memorizedAtEnd).mean - points[index - 1].statistics(.memorizedAtEnd).mean
            let minutes = points[index].statistics(.totalMinutes).mean - points[index - 1].statistics(.totalMinutes).mean
            return gained > 0 ? minutes / gained : nil
        }
    }
}
