import Foundation

/// Anki's rules for turning a card's review log into its FSRS history (`reviews_for_fsrs` in
/// Anki's `rslib/src/scheduler/fsrs/params.rs`), as far as the log carries what they read:
/// the one set of rules every command applies (`ReviewTimelines/init(log:days:filter:)`),
/// for fitting and evaluating (``Purpose/training``) and for memory states
/// (``Purpose/memoryState``). docs/ANKI.md states them with the Anki functions they come
/// from; in short:
///
/// 1. **Not answers are left out**: a row rated 0 (Anki's button 0), or of kind manual or
///    rescheduled (Set Due Date, Forget, rescheduling).
/// 2. **Cramming is left out**: an answer in a filtered deck that does not reschedule (Anki:
///    kind filtered with factor 0). A review ahead of time in a deck that reschedules (kind
///    filtered, factor kept) counts.
/// 3. **A history starts at the card's last learning phase** (when every row of the card has
///    a kind): working back from the latest row, the first row of the last run of learning
///    answers; a Forget (Anki: manual with factor 0) before it, or any other row, ends the run.
/// 4. **A card without one**: for training it is left out (its history began before the log
///    did); for a memory state its history starts at its first answer that left the card for
///    a later day (Anki: interval ≥ 1 day) after the cutoff, or after a Forget that was
///    followed by answers, and Anki infers the memory before that first answer from its
///    interval and factor as from SM-2 (`ReviewTimelines/startingState(ofCard:model:historicalRetention:)`).
///    A card whose last row is a Forget has no history.
/// 5. **"Ignore reviews before"** (``ignoreBefore``): for training a card whose last learning
///    phase began before it is left out; for a memory state such a learning phase is passed
///    over (unless it is the card's last row) and rule 4 applies to rows after the cutoff.
///
/// What a CSV cannot say is not guessed: without Anki's factor a Forget cannot be told from
/// Set Due Date, nor cramming from a review ahead of time, so in a CSV a manual row never
/// ends a history in rule 4's way and every filtered row counts; without Anki's interval
/// every answer counts as leaving the card for a later day, and without the factor a history
/// of rule 4 starts from scratch at its first answer. A log without a `review_state` column
/// keeps every answer (rules 1 to 5 need the kinds). Rows that repeat an earlier row of the
/// same card exactly (instant, rating, kind) are left out too: Anki's revlog cannot hold them,
/// a CSV pasted twice can.
///
/// The outlier filter of fsrs-rs, which works on items rather than rows, is applied by the
/// optimizer (see `OutlierFilter`).
public struct ReviewLogFilter: Sendable, Hashable {
    /// What the histories are for: Anki's rules differ in rules 4 and 5.
    public enum Purpose: Sendable, Hashable {
        /// Fitting and evaluating parameters (Anki's `fsrs_items_for_training`).
        case training
        /// A card's memory state (Anki's `fsrs_item_for_memory_state`, `compute_memory_state`).
        case memoryState
    }

    /// The order of the cards in the histories.
    public enum CardOrder: Sendable, Hashable {
        /// By id, numerically when every id is an integer (Anki's card order): the order of
        /// training sets.
        case byID
        /// In order of first appearance in the log.
        case firstAppearance
    }

    /// What the histories are for (default ``Purpose/training``).
    public var purpose: Purpose
    /// Apply rules 3 to 5 to cards whose rows all have a kind (default `true`).
    public var usesRecordedStates: Bool
    /// Anki's "ignore reviews before": rows at or before this instant do not start a history
    /// (`nil`, the default: none). Anki stores a date and uses its midnight UTC.
    public var ignoreBefore: Date?
    /// The order of the cards (default ``CardOrder/byID``).
    public var cardOrder: CardOrder

    /// The rules described above.
    /// - Complexity: O(1).
    public init(purpose: Purpose = .training, usesRecordedStates: Bool = true, ignoreBefore: Date? = nil,
                cardOrder: CardOrder = .byID) {
        self.purpose = purpose
        self.usesRecordedStates = usesRecordedStates
        self.ignoreBefore = ignoreBefore
        self.cardOrder = cardOrder
    }

    /// The rules for a card's memory state, cards in order of first appearance (what
    /// `states` and `simulate --revlog` replay).
    public static let memoryState = ReviewLogFilter(purpose: .memoryState, cardOrder: .firstAppearance)

    /// These rules with Anki's "ignore reviews before" `date` (a preset's, or `nil` for
    /// none: then the rules are kept as they are).
    ///
    /// - Complexity: O(1).
    /// - Parameter date: the instant at or before which rows do not start a history.
    /// - Returns: the rules, ignoring rows before `date`.
    public func ignoring(reviewsBefore date: Date?) -> ReviewLogFilter {
        var filter = self
        if let date { filter.ignoreBefore = date }
        return filter
    }
}

/// What ``ReviewLogFilter`` removed from a log.
package struct ReviewLogFilterReport: Sendable, Hashable {
    /// Rows read from the log.
    package var rowsRead = 0
    /// Rows that repeat an earlier row of the card exactly, dropped.
    package var duplicateRowsDropped = 0
    /// Rows that are not answers (rating 0, manual, rescheduled), dropped.
    package var manualEntriesDropped = 0
    /// Answers in a filtered deck that does not reschedule (cramming), dropped.
    package var crammingDropped = 0
    /// Rows dropped because they came before the start of the card's history (its last
    /// learning phase, a Forget, the cutoff).
    package var rowsBeforeLastLearningDropped = 0
    /// Cards dropped because their history has no learning phase (training), and their rows.
    package var cardsWithoutLearningDropped = 0
    /// The rows of those cards.
    package var rowsOfCardsWithoutLearningDropped = 0
    /// Cards dropped because their history began before "ignore reviews before", or whose
    /// last row is a Forget, and their rows.
    package var cardsWithoutHistoryDropped = 0
    /// The rows of those cards.
    package var rowsOfCardsWithoutHistoryDropped = 0
    /// Cards kept whose history does not start at a learning step (memory states only):
    /// Anki infers their first memory from the first row's interval and factor.
    package var incompleteHistories = 0
    /// Rows kept.
    package var rowsKept = 0

    /// An empty report.
    /// - Complexity: O(1).
    package init() {}

    /// Whether anything was dropped.
    package var droppedAnything: Bool { rowsKept < rowsRead }
}
