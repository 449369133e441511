/// Whether and how the scheduler varies the interval of a review card around the exact one,
/// so that cards introduced together do not stay due on the same days forever.
///
/// Only whole-day intervals of cards in (or graduating to) the review state are varied, never
/// (re)learning steps, and never intervals below 2.5 days (see `FuzzRange`). Every choice is
/// deterministic, seeded by the card's id and review count (`FuzzSeed`; under
/// ``SchedulerRules/anki``, Anki's own seed and draws: `AnkiFuzz`, `AnkiLoadBalancer`).
/// `Codable` as its name: `"off"`, `"uniform"`, `"loadBalanced"`.
public enum FuzzMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The exact interval, rounded to whole days (py-fsrs with `enable_fuzzing=False`).
    case off
    /// A day drawn uniformly from Anki's `FuzzRange` around the exact interval.
    case uniform
    /// The day of the `FuzzRange` that evens out the number of cards due per day
    /// (`LoadBalancer`, Anki 24.11), when the review is given a ``DueDayLoad``; otherwise, or
    /// for intervals above `LoadBalancer/maximumBalancedIntervalDays`, as ``uniform``.
    case loadBalanced
}
