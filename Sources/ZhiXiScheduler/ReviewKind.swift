/// What a row of a review log records: an answer given in one of the card's states, or an
/// entry that is not an answer.
///
/// Two numberings meet here. The FSRS review-log CSV's `review_state` is the card's state
/// before the row, 0 new, 1 learning, 2 review, 3 relearning, 4 filtered, 5 manual (the raw
/// values here, which ``rescheduled`` extends with 6); Anki's revlog `type` is 0 learning
/// (new cards included), 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled
/// (``init(ankiType:)``, ``ankiType``).
///
/// - ``filtered``: answered in a filtered deck. In Anki either a review ahead of time in a
///   deck that reschedules (it counts as a review) or cramming in a deck that does not (it
///   does not count); the revlog tells them apart by its factor (`AnkiRevlogFields`), a CSV
///   cannot.
/// - ``manual``: Anki's Set Due Date (factor kept) and Forget (factor 0), never an answer.
/// - ``rescheduled``: Anki rescheduling cards when FSRS parameters changed; never an answer.
public enum ReviewKind: Int8, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// The card's first answer (or its first after a Forget).
    case new = 0
    /// An answer in the learning steps.
    case learning = 1
    /// An answer to a card in review.
    case review = 2
    /// An answer in the relearning steps.
    case relearning = 3
    /// An answer in a filtered deck.
    case filtered = 4
    /// Set Due Date or Forget: not an answer.
    case manual = 5
    /// Rescheduled after a change of parameters: not an answer.
    case rescheduled = 6

    /// The kind of a CSV `review_state` (0–5), or `nil` for another number.
    /// - Complexity: O(1).
    @inlinable
    public init?(csvState: Int) {
        guard (0...5).contains(csvState) else { return nil }
        self.init(rawValue: Int8(csvState))
    }

    /// The CSV `review_state` of the kind (0–5; ``rescheduled`` is written as 5, manual).
    @inlinable
    public var csvState: Int { self == .rescheduled ? 5 : Int(rawValue) }

    /// The kind of an Anki revlog `type` (0 learning, 1 review, 2 relearning, 3 filtered,
    /// 4 manual, 5 rescheduled), or `nil` for another number.
    /// - Complexity: O(1).
    @inlinable
    public init?(ankiType: Int) {
        guard (0...5).contains(ankiType) else { return nil }
        self.init(rawValue: Int8(ankiType + 1))
    }

    /// Anki's revlog `type` of the kind (``new`` is Anki's learning, 0).
    @inlinable
    public var ankiType: Int { self == .new ? 0 : Int(rawValue) - 1 }

    /// The kind of an answer given to a card in `state` (new, learning, review, relearning).
    /// - Complexity: O(1).
    @inlinable
    public init(_ state: CardState) {
        self.init(rawValue: Int8(state.rawValue))!
    }

    /// The card state before the answer, for the four kinds that are one; `nil` otherwise.
    @inlinable
    public var cardState: CardState? { rawValue <= 3 ? CardState(rawValue: Int(rawValue)) : nil }

    /// `true` for ``new`` and ``learning``: an answer in the learning steps, where Anki starts
    /// a card's history.
    @inlinable
    public var isLearning: Bool { self == .new || self == .learning }

    /// The lower-case English name (`"new"`, …, `"rescheduled"`).
    public var description: String {
        switch self {
        case .new: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        case .filtered: "filtered"
        case .manual: "manual"
        case .rescheduled: "rescheduled"
        }
    }
}
