/// Whose rules the card scheduler follows between the memory model and the due date: py-fsrs's
/// (the default, and every preset but ``SchedulerConfiguration/anki``) or Anki 26.09's.
///
/// | | ``pyFSRS`` | ``anki`` |
/// | --- | --- | --- |
/// | fuzz | `FuzzRange` drawn from `FuzzSeed` (SplitMix64) | `AnkiFuzz`: Anki's seed (card id + reviews) and `StdRng` draw, in `Float` |
/// | Hard < Good < Easy | not enforced | each above the one before and at or above the previous interval, *after* the fuzz |
/// | load balancing | `LoadBalancer` (Anki 24.11's weights) | `AnkiLoadBalancer` (Anki 26.09's weights, over today + 0 … 98) |
/// | learning steps | py-fsrs's Hard (1.5 × or the mean) | Anki's (at most a day more, whole days past a day); steps reaching the next day count as days; steps fuzzed by up to 25 %, at most 5 minutes |
/// | Easy in (re)learning | graduates | graduates at least a day past Good's graduating interval |
/// | days since the last review | the elapsed-days policy | whole days to the next day's start (`next_day_at`), Anki's count |
/// | stability | floor 0.001, no ceiling | fsrs-rs's 0.001 … 36 500 |
///
/// Under ``anki`` the scheduler is `AnkiScheduler` seen through ``Card``: the days are the
/// study days of the configuration's calendar (UTC from 04:00 under 24-hour periods), `now` is
/// taken in whole seconds as Anki does, and a review card's previous interval is the number of
/// study days from its last review to its due day. `Codable` as `"pyFSRS"` or `"anki"`.
public enum SchedulerRules: String, Sendable, Hashable, Codable, CaseIterable {
    /// py-fsrs's rules (and the package's fuzz and balancer).
    case pyFSRS
    /// Anki 26.09's rules, bit for bit (docs/CORRECTNESS.md, "The four buttons, as Anki").
    case anki
}
