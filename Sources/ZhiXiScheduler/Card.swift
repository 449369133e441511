import Foundation
import ZhiXiMemory

/// One item a learner reviews, as the scheduler keeps it: its state, its memory, and when it
/// is due. A plain value of about 100 bytes, no references, so arrays of cards are contiguous
/// and reviewing one allocates nothing.
///
/// Create new cards with ``init(id:due:)``; ``CardScheduler`` produces every later value.
public struct Card: Sendable, Hashable, Identifiable {
    /// The card's identifier, e.g. its creation time in epoch milliseconds (as py-fsrs) or a
    /// database key. It seeds the card's fuzz (see ``FuzzSeed``), so keep it stable.
    public var id: Int64
    /// Where the card is in its life.
    public var state: CardState
    /// The (re)learning step the card is at, 0-based; `nil` for new and review cards.
    public var step: Int?
    /// Stability (days) and difficulty (1–10); `nil` before the first review.
    public var memoryState: MemoryState?
    /// When the card should next be reviewed.
    public var due: Date
    /// When the card was last reviewed; `nil` before the first review.
    public var lastReview: Date?
    /// How many times the card has been reviewed.
    public var reviewCount: Int
    /// How many times the card was forgotten (rated Again) in the review state.
    public var lapses: Int

    /// A new card, due at `due` (typically the moment it is created).
    public init(id: Int64, due: Date) {
        self.init(id: id, state: .new, step: nil, memoryState: nil, due: due, lastReview: nil, reviewCount: 0, lapses: 0)
    }

    /// A card in any state, e.g. restored from storage or imported from another scheduler.
    public init(id: Int64, state: CardState, step: Int?, memoryState: MemoryState?, due: Date,
                lastReview: Date?, reviewCount: Int, lapses: Int) {
        self.id = id
        self.state = state
        self.step = step
        self.memoryState = memoryState
        self.due = due
        self.lastReview = lastReview
        self.reviewCount = reviewCount
        self.lapses = lapses
    }

    /// Days after which the probability of recall falls to 90 %; `nil` before the first review.
    @inlinable public var stability: Double? { memoryState?.stability }

    /// Difficulty from 1 (easiest) to 10 (hardest); `nil` before the first review.
    @inlinable public var difficulty: Double? { memoryState?.difficulty }
}
