/// One simulation run: what was simulated, the per-day series and the totals.
public struct SimulationResult: Sendable, Hashable {
    /// Cards or ZhiXi lessons.
    public var mode: SimulationMode
    /// The desired retention (0–1) the intervals aimed at.
    public var desiredRetention: Double
    /// The seed of the run's random numbers.
    public var seed: UInt64
    /// The per-day series.
    public var days: SimulationDays
    /// The totals.
    public var summary: SimulationSummary
    /// Every card learned or reviewed, or task done, in the order done; empty unless the run
    /// was asked to record them.
    public var reviewLog: [SimulatedReview] = []
}
