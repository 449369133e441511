#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Review histories as fsrs-rs trains and evaluates on them.
///
/// An **item** is one review of a card on a later study day than the card's previous
/// review, together with the card's whole history before it, same-day reviews included: the
/// memory model replays the history and predicts the probability that this review is
/// recalled (rated Hard, Good or Easy) after the elapsed days. A card reviewed n times on
/// different days gives n − 1 items; a review on the same study day as the one before (a
/// learning step) is part of later items' histories but not an item itself. This is what
/// Anki's `reviews_for_fsrs` and fsrs-rs's `FSRSItem`s are.
///
/// Items are ordered by the time of their last review (then card, then position), which is
/// the order of fsrs-rs's training set: recency weights, time-series folds and "the first k
/// items" all refer to it.
///
/// Everything is stored once, in contiguous arrays: the reviews of every card (rating,
/// elapsed study days), and for each item the position of its review.
public struct TrainingDataset: Sendable {
    /// The cards' ids, in the order of `ReviewTimelines`. For a card scheduler's log
    /// (``init(reviews:calendar:filter:)-([CardReview],_,_)``) each is the decimal text of the
    /// scheduler's `Int64` id (`String(card.id)`), in numerical order, so `Int64(cardIDs[i])`
    /// is the card's id again.
    public let cardIDs: [String]
    /// Where each card's reviews start in ``ratings``; one more entry than there are cards.
    public let reviewStarts: [Int]
    /// Ratings 1–4 of every review, card after card.
    public let ratings: [UInt8]
    /// Study days since the card's previous review (0 for its first review and for a review
    /// on the same study day as the previous one).
    public let elapsedDays: [Double]
    /// When each review happened, in seconds since 1970.
    public let secondsSince1970: [Double]
    /// For each item, in time order, the position of its review in ``ratings``.
    public let itemPositions: [Int32]
    /// For each item, its card.
    public let itemCards: [Int32]
    /// For each card, the position of its first review on a later day than its first review
    /// (its first long-term review), or -1.
    public let firstLongTermPositions: [Int32]
    /// For each review, how many of the card's reviews up to and including it were on a later
    /// day than the review before (long-term reviews).
    let longTermCounts: [Int32]
    /// For each review, how many of the card's earlier reviews were long-term lapses (Again
    /// on a later day).
    let lapseCounts: [Int32]

    /// The number of items.
    public var itemCount: Int { itemPositions.count }
    /// The number of cards.
    public var cardCount: Int { reviewStarts.count - 1 }
    /// The number of reviews.
    public var reviewCount: Int { ratings.count }

    /// Builds the items of every card.
    /// - Complexity: O(n log n) for the sort of the items by time.
    package init(_ timelines: ReviewTimelines) {
        let count = timelines.reviewCount
        let starts = timelines.reviewStarts
        var elapsed = [Double](repeating: 0, count: count)
        var longTerm = [Int32](repeating: 0, count: count)
        var lapses = [Int32](repeating: 0, count: count)
        var firstLongTerm = [Int32](repeating: -1, count: timelines.cardCount)
        var positions: [Int32] = []
        var cards: [Int32] = []
        positions.reserveCapacity(count)
        cards.reserveCapacity(count)
        timelines.studyDays.withUnsafeBufferPointer { days in
            timelines.ratings.withUnsafeBufferPointer { ratings in
                for card in 0 ..< timelines.cardCount {
                    var longTermSoFar: Int32 = 0
                    var lapsesSoFar: Int32 = 0
                    for position in starts[card] ..< starts[card + 1] {
                        let days = position == starts[card] ? 0 : max(0, Int(days[position]) - Int(days[position - 1]))
                        elapsed[position] = Double(days)
                        lapses[position] = lapsesSoFar
                        if days > 0 {
                            longTermSoFar += 1
                            if ratings[position] == 1 { lapsesSoFar += 1 }
                            if firstLongTerm[card] < 0 { firstLongTerm[card] = Int32(position) }
                            positions.append(Int32(position))
                            cards.append(Int32(card))
                        }
                        longTerm[position] = longTermSoFar
                    }
                }
            }
        }
        // Time order: by the review's instant, then card, then position (a stable order that
        // does not depend on the log's row order). Sorting plain keys, not indices into arrays.
        let seconds = timelines.secondsSince1970
        var keys = (0..<positions.count).map { index in
            ItemSortKey(seconds: seconds[Int(positions[index])], card: cards[index], position: positions[index])
        }
        if !zip(keys, keys.dropFirst()).allSatisfy({ !($1 < $0) }) { keys.sort(by: <) }
        cardIDs = timelines.cardIDs
        reviewStarts = starts
        ratings = timelines.ratings
        elapsedDays = elapsed
        secondsSince1970 = seconds
        itemPositions = keys.map(\.position)
        itemCards = keys.map(\.card)
        firstLongTermPositions = firstLongTerm
        longTermCounts = longTerm
        lapseCounts = lapses
    }

    /// Item `index`'s review: its rating, elapsed days and whether it was recalled.
    /// - Complexity: O(1).
    package func item(_ index: Int) -> TrainingItem {
        let position = Int(itemPositions[index])
        let card = Int(itemCards[index])
        return TrainingItem(card: card, position: position, historyLength: position - reviewStarts[card],
                            rating: Int(ratings[position]), elapsedDays: elapsedDays[position],
                            secondsSince1970: secondsSince1970[position])
    }

    /// The bin of fsrs-rs's RMSE (bins) for an item (`FSRSItem::r_matrix_index`): its elapsed
    /// days, its number of long-term reviews plus one, and its earlier long-term lapses, each
    /// on a logarithmic scale.
    func binKey(ofItemAt position: Int) -> UInt64 {
        let days = elapsedDays[position]
        let dayBin = (2.48 * pow(3.62, (log(days) / log(3.62)).rounded(.down)) * 100).rounded()
        let length = Double(longTermCounts[position]) + 1
        let lengthBin = (1.99 * pow(1.89, (log(length) / log(1.89)).rounded(.down))).rounded()
        let lapses = Double(lapseCounts[position])
        let lapseBin = lapses == 0 ? 0 : (1.65 * pow(1.73, (log(lapses) / log(1.73)).rounded(.down))).rounded()
        return UInt64(dayBin) << 32 | UInt64(lengthBin) << 16 | UInt64(lapseBin)
    }
}

/// The order of items: instant, card, position.
private struct ItemSortKey: Comparable {
    var seconds: Double
    var card: Int32
    var position: Int32

    static func < (lhs: ItemSortKey, rhs: ItemSortKey) -> Bool {
        if lhs.seconds != rhs.seconds { return lhs.seconds < rhs.seconds }
        return lhs.card != rhs.card ? lhs.card < rhs.card : lhs.position < rhs.position
    }
}

/// One item of a ``TrainingDataset``: a review on a later day than the card's previous one.
package struct TrainingItem: Sendable, Hashable {
    /// The card (its position in the dataset).
    package var card: Int
    /// The position of the review among all reviews.
    package var position: Int
    /// How many reviews of the card came before it.
    package var historyLength: Int
    /// The rating 1–4.
    package var rating: Int
    /// Study days since the card's previous review (at least 1).
    package var elapsedDays: Double
    /// When it happened, in seconds since 1970.
    package var secondsSince1970: Double

    /// Whether the review was recalled (Hard, Good or Easy).
    package var recalled: Bool { rating > 1 }
}
