import Foundation
import ZhiXiMemory
import ZhiXiScheduler

/// Every card's history in time order, each review with its day: what a review log becomes
/// under Anki's rules (``ReviewLogFilter``), the one path from a log (a CSV, Anki's revlog,
/// the scheduler's own log) to what `states`, `optimize`, `evaluate` and `simulate --revlog`
/// use: ``TrainingDataset`` for fitting and evaluating, ``CardScheduleSummary`` and
/// ``replay(with:historicalRetention:)`` for memory states.
///
/// Cards are in the filter's order (by id, numerically when every id is an integer, as
/// Anki's are; or in order of first appearance), and a card's reviews by time (then rating,
/// then kind, for rows at the same instant), so the result does not depend on the order of
/// the log's rows. Card `i`'s reviews are positions `reviewStarts[i] ..< reviewStarts[i + 1]`
/// of ``ratings``, ``secondsSince1970``, ``studyDays`` and ``durationsMilliseconds``.
package struct ReviewTimelines: Sendable {
    /// The cards' ids.
    package private(set) var cardIDs: [String] = []
    /// Where each card's reviews start; one more entry than there are cards.
    package private(set) var reviewStarts: [Int] = [0]
    /// Ratings 1–4.
    package private(set) var ratings: [UInt8] = []
    /// When each review happened, in seconds since 1970.
    package private(set) var secondsSince1970: [Double] = []
    /// The day of each review under the day count the timelines were built with (study days
    /// of a calendar, or `AnkiDayCount`'s days back from a rollover): the days between two
    /// reviews are the difference.
    package private(set) var studyDays: [Int32] = []
    /// How long each answer took in milliseconds, or -1 when unknown.
    package private(set) var durationsMilliseconds: [Int32] = []
    /// For each card whose history Anki counts as incomplete (it does not start at a learning
    /// step; memory states only) and whose first row is Anki's, that row's interval and
    /// factor, from which ``startingState(ofCard:model:historicalRetention:)`` infers the
    /// memory before its first review; `nil` for every other card.
    package private(set) var incompleteStarts: [AnkiRevlogFields?] = []
    /// What the filter removed, when built from a log.
    package private(set) var filterReport = ReviewLogFilterReport()

    /// The number of cards.
    package var cardCount: Int { reviewStarts.count - 1 }
    /// The number of reviews.
    package var reviewCount: Int { ratings.count }

    /// No cards; add them with ``appendCard(id:reviews:)``.
    /// - Complexity: O(1).
    package init() {}

    /// Appends a card with its reviews, which must be in time order (checked).
    /// - Precondition: `reviews` is ordered by `secondsSince1970`.
    /// - Complexity: Amortised O(n) for the card's n reviews, the order check included.
    package mutating func appendCard<Reviews: Collection<StudyDayReview>>(id: String, reviews: Reviews) {
        var previous = -Double.infinity
        for review in reviews {
            precondition(review.secondsSince1970 >= previous, "a card's reviews must be in time order")
            previous = review.secondsSince1970
            ratings.append(UInt8(review.rating.rawValue))
            secondsSince1970.append(review.secondsSince1970)
            studyDays.append(Int32(clamping: review.studyDay))
            durationsMilliseconds.append(-1)
        }
        cardIDs.append(id)
        reviewStarts.append(ratings.count)
        incompleteStarts.append(nil)
    }

    /// The timelines of a log with days counted on `calendar` (``init(log:days:filter:)`` with
    /// `.studyDays(calendar)`).
    /// - Complexity: As ``init(log:days:filter:)``: O(n log n) for the sorts.
    package init(log: ReviewLogColumns, calendar: StudyCalendar, filter: ReviewLogFilter = ReviewLogFilter(), cardCutoffs: [Date?]? = nil) {
        self.init(log: log, days: .studyDays(calendar), filter: filter, cardCutoffs: cardCutoffs)
    }

    /// Builds the timelines of a log: groups rows by card, orders cards and each card's rows,
    /// applies Anki's rules (`filter`, ``ReviewLogFilter``) and numbers each kept review's
    /// day under `days` (for Anki's own count, `ElapsedDaysPolicy.ankiDays(_:)`; for
    /// 24-hour periods the UTC day).
    /// - Parameter cardCutoffs: each card's own "ignore reviews before" (indexed as
    ///   `log.cardIDs`; `nil` for none), in place of the filter's: for a log whose cards come
    ///   from several Anki presets, each with its own date. `nil` (the default): the filter's
    ///   for every card.
    /// - Complexity: O(n log n) for the sorts; the log's columns are read in place.
    package init(log: ReviewLogColumns, days: ElapsedDaysPolicy, filter: ReviewLogFilter = ReviewLogFilter(),
                 cardCutoffs: [Date?]? = nil) {
        var report = ReviewLogFilterReport()
        report.rowsRead = log.rowCount
        let cardCount = log.cardIDs.count

        // Group rows by card (counting sort), cards in the filter's order.
        let order = filter.cardOrder == .byID ? Self.cardOrder(log.cardIDs) : Array(0..<cardCount)
        var rank = [Int32](repeating: 0, count: cardCount)
        for (position, card) in order.enumerated() { rank[card] = Int32(position) }
        var counts = [Int](repeating: 0, count: cardCount + 1)
        for card in log.cardIndices { counts[Int(rank[Int(card)]) + 1] += 1 }
        for index in 0..<cardCount { counts[index + 1] += counts[index] }
        let groupStarts = counts
        var rows = [Int32](repeating: 0, count: log.rowCount)
        var next = counts
        for (row, card) in log.cardIndices.enumerated() {
            let group = Int(rank[Int(card)])
            rows[next[group]] = Int32(row)
            next[group] += 1
        }

        reserve(reviews: log.rowCount, cards: cardCount)
        var rules = AnkiHistoryRules(log: log, filter: filter)
        var kept: [Int32] = [], scratch: [Int32] = []
        for group in 0..<cardCount {
            if let cardCutoffs { rules.cutoff = AnkiHistoryRules.milliseconds(cardCutoffs[order[group]]) }
            var slice = rows[groupStarts[group] ..< groupStarts[group + 1]]
            rules.sortInTime(&slice)
            guard let start = rules.history(of: slice, into: &kept, scratch: &scratch, report: &report) else { continue }
            for row in kept {
                let index = Int(row)
                ratings.append(log.ratings[index])
                secondsSince1970.append(log.secondsSince1970[index])
                durationsMilliseconds.append(log.durationsMilliseconds[index])
                let seconds = log.secondsSince1970[index]
                let day: Int
                if case .ankiDays(let count) = days {
                    day = -count.daysAgo(ofSecondsSince1970: seconds)
                } else {
                    day = days.dayNumber(ofSecondsSince1970: seconds)
                }
                studyDays.append(Int32(clamping: day))
            }
            cardIDs.append(log.cardIDs[order[group]])
            reviewStarts.append(ratings.count)
            incompleteStarts.append(start)
        }
        report.rowsKept = ratings.count
        filterReport = report
    }

    private mutating func reserve(reviews: Int, cards: Int) {
        ratings.reserveCapacity(reviews)
        secondsSince1970.reserveCapacity(reviews)
        studyDays.reserveCapacity(reviews)
        durationsMilliseconds.reserveCapacity(reviews)
        cardIDs.reserveCapacity(cards)
        reviewStarts.reserveCapacity(cards + 1)
        incompleteStarts.reserveCapacity(cards)
    }

    /// Card positions in id order: numerically when every id is an integer, else by the
    /// ids' UTF-8 bytes. O(c log c).
    static func cardOrder(_ ids: [String]) -> [Int] {
        let numbers = ids.map { Int64($0) }
        if numbers.allSatisfy({ $0 != nil }) {
            return ids.indices.sorted { numbers[$0]! < numbers[$1]! }
        }
        return ids.indices.sorted { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
    }

    /// The memory of card `card` before its first review, for a history Anki counts as
    /// incomplete (``incompleteStarts``): inferred from the first row's interval (at least a
    /// day) and factor as fsrs-rs's `memory_state_from_sm2` does at `historicalRetention`
    /// (Anki's "historical retention", 0.9 by default), the difficulty read from the factor
    /// when the factor is one FSRS wrote (1100 or less: `(factor/1000 − 0.1) · 9 + 1`); a
    /// factor of 0 is taken as 2500. The card's first review is then replaced by this state.
    /// `nil` for a complete history (and for a CSV, which has no factor: its history starts
    /// from scratch at its first review).
    /// - Complexity: O(1).
    package func startingState(ofCard card: Int, model: MemoryModel, historicalRetention: Double) -> MemoryState? {
        guard let fields = incompleteStarts[card] else { return nil }
        let interval = Double(max(fields.interval, 1))
        let ease = Double(fields.factor == 0 ? 2500 : fields.factor) / 1000
        guard var state = model.memoryState(fromSM2Ease: ease, intervalDays: interval, sm2Retention: historicalRetention) else {
            return nil
        }
        if ease <= 1.1 { state.difficulty = (ease - 0.1) * 9 + 1 }
        return state
    }
}

/// Anki's rules (``ReviewLogFilter``) over the rows of one log.
private struct AnkiHistoryRules {
    let log: ReviewLogColumns
    let filter: ReviewLogFilter
    /// Anki's cutoff in milliseconds (`ignore_revlogs_before`), or `Int64.min`: the filter's,
    /// or the card's own when the cards have their own.
    var cutoff: Int64

    init(log: ReviewLogColumns, filter: ReviewLogFilter) {
        self.log = log
        self.filter = filter
        cutoff = Self.milliseconds(filter.ignoreBefore)
    }

    /// A cutoff in Anki's milliseconds, `Int64.min` for none.
    static func milliseconds(_ date: Date?) -> Int64 {
        date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } ?? Int64.min
    }

    /// Orders a card's rows by time, then rating, then kind (a log in time order, the usual
    /// case, needs no sort).
    func sortInTime(_ slice: inout ArraySlice<Int32>) {
        let seconds = log.secondsSince1970, ratings = log.ratings, states = log.states
        func precedes(_ left: Int32, _ right: Int32) -> Bool {
            let a = Int(left), b = Int(right)
            if seconds[a] != seconds[b] { return seconds[a] < seconds[b] }
            if ratings[a] != ratings[b] { return ratings[a] < ratings[b] }
            return states[a] < states[b]
        }
        if !zip(slice, slice.dropFirst()).allSatisfy({ !precedes($1, $0) }) { slice.sort(by: precedes) }
    }

    /// The row's time in whole milliseconds (Anki's revlog id).
    @inline(__always)
    func milliseconds(_ row: Int) -> Int64 { Int64((log.secondsSince1970[row] * 1000).rounded()) }

    /// An answer: rated 1–4 and neither manual nor rescheduled (Anki's `has_rating`).
    @inline(__always)
    func isAnswer(_ row: Int) -> Bool {
        log.ratings[row] > 0 && log.states[row] != ReviewKind.manual.rawValue && log.states[row] != ReviewKind.rescheduled.rawValue
    }

    /// Cramming: filtered, factor 0 (Anki's `is_cramming`); never in a CSV.
    @inline(__always)
    func isCramming(_ row: Int) -> Bool {
        log.states[row] == ReviewKind.filtered.rawValue && log.ankiFields(ofRow: row)?.factor == 0
    }

    /// A Forget: manual, factor 0 (Anki's `is_reset`); never in a CSV.
    @inline(__always)
    func isReset(_ row: Int) -> Bool {
        log.states[row] == ReviewKind.manual.rawValue && log.ankiFields(ofRow: row)?.factor == 0
    }

    /// Puts the rows of a card's history into `kept` (cleared first), in time order, and
    /// returns what ``ReviewTimelines/incompleteStarts`` keeps for the card (`.some(nil)` for
    /// a complete history or one without Anki's fields), or `nil` when the card has no
    /// history. O(rows of the card).
    func history(of slice: ArraySlice<Int32>, into kept: inout [Int32], scratch rows: inout [Int32],
                 report: inout ReviewLogFilterReport) -> AnkiRevlogFields?? {
        kept.removeAll(keepingCapacity: true)
        // Exact repeats of an earlier row of the same instant.
        rows.removeAll(keepingCapacity: true)
        var instantStart = 0
        for row in slice {
            let index = Int(row)
            if let last = rows.last, log.secondsSince1970[Int(last)] != log.secondsSince1970[index] { instantStart = rows.count }
            let repeated = rows[instantStart...].contains { other in
                let o = Int(other)
                return log.ratings[o] == log.ratings[index] && log.states[o] == log.states[index]
                    && log.secondsSince1970[o] == log.secondsSince1970[index]
            }
            if repeated { report.duplicateRowsDropped += 1 } else { rows.append(row) }
        }
        let training = filter.purpose == .training
        var start = 0
        var complete = true
        if filter.usesRecordedStates, log.hasStateColumn, rows.allSatisfy({ log.states[Int($0)] >= 0 }) {
            // Anki's backward scan (reviews_for_fsrs).
            var firstLearning: Int?
            var firstAnswer: Int?
            complete = false
            scan: for index in rows.indices.reversed() {
                let row = Int(rows[index])
                if isCramming(row) { continue }
                let answer = isAnswer(row)
                if answer, milliseconds(row) > cutoff, log.ankiFields(ofRow: row)?.isInterday ?? true { firstAnswer = index }
                if answer, ReviewKind(rawValue: log.states[row])?.isLearning == true {
                    firstLearning = index
                    complete = true
                } else if isReset(row) {
                    if firstLearning != nil {
                        complete = true
                        break scan
                    } else if firstAnswer != nil {
                        complete = false
                        break scan
                    } else {
                        return dropped(rows, report: &report)
                    }
                } else if firstLearning != nil {
                    break scan
                }
            }
            if let learning = firstLearning, milliseconds(Int(rows[learning])) < cutoff {
                if training { return dropped(rows, report: &report) }
                if learning < rows.count - 1 {
                    complete = false
                    firstLearning = nil
                }
            }
            if let learning = firstLearning {
                start = learning
            } else if training {
                report.cardsWithoutLearningDropped += 1
                report.rowsOfCardsWithoutLearningDropped += rows.count
                return nil
            } else if let answer = firstAnswer {
                start = answer
            } else {
                return dropped(rows, report: &report)
            }
        } else if cutoff != Int64.min {
            // No kinds to find a learning phase by: the cutoff alone starts the history.
            while start < rows.count, milliseconds(Int(rows[start])) <= cutoff { start += 1 }
        }
        report.rowsBeforeLastLearningDropped += start
        for index in start ..< rows.count {
            let row = Int(rows[index])
            if isCramming(row) {
                report.crammingDropped += 1
            } else if !isAnswer(row) {
                report.manualEntriesDropped += 1
            } else {
                kept.append(rows[index])
            }
        }
        guard let first = kept.first else { return nil }
        if !complete { report.incompleteHistories += 1 }
        return .some(complete ? nil : log.ankiFields(ofRow: Int(first)))
    }

    /// Counts a card left without a history and returns `nil`.
    private func dropped(_ rows: [Int32], report: inout ReviewLogFilterReport) -> AnkiRevlogFields?? {
        report.cardsWithoutHistoryDropped += 1
        report.rowsOfCardsWithoutHistoryDropped += rows.count
        return nil
    }
}
