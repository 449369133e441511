import ZhiXiMemory
import ZhiXiScheduler

/// Every card's reviews in time order, each with its study day: the input of
/// ``TrainingDataset``. Cards are ordered by id (numerically when every id is an integer,
/// as Anki's are), and a card's reviews by time, so the result does not depend on the order
/// of the log's rows.
///
/// Card `i`'s reviews are positions `reviewStarts[i] ..< reviewStarts[i + 1]` of ``ratings``,
/// ``secondsSince1970`` and ``studyDays``.
public struct ReviewTimelines: Sendable {
    /// The cards' ids.
    public private(set) var cardIDs: [String] = []
    /// Where each card's reviews start; one more entry than there are cards.
    public private(set) var reviewStarts: [Int] = [0]
    /// Ratings 1–4.
    public private(set) var ratings: [UInt8] = []
    /// When each review happened, in seconds since 1970.
    public private(set) var secondsSince1970: [Double] = []
    /// The study day of each review (see `StudyCalendar`).
    public private(set) var studyDays: [Int32] = []
    /// What the filter removed, when built from a log.
    public private(set) var filterReport = ReviewLogFilterReport()

    /// The number of cards.
    public var cardCount: Int { reviewStarts.count - 1 }
    /// The number of reviews.
    public var reviewCount: Int { ratings.count }

    /// No cards; add them with ``appendCard(id:reviews:)``.
    public init() {}

    /// Appends a card with its reviews, which must be in time order (O(n) check).
    /// - Precondition: `reviews` is ordered by `secondsSince1970`.
    public mutating func appendCard<Reviews: Collection<StudyDayReview>>(id: String, reviews: Reviews) {
        var previous = -Double.infinity
        for review in reviews {
            precondition(review.secondsSince1970 >= previous, "a card's reviews must be in time order")
            previous = review.secondsSince1970
            ratings.append(UInt8(review.rating.rawValue))
            secondsSince1970.append(review.secondsSince1970)
            studyDays.append(Int32(clamping: review.studyDay))
        }
        cardIDs.append(id)
        reviewStarts.append(ratings.count)
    }

    /// Builds the timelines of a log: groups rows by card, orders cards by id and reviews by
    /// time (then rating, then state, for reviews at the same instant), applies `filter`, and
    /// counts study days on `calendar`. O(n log n) for the sorts; the log's columns are read
    /// in place.
    public init(log: ReviewLogColumns, calendar: StudyCalendar, filter: ReviewLogFilter = ReviewLogFilter()) {
        var report = ReviewLogFilterReport()
        report.rowsRead = log.rowCount
        let cardCount = log.cardIDs.count

        // Group rows by card (counting sort), cards in id order.
        let order = Self.cardOrder(log.cardIDs)
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
        let seconds = log.secondsSince1970, ratings = log.ratings, states = log.states
        for group in 0..<cardCount {
            var slice = rows[groupStarts[group] ..< groupStarts[group + 1]]
            func precedes(_ left: Int32, _ right: Int32) -> Bool {
                let a = Int(left), b = Int(right)
                if seconds[a] != seconds[b] { return seconds[a] < seconds[b] }
                if ratings[a] != ratings[b] { return ratings[a] < ratings[b] }
                return states[a] < states[b]
            }
            // A log in time order (the usual case) needs no sort.
            if !zip(slice, slice.dropFirst()).allSatisfy({ !precedes($1, $0) }) { slice.sort(by: precedes) }
            // Rule 2 and 3: start at the last learning phase when every row has a state.
            var first = slice.startIndex
            if filter.usesRecordedStates, log.hasStateColumn, slice.allSatisfy({ states[Int($0)] >= 0 }) {
                var learningStart: Int?
                for index in slice.indices.reversed() {
                    let row = Int(slice[index])
                    if ratings[row] == 0 || states[row] == 5 { continue }
                    if states[row] <= 1 {
                        learningStart = index
                    } else if learningStart != nil {
                        break
                    }
                }
                guard let learningStart else {
                    report.cardsWithoutLearningDropped += 1
                    report.rowsOfCardsWithoutLearningDropped += slice.count
                    continue
                }
                first = learningStart
                report.rowsBeforeLastLearningDropped += learningStart - slice.startIndex
            }
            let before = self.ratings.count
            for index in first ..< slice.endIndex {
                let row = Int(slice[index])
                // Rule 1: manual entries are not reviews.
                if ratings[row] == 0 || states[row] == 5 {
                    report.manualEntriesDropped += 1
                    continue
                }
                self.ratings.append(ratings[row])
                secondsSince1970.append(seconds[row])
                studyDays.append(Int32(clamping: calendar.dayNumber(ofSecondsSince1970: seconds[row])))
            }
            if self.ratings.count > before {
                cardIDs.append(log.cardIDs[order[group]])
                reviewStarts.append(self.ratings.count)
            }
        }
        report.rowsKept = self.ratings.count
        filterReport = report
    }

    private mutating func reserve(reviews: Int, cards: Int) {
        ratings.reserveCapacity(reviews)
        secondsSince1970.reserveCapacity(reviews)
        studyDays.reserveCapacity(reviews)
        cardIDs.reserveCapacity(cards)
        reviewStarts.reserveCapacity(cards + 1)
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
}
