import ZhiXiMemory
import ZhiXiScheduler

/// A review log grouped by card: each card's reviews in time order.
///
/// Cards keep the order in which they first appear in the log; a card's reviews are sorted
/// by time (reviews at the same instant keep their order in the log).
public struct CardReviewHistories: Sendable, Hashable {
    /// Card ids, in order of first appearance in the log.
    public let cardIDs: [String]
    /// The reviews of each card, parallel to ``cardIDs``, oldest first.
    public let reviews: [[ReviewLogEntry]]

    /// Groups log entries by card. O(n log n) for the per-card sort.
    public init(_ entries: [ReviewLogEntry]) {
        var indexByID: [String: Int] = [:]
        var ids: [String] = []
        var grouped: [[ReviewLogEntry]] = []
        for entry in entries {
            if let index = indexByID[entry.cardID] {
                grouped[index].append(entry)
            } else {
                indexByID[entry.cardID] = ids.count
                ids.append(entry.cardID)
                grouped.append([entry])
            }
        }
        for index in grouped.indices {
            let history = grouped[index]
            if zip(history, history.dropFirst()).contains(where: { $0.reviewedAtSecondsSince1970 > $1.reviewedAtSecondsSince1970 }) {
                grouped[index] = history.enumerated().sorted {
                    ($0.element.reviewedAtSecondsSince1970, $0.offset) < ($1.element.reviewedAtSecondsSince1970, $1.offset)
                }.map(\.element)
            }
        }
        cardIDs = ids
        reviews = grouped
    }

    /// The number of cards.
    public var count: Int { cardIDs.count }

    /// The number of reviews of all cards.
    public var reviewCount: Int { reviews.reduce(0) { $0 + $1.count } }

    /// The histories as the memory model's input: every card's ratings with the study days
    /// elapsed since its previous review, counted on `calendar` (0 for the first review and
    /// for reviews on the same study day). O(n log t).
    public func memoryBatch(calendar: StudyCalendar) -> ReviewHistoryBatch {
        var batch = ReviewHistoryBatch(reviewCapacity: reviewCount, historyCapacity: count)
        for history in reviews {
            batch.startHistory()
            var previousDay: Int?
            for entry in history {
                let day = calendar.dayNumber(ofSecondsSince1970: entry.reviewedAtSecondsSince1970)
                batch.append(MemoryReview(rating: entry.rating, elapsedDays: Double(previousDay.map { day - $0 } ?? 0)))
                previousDay = day
            }
        }
        return batch
    }

    /// Like ``memoryBatch(calendar:)``, counting elapsed days as whole 24-hour periods since the
    /// previous review (py-fsrs's convention). O(n).
    public func memoryBatchWholeDays() -> ReviewHistoryBatch {
        var batch = ReviewHistoryBatch(reviewCapacity: reviewCount, historyCapacity: count)
        for history in reviews {
            batch.startHistory()
            var previous: Double?
            for entry in history {
                let elapsed = previous.map { ((entry.reviewedAtSecondsSince1970 - $0) / 86_400).rounded(.down) } ?? 0
                batch.append(MemoryReview(rating: entry.rating, elapsedDays: max(0, elapsed)))
                previous = entry.reviewedAtSecondsSince1970
            }
        }
        return batch
    }
}
