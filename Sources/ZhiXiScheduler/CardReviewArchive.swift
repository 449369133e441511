import Foundation
import ZhiXiCore
import ZhiXiMemory

/// The compact archive of a review log: ``ArchivedCardReview``s as the FSRS ecosystem's
/// review-log CSV, written and read directly as UTF-8 bytes (no `JSONEncoder`, no
/// `DateFormatter`, no `String` per field).
///
/// ```
/// card_id,review_time,review_rating,review_state,review_duration
/// 1764400000123,2026-11-29T13:40:00.25Z,3,0,5400
/// 1764400000123,2026-11-29T13:50:00.25Z,3,1,
/// ```
///
/// - `review_time` is ISO-8601 UTC with the shortest fraction of a second (none, 3, 6 or 9
///   digits) that reads back as the same `Date`, as in the scheduler's JSON: a review stamped
///   with `Date()` is restored equal. Reading also takes epoch milliseconds (plain digits) and
///   any ISO-8601 offset, in the years 0000–9999 (UTC), which the writer's form can hold.
/// - `review_rating` 1–4, `review_state` the card's state before the review (0–3),
///   `review_duration` milliseconds or empty when unknown.
///
/// The file is a review log that `zhixi-review optimize`, `evaluate` and `states` (and the
/// FSRS tools that read this CSV) take as it is. A review takes about 55 bytes (a ``CardReview``
/// in JSON, with the card before it, about 350); reading is O(bytes), one pass, with one
/// allocation for the result.
public enum CardReviewArchive {
    /// The header line the writer puts first (without the line break).
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// The archive of some reviews: the header, then one line per review in the order given,
    /// each ending with `\n`. O(n).
    public static func encode<Reviews: Sequence<ArchivedCardReview>>(_ reviews: Reviews) -> Data {
        var text = UTF8Text(capacity: 64 + reviews.underestimatedCount * 56)
        text.append(header)
        text.append(byte: UInt8(ascii: "\n"))
        for review in reviews { append(review, to: &text) }
        return Data(text.bytes)
    }

    /// The archive of a scheduler's review log (each ``CardReview`` without its card before).
    /// O(n).
    public static func encode<Reviews: Sequence<CardReview>>(_ reviews: Reviews) -> Data {
        encode(reviews.lazy.map(ArchivedCardReview.init))
    }

    /// Appends one review's line (with its `\n`) to `text`, for writing an archive in pieces;
    /// start it with ``header`` and a line break.
    public static func append(_ review: ArchivedCardReview, to text: inout UTF8Text) {
        text.append(Int(review.cardID))
        text.append(byte: UInt8(ascii: ","))
        ISO8601Timestamp.append(review.reviewedAt, precision: .nanoseconds, to: &text)
        text.append(byte: UInt8(ascii: ","))
        text.append(review.rating.rawValue)
        text.append(byte: UInt8(ascii: ","))
        text.append(review.stateBefore.rawValue)
        text.append(byte: UInt8(ascii: ","))
        if let duration = review.reviewDurationMilliseconds { text.append(duration) }
        text.append(byte: UInt8(ascii: "\n"))
    }

    /// Reads an archive: a header naming at least `card_id`, `review_time`, `review_rating`
    /// and `review_state` (any order; `review_duration` optional; other columns ignored), then
    /// one review per line. Lines end in `\n` or `\r\n`; blank lines are skipped; a UTF-8
    /// byte-order mark is allowed. O(bytes).
    /// - Throws: ``CardReviewArchiveError`` naming the first missing column, or the line and
    ///   column of the first field that cannot be read.
    public static func decode(_ data: Data) throws(CardReviewArchiveError) -> [ArchivedCardReview] {
        let result: Result<[ArchivedCardReview], CardReviewArchiveError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(CardReviewArchiveError) {
                return .success(try decode(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// ``decode(_:)`` over bytes in memory.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(CardReviewArchiveError) -> [ArchivedCardReview] {
        var reader = LineReader(bytes: bytes)
        guard let headerLine = reader.nextLine() else { throw .missingColumn("card_id") }
        var columns = Columns()
        var fieldIndex = 0
        for field in Fields(bytes: bytes, line: headerLine) {
            var name = String(decoding: UnsafeBufferPointer(rebasing: bytes[field]), as: UTF8.self)
            if fieldIndex == 0, name.hasPrefix("\u{FEFF}") { name.removeFirst() }
            switch name.trimmingCharacters(in: .whitespaces) {
            case "card_id": columns.card = fieldIndex
            case "review_time": columns.time = fieldIndex
            case "review_rating": columns.rating = fieldIndex
            case "review_state": columns.state = fieldIndex
            case "review_duration": columns.duration = fieldIndex
            default: break
            }
            fieldIndex += 1
        }
        for (index, name) in [(columns.card, "card_id"), (columns.time, "review_time"), (columns.rating, "review_rating"),
                              (columns.state, "review_state")] where index < 0 {
            throw .missingColumn(name)
        }
        var reviews: [ArchivedCardReview] = []
        reviews.reserveCapacity(bytes.count / 48)
        var lineNumber = 1
        while let line = reader.nextLine() {
            lineNumber += 1
            if line.isEmpty { continue }
            var card: Int64?, time: Date?, rating: Rating?, state: CardState?, duration: Int?
            var index = 0
            for field in Fields(bytes: bytes, line: line) {
                defer { index += 1 }
                let value = UnsafeBufferPointer(rebasing: bytes[field])
                func invalid(_ column: String, _ expected: String) -> CardReviewArchiveError {
                    .invalidField(line: lineNumber, column: column, value: String(decoding: value, as: UTF8.self), expected: expected)
                }
                switch index {
                case columns.card:
                    guard let number = integer(value) else { throw invalid("card_id", "a whole number (the card's id)") }
                    card = number
                case columns.time:
                    guard let date = timestamp(value) else {
                        throw invalid("review_time",
                                      "an ISO-8601 time such as 2026-11-29T13:40:00Z, or epoch milliseconds, in the years 0000–9999")
                    }
                    time = date
                case columns.rating:
                    guard let number = integer(value), let parsed = Rating(rawValue: Int(number)) else {
                        throw invalid("review_rating", "1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)")
                    }
                    rating = parsed
                case columns.state:
                    guard let number = integer(value), let parsed = CardState(rawValue: Int(number)) else {
                        throw invalid("review_state", "0 (new), 1 (learning), 2 (review) or 3 (relearning)")
                    }
                    state = parsed
                case columns.duration where !value.isEmpty:
                    guard let number = integer(value), number >= 0, number <= Int64(Int32.max) else {
                        throw invalid("review_duration", "milliseconds (a whole number, 0 or more), or nothing")
                    }
                    duration = Int(number)
                default:
                    break
                }
            }
            guard let card else { throw .invalidField(line: lineNumber, column: "card_id", value: "", expected: "the card's id") }
            guard let time else { throw .invalidField(line: lineNumber, column: "review_time", value: "", expected: "a time") }
            guard let rating else { throw .invalidField(line: lineNumber, column: "review_rating", value: "", expected: "a rating 1–4") }
            guard let state else { throw .invalidField(line: lineNumber, column: "review_state", value: "", expected: "a state 0–3") }
            reviews.append(ArchivedCardReview(cardID: card, rating: rating, reviewedAt: time,
                                              reviewDurationMilliseconds: duration, stateBefore: state))
        }
        return reviews
    }

    /// Column positions of the header (-1: absent).
    private struct Columns {
        var card = -1, time = -1, rating = -1, state = -1, duration = -1
    }

    /// A signed whole number of at most 18 digits, or `nil`.
    private static func integer(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !field.isEmpty, field.count <= 19 else { return nil }
        var index = 0
        let negative = field[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < field.count, field.count - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < field.count {
            let digit = field[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// An ISO-8601 timestamp, or epoch milliseconds given as plain digits, in the years
    /// 0000–9999 (UTC), the only ones the writer's timestamps read back; `nil` otherwise.
    private static func timestamp(_ field: UnsafeBufferPointer<UInt8>) -> Date? {
        let date: Date? = if let milliseconds = integer(field) {
            Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        } else {
            ISO8601Timestamp.date(fromUTF8: field)
        }
        guard let date, ISO8601Timestamp.isRepresentable(date) else { return nil }
        return date
    }

    /// The lines of a buffer, without their `\n` or `\r\n`.
    private struct LineReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func nextLine() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let start = position
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            position = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return start ..< end
        }
    }

    /// The comma-separated fields of a line.
    private struct Fields: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        let line: Range<Int>
        var position: Int
        var finished = false

        init(bytes: UnsafeBufferPointer<UInt8>, line: Range<Int>) {
            self.bytes = bytes
            self.line = line
            position = line.lowerBound
        }

        mutating func next() -> Range<Int>? {
            guard !finished else { return nil }
            let start = position
            var end = start
            while end < line.upperBound, bytes[end] != UInt8(ascii: ",") { end += 1 }
            if end == line.upperBound { finished = true }
            position = end + 1
            return start ..< end
        }
    }
}
