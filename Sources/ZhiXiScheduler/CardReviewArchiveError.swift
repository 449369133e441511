/// Why a ``CardReviewArchive`` cannot be read: what is wrong, where, and what to give.
public enum CardReviewArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header does not name a column the archive needs (`card_id`, `review_time`,
    /// `review_rating` or `review_state`).
    case missingColumn(String)
    /// The header names a column the archive reads twice.
    case repeatedColumn(String)
    /// A field cannot be read: its line (1-based, the header is line 1), column, text and
    /// what was expected.
    case invalidField(line: Int, column: String, value: String, expected: String)

    /// A sentence naming the place and what to give.
    public var description: String {
        switch self {
        case .missingColumn(let name):
            "the header has no '\(name)' column; an archive starts with \(CardReviewArchive.header)"
        case .repeatedColumn(let name):
            "the header names '\(name)' twice; which one holds the values would be a guess, so name it once"
        case .invalidField(let line, let column, let value, let expected):
            "line \(line), column \(column): '\(value)' is not \(expected)"
        }
    }
}
