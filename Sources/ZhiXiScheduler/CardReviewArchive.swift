import Foundation
import ZhiXiCore
import ZhiXiMemory

/// The compact archive of a review log: ``ReviewLogRow``s as the FSRS ecosystem's
/// review-log CSV, written directly as UTF-8 bytes (no `JSONEncoder`, no `DateFormatter`, no
/// `String` per field) and read by the package's one reader of that CSV (the reader of
/// ``ReviewLogColumns``).
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
///   any ISO-8601 offset.
/// - `review_rating` 1–4 (0 for an entry that is not an answer), `review_state` the row's
///   kind (``ReviewKind/csvState``: for the scheduler's rows the card's state before the
///   review, 0–3), `review_duration` milliseconds or empty when unknown.
///
/// The file is a review log that `zhixi-review optimize`, `evaluate` and `states` (and the
/// FSRS tools that read this CSV) take as it is. A review takes about 44 bytes (a ``CardReview``
/// in JSON, with the card before it, about 340); reading is O(bytes), one pass. Anki's own
/// fields of a row (``ReviewLogRow/anki``) are not written: the CSV has no columns for them.
public enum CardReviewArchive {
    /// The header line the writer puts first (without the line break).
    public static let header = "card_id,review_time,review_rating,review_state,review_duration"

    /// The archive of some rows: the header, then one line per row in the order given, each
    /// ending with `\n`.
    /// - Complexity: O(n).
    public static func encode<Rows: Sequence<ReviewLogRow>>(_ rows: Rows) -> Data {
        var text = UTF8Text(capacity: 64 + rows.underestimatedCount * 56)
        text.append(header)
        text.append(byte: UInt8(ascii: "\n"))
        for row in rows { append(row, to: &text) }
        return Data(text.bytes)
    }

    /// The archive of a scheduler's review log (each ``CardReview``'s row).
    /// - Complexity: O(n).
    public static func encode<Reviews: Sequence<CardReview>>(_ reviews: Reviews) -> Data {
        encode(reviews.lazy.map(\.row))
    }

    /// Appends one row's line (with its `\n`) to `text`, for writing an archive in pieces;
    /// start it with ``header`` and a line break.
    /// - Complexity: Amortised O(line length).
    package static func append(_ row: ReviewLogRow, to text: inout UTF8Text) {
        text.append(Int(row.cardID))
        text.append(byte: UInt8(ascii: ","))
        ISO8601Timestamp.append(row.reviewedAt, precision: .nanoseconds, to: &text)
        text.append(byte: UInt8(ascii: ","))
        text.append(row.rating?.rawValue ?? 0)
        text.append(byte: UInt8(ascii: ","))
        if let kind = row.kind { text.append(kind.csvState) }
        text.append(byte: UInt8(ascii: ","))
        if let duration = row.reviewDurationMilliseconds { text.append(duration) }
        text.append(byte: UInt8(ascii: "\n"))
    }

    /// Reads an archive, or any FSRS review-log CSV whose card ids are whole numbers: a header
    /// naming at least `card_id`, `review_time` and `review_rating` (any order; `review_state`
    /// and `review_duration` optional; other columns ignored), then one row per line, as
    /// ``ReviewLogColumns/init(csv:skippingBadRows:)`` reads them.
    /// - Throws: ``ReviewLogError`` naming the first missing column, or the line and column of
    ///   the first field that cannot be read (a card id that is not a whole number among them).
    /// - Complexity: O(bytes).
    public static func decode(_ data: Data) throws(ReviewLogError) -> [ReviewLogRow] {
        var sink = RowSink()
        try ReviewLogReader.read(data, skippingBadRows: false, into: &sink)
        return sink.rows
    }

    /// The rows of an archive, each card's id a whole number.
    private struct RowSink: ReviewLogSink {
        var rows: [ReviewLogRow] = []
        var cardIDs: [Int64] = []
        mutating func reserve(rows count: Int) { rows.reserveCapacity(count * 24 / 40) }  // an archive row is about 44 bytes
        mutating func setHasStateColumn() {}
        mutating func setHasDurationColumn() {}
        mutating func setNumericTimesAreSeconds() {}
        mutating func acceptCard(_ id: UnsafeBufferPointer<UInt8>) -> String? {
            guard let number = CardReviewArchive.integer(id) else { return "a whole number (the card's id)" }
            cardIDs.append(number)
            return nil
        }
        @inline(__always)
        mutating func appendRow(card: Int32, seconds: Double, date: Date?, rating: UInt8, state: Int8, duration: Int32) {
            rows.append(ReviewLogRow(cardID: cardIDs[Int(card)], reviewedAt: date ?? Date(timeIntervalSince1970: seconds),
                                     rating: Rating(rawValue: Int(rating)), kind: ReviewKind(rawValue: state),
                                     reviewDurationMilliseconds: duration < 0 ? nil : Int(duration)))
        }
        mutating func noteSkipped(_ error: ReviewLogError) {}
        mutating func finish(cardIDs: @autoclosure () -> [String]) {}
    }

    /// A signed whole number of at most 18 digits, or `nil`.
    static func integer(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
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
}
