import Foundation
import ZhiXiScheduler

extension CardScheduleSummary {
    /// What each of the four buttons would do now to every summary's card, as a scheduler under
    /// Anki's rules (`SchedulerConfiguration.anki(calendar:)` (ZhiXiScheduler) with the log's settings) gives
    /// it: fuzzed, and with load-balanced fuzz balanced over the log's own cards due on the 99
    /// days from today, as Anki balances over a collection's. In the order of `summaries`.
    /// - Complexity: O(n log t) for n cards, plus the fuzz ranges.
    package static func buttonPreviews(of summaries: [CardScheduleSummary], scheduler: CardScheduler, now: Date) -> [CardPreview] {
        let load = scheduler.dueDayLoad(of: summaries.lazy.map(\.card), forReviewsOn: now)
        return summaries.map { scheduler.preview($0.card, at: now, dueLoad: load) }
    }
}
