/// How well a learner recalled an item at a review, on the four-button scale that FSRS,
/// Anki and py-fsrs share.
///
/// The raw values are the numbers used in review logs and in the FSRS formulas
/// (1 Again, 2 Hard, 3 Good, 4 Easy); `Codable` as that number, as every FSRS library
/// stores it.
public enum Rating: Int, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    /// Forgot: the answer was not recalled (a lapse).
    case again = 1
    /// Recalled with serious difficulty.
    case hard = 2
    /// Recalled after some hesitation: the ordinary successful review.
    case good = 3
    /// Recalled effortlessly.
    case easy = 4

    /// `true` for Hard, Good and Easy: the item was recalled.
    @inlinable public var isRecall: Bool { self != .again }

    /// The lower-case English name (`"again"`, `"hard"`, `"good"`, `"easy"`).
    public var description: String {
        switch self {
        case .again: "again"
        case .hard: "hard"
        case .good: "good"
        case .easy: "easy"
        }
    }

    /// Orders ratings by their raw value, Again lowest.
    /// - Complexity: O(1).
    @inlinable public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}
