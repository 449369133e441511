/// What the daily cost cap of a card simulation (``SimulatorConfiguration/maximumCostPerDaySeconds``)
/// means.
public enum CostCapRule: String, Sendable, Hashable, CaseIterable {
    /// The cap is never passed: a card whose (re)learning or review, steps included, would take
    /// the day's seconds past the cap is not done that day; it and every card after it wait for
    /// the next day (as the planner fills a day). The default, and the meaning of every cap of
    /// `zhixi-review`.
    case neverExceeded
    /// fsrs-rs's `max_cost_perday`: a card is started as long as the day's seconds so far do
    /// not exceed the cap, so the last card of a day may pass it. For comparisons with fsrs-rs.
    case startWhileUnder
}
