import ZhiXiCore
import Foundation
import ZhiXiMemory
import ZhiXiModel

/// Reads review logs in the FSRS ecosystem's CSV exchange format.
///
/// The first row is a header naming the columns, in any order:
///
/// | column | required | content |
/// | --- | --- | --- |
/// | `card_id` | yes | the card's id (any text; Anki uses epoch milliseconds) |
/// | `review_time` | yes | epoch milliseconds, or ISO-8601 (`2024-03-29T20:32:32.250000+00:00`, `…Z`) |
/// | `review_rating` | yes | 1 Again, 2 Hard, 3 Good, 4 Easy |
/// | `review_state` | no | Anki's state at the review (0 new, 1 learning, 2 review, 3 relearning) |
/// | `review_duration` | no | milliseconds spent on the review |
///
/// Other columns are ignored. Fields may be quoted with `"` (RFC 4180); blank lines are
/// skipped; a UTF-8 byte-order mark is accepted.
public enum ReviewLogCSV {
    /// Parses a whole review log. O(file size).
    /// - Throws: ``ReviewLogError`` naming the line and column of the first bad value.
    public static func parse(_ data: Data) throws(ReviewLogError) -> [ReviewLogEntry] {
        let rows = try CSVRows(data)
        guard let header = rows.first else { throw .empty }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ name: String, required: Bool) throws(ReviewLogError) -> Int? {
            if let index = names.firstIndex(of: name) { return index }
            if required { throw .missingColumn(name, header: header.fields.joined(separator: ",")) }
            return nil
        }
        let cardColumn = try column("card_id", required: true)!
        let timeColumn = try column("review_time", required: true)!
        let ratingColumn = try column("review_rating", required: true)!
        let stateColumn = try column("review_state", required: false)
        let durationColumn = try column("review_duration", required: false)

        var entries: [ReviewLogEntry] = []
        entries.reserveCapacity(rows.count - 1)
        for row in rows.dropFirst() {
            func field(_ index: Int) throws(ReviewLogError) -> String {
                guard index < row.fields.count else { throw .missingField(line: row.line, column: names[index]) }
                return row.fields[index].trimmingCharacters(in: .whitespaces)
            }
            let cardID = try field(cardColumn)
            if cardID.isEmpty {
                throw .invalidField(line: row.line, column: "card_id", value: cardID, expected: "a card id (it is empty)")
            }
            let timeText = try field(timeColumn)
            guard let seconds = ReviewTimeParser.secondsSince1970(timeText) else {
                throw .invalidField(line: row.line, column: "review_time", value: timeText,
                                    expected: "a time (epoch milliseconds or ISO-8601 such as 2024-03-29T20:32:32Z)")
            }
            let ratingText = try field(ratingColumn)
            guard let ratingValue = Int(ratingText), let rating = Rating(rawValue: ratingValue) else {
                throw .invalidField(line: row.line, column: "review_rating", value: ratingText,
                                    expected: "a rating (expected 1 Again, 2 Hard, 3 Good or 4 Easy)")
            }
            var state: Int?
            if let stateColumn, stateColumn < row.fields.count {
                let text = try field(stateColumn)
                if !text.isEmpty {
                    guard let value = Int(text), (0...4).contains(value) else {
                        throw .invalidField(line: row.line, column: "review_state", value: text,
                                            expected: "a state (0 new, 1 learning, 2 review, 3 relearning)")
                    }
                    state = value
                }
            }
            var duration: Int?
            if let durationColumn, durationColumn < row.fields.count {
                let text = try field(durationColumn)
                if !text.isEmpty {
                    guard let value = Int(text) ?? Double(text).flatMap({ $0.isFinite ? Int($0) : nil }), value >= 0 else {
                        throw .invalidField(line: row.line, column: "review_duration", value: text,
                                            expected: "a duration in milliseconds (a whole number ≥ 0)")
                    }
                    duration = value
                }
            }
            entries.append(ReviewLogEntry(cardID: cardID, reviewedAtSecondsSince1970: seconds, rating: rating,
                                          recordedState: state, durationMilliseconds: duration, line: row.line))
        }
        return entries
    }
}

/// Parses the timestamps of review logs: epoch milliseconds or ISO-8601
/// (`2024-03-29T20:32:32Z`, `2024-03-29T20:32:32.250000+08:00`), the latter with the model's
/// `ISO8601Timestamp` (ZhiXiCore) parser.
public enum ReviewTimeParser {
    /// Seconds since 1970, or `nil` when the text is neither an integer nor ISO-8601.
    public static func secondsSince1970(_ text: String) -> Double? {
        if let milliseconds = Int64(text) { return Double(milliseconds) / 1000 }
        return ISO8601Timestamp.date(from: text)?.timeIntervalSince1970
    }
}

/// The rows of a CSV file with the line each starts on.
struct CSVRows: RandomAccessCollection {
    struct Row {
        var fields: [String]
        var line: Int
    }

    private var rows: [Row] = []
    var startIndex: Int { rows.startIndex }
    var endIndex: Int { rows.endIndex }
    subscript(position: Int) -> Row { rows[position] }

    /// Splits UTF-8 CSV text into rows of fields (RFC 4180 quoting; `\n` or `\r\n`). O(n).
    init(_ data: Data) throws(ReviewLogError) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var index = 0
        var inQuotes = false
        var rowHasContent = false
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inQuotes = true
                    rowHasContent = true
                case UInt8(ascii: ","):
                    endField()
                    rowHasContent = true
                case UInt8(ascii: "\r"):
                    break
                case UInt8(ascii: "\n"):
                    if rowHasContent || !field.isEmpty {
                        endField()
                        rows.append(Row(fields: fields, line: rowLine))
                    }
                    fields.removeAll(keepingCapacity: true)
                    field.removeAll(keepingCapacity: true)
                    rowHasContent = false
                    line += 1
                    rowLine = line
                default:
                    field.append(byte)
                    rowHasContent = true
                }
            }
            index += 1
        }
        if inQuotes { throw .unterminatedQuote(line: rowLine) }
        if rowHasContent || !field.isEmpty {
            endField()
            rows.append(Row(fields: fields, line: rowLine))
        }
    }
}
