import ZhiXiMemory
import ZhiXiScheduler

/// A review log grouped by card: each card's reviews in time order, ready to replay.
///
/// Cards keep the order in which they first appear in the log; a card's reviews are sorted
/// by time (reviews at the same instant keep their order in the log). Rows that are not
/// reviews or are there twice are left out and counted: manual entries (rating 0, Anki's
/// set-due-date, reset, reschedule) and exact duplicates (the same card, instant, rating and
/// state as a row before them).
public struct CardReviewHistories: Sendable, Hashable {
    /// Card ids, in order of first appearance in the log.
    public let cardIDs: [String]
    /// The reviews of each card, parallel to ``cardIDs``, oldest first.
    public let reviews: [[ReviewLogEntry]]
    /// Rows left out because they repeat an earlier row exactly.
    public let duplicateRowCount: Int
    /// Rows left out because they are manual entries (rating 0), not reviews.
    public let manualEntryCount: Int

    /// Groups a review log by card. O(n log n) for the per-card sort.
    public init(_ log: ReviewLogColumns) {
        var grouped = [[ReviewLogEntry]](repeating: [], count: log.cardIDs.count)
        var manual = 0
        for row in 0 ..< log.rowCount {
            guard let rating = Rating(rawValue: Int(log.ratings[row])) else {
                manual += 1
                continue
            }
            let card = Int(log.cardIndices[row])
            grouped[card].append(ReviewLogEntry(
                cardID: log.cardIDs[card], reviewedAtSecondsSince1970: log.secondsSince1970[row], rating: rating,
                recordedState: log.states[row] < 0 ? nil : Int(log.states[row]),
                durationMilliseconds: log.durationsMilliseconds[row] < 0 ? nil : Int(log.durationsMilliseconds[row])))
        }
        var duplicates = 0
        for index in grouped.indices {
            var history = grouped[index]
            if zip(history, history.dropFirst()).contains(where: { $0.reviewedAtSecondsSince1970 > $1.reviewedAtSecondsSince1970 }) {
                history = history.enumerated().sorted {
                    ($0.element.reviewedAtSecondsSince1970, $0.offset) < ($1.element.reviewedAtSecondsSince1970, $1.offset)
                }.map(\.element)
            }
            // Exact duplicates sit among the rows of the same instant.
            var kept: [ReviewLogEntry] = []
            kept.reserveCapacity(history.count)
            var instantStart = 0
            for entry in history {
                if let last = kept.last, last.reviewedAtSecondsSince1970 != entry.reviewedAtSecondsSince1970 {
                    instantStart = kept.count
                }
                if kept[instantStart...].contains(where: { $0.isSameReview(as: entry) }) {
                    duplicates += 1
                } else {
                    kept.append(entry)
                }
            }
            grouped[index] = kept
        }
        let used = grouped.indices.filter { !grouped[$0].isEmpty }
        cardIDs = used.map { log.cardIDs[$0] }
        reviews = used.map { grouped[$0] }
        duplicateRowCount = duplicates
        manualEntryCount = manual
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
