/// Why a review log cannot be read. Every case names the place in the file.
public enum ReviewLogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no header row.
    case empty
    /// The header lacks a required column (`card_id`, `review_time` or `review_rating`).
    case missingColumn(String, header: String)
    /// The header names a column the reader uses twice (which one counts would be a guess).
    case repeatedColumn(String, header: String)
    /// A value on a data row cannot be read.
    case invalidField(line: Int, column: String, value: String, expected: String)
    /// A row has fewer fields than the header.
    case missingField(line: Int, column: String)
    /// A quoted field is not closed before the end of the file.
    case unterminatedQuote(line: Int)

    /// What is wrong and where, e.g. `line 12, column review_rating: "5" is not a rating (expected 1 Again, 2 Hard, 3 Good or 4 Easy)`.
    public var description: String {
        switch self {
        case .empty:
            "the file is empty; a review log starts with a header row such as card_id,review_time,review_rating"
        case .missingColumn(let column, let header):
            "line 1: the header has no '\(column)' column (header: \(header)); required columns are card_id, review_time and review_rating"
        case .repeatedColumn(let column, let header):
            "line 1: the header names '\(column)' twice (header: \(header)); which one holds the values would be a guess, so name it once"
        case .invalidField(let line, let column, let value, let expected):
            "line \(line), column \(column): \"\(value)\" is not \(expected)"
        case .missingField(let line, let column):
            "line \(line): the row ends before column \(column)"
        case .unterminatedQuote(let line):
            "line \(line): a quoted field is not closed"
        }
    }
}
