/// Which rows of a review log training uses, as Anki decides when it converts its review
/// log for the FSRS optimizer (`reviews_for_fsrs` in Anki's `rslib`), as far as the CSV
/// carries the information:
///
/// 1. **Manual entries are dropped**: a rating of 0 or `review_state` 5 (set due date,
///    reset, reschedule) is not a review.
/// 2. **A history starts at its last learning phase** (when every row of the card has a
///    `review_state`): working back from the latest review, the card's history starts at
///    the first entry of the last run of learning entries (state 0 or 1); what came before
///    belongs to an earlier life of the card (it was reset and learned again).
/// 3. **A card without a learning entry is dropped** (again only when its rows have states):
///    its history began before the log did, so its first review would be mistaken for the
///    first time the learner saw it.
///
/// What the CSV cannot say is not guessed: a reset cannot be told from a set-due-date entry
/// (Anki tells them by the ease factor, which the CSV lacks), so a manual entry does not
/// cut the history; and a filtered-deck review (state 4) is kept, since the CSV does not say
/// whether the deck rescheduled (Anki drops those that did not). A log without a
/// `review_state` column keeps every graded row.
///
/// The outlier filter of fsrs-rs, which works on items rather than rows, is applied by the
/// optimizer (see `OutlierFilter`).
public struct ReviewLogFilter: Sendable, Hashable {
    /// Apply rules 2 and 3 to cards whose rows all have a recorded state (default `true`).
    public var usesRecordedStates = true

    /// The filter described above.
    public init(usesRecordedStates: Bool = true) {
        self.usesRecordedStates = usesRecordedStates
    }
}

/// What ``ReviewLogFilter`` removed from a log.
public struct ReviewLogFilterReport: Sendable, Hashable {
    /// Rows read from the log.
    public var rowsRead = 0
    /// Manual entries dropped (rating 0 or state 5).
    public var manualEntriesDropped = 0
    /// Rows dropped because they came before the card's last learning phase.
    public var rowsBeforeLastLearningDropped = 0
    /// Cards dropped because their history has no learning entry, and their rows.
    public var cardsWithoutLearningDropped = 0
    /// The rows of those cards.
    public var rowsOfCardsWithoutLearningDropped = 0
    /// Rows kept.
    public var rowsKept = 0

    /// An empty report.
    public init() {}

    /// Whether anything was dropped.
    public var droppedAnything: Bool { rowsKept < rowsRead }
}
