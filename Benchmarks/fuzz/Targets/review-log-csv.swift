// The review-log CSV reader ReviewLogColumns (ZhiXiTraining), the reader of optimize, evaluate
// and states, against a reference written here from its documented format (header on the
// first non-blank row, names trimmed and lower-cased, none of its columns named twice, RFC 4180 quotes, `\n`, `\r\n` or a lone
// `\r`, a byte-order mark, times in epoch milliseconds, epoch seconds when the first is below
// 10¹¹, or ISO-8601, in the years 1900–2200, ratings 0–4, states 0–5, durations as numbers) and two of its habits the
// documentation does not spell out: fields are trimmed of spaces and tabs inside their quotes
// too, and bytes between a closing quote and the next comma are ignored. The two must read
// the same rows, or refuse on the same line with the same kind of error. Then:
// - skipping bad rows: a log read strictly reads the same when skipping, with nothing
//   skipped; a log refused at a row is read when skipping, that row the first one skipped;
//   header errors and an unclosed quote are errors either way;
// - every log read holds together: columns of one length, card positions inside the card
//   list, ids distinct and in order of first appearance, ratings, states and durations in range.
import ZhiXiTraining
import ZhiXiCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReviewLogCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let input = Data(buffer: bytes)
    let strict = Result { () throws(ReviewLogError) -> ReviewLogColumns in try ReviewLogColumns(csv: input) }
    let lenient = Result { () throws(ReviewLogError) -> ReviewLogColumns in try ReviewLogColumns(csv: input, skippingBadRows: true) }
    for log in [strict, lenient] { if case .success(let log) = log { checkHoldsTogether(log) } }
    switch (strict, lenient) {
    case (.success(let log), .success(let skipping)):
        fuzzCheck(skipping.skippedRowCount == 0 && sameRows(log, skipping), "skipping bad rows changes a log without bad rows")
    case (.success, .failure(let error)):
        fuzzFinding("a log read strictly is refused when skipping bad rows: \(error)")
    case (.failure(let error), .success(let skipping)):
        switch error {
        case .invalidField, .missingField:
            fuzzCheck(skipping.skippedRows.first == error, "skipping bad rows, the first skipped is \(skipping.skippedRows.first.map { "\($0)" } ?? "none"), not \(error)")
        default:
            fuzzFinding("\(error) is excused by skipping bad rows")
        }
    case (.failure(let error), .failure(let skippingError)):
        switch error {
        case .invalidField, .missingField:
            guard case .unterminatedQuote = skippingError else {
                fuzzFinding("a bad row (\(error)) fails the read even when skipping: \(skippingError)")
            }
        default:
            fuzzCheck(error == skippingError, "the strict error is \(error), the skipping one \(skippingError)")
        }
    }
    var reference = ReferenceLogReader(bytes: Array(bytes))
    let expected = reference.read()
    switch (strict, expected) {
    case (.success(let log), .success(let rows)):
        fuzzCheck(log.cardIDs.map { Array($0.utf8) } == rows.cardIDs, "card ids \(log.cardIDs.map(fuzzQuoted)), the reference's "
                    + "\(rows.cardIDs.map { fuzzQuoted(String(decoding: $0, as: UTF8.self)) })")
        fuzzCheck(log.cardIndices == rows.cards && log.ratings == rows.ratings && log.states == rows.states
                    && log.durationsMilliseconds == rows.durations
                    && log.secondsSince1970.map(\.bitPattern) == rows.seconds.map(\.bitPattern)
                    && log.numericTimesAreSeconds == rows.numericTimesAreSeconds
                    && log.hasStateColumn == rows.hasState && log.hasDurationColumn == rows.hasDuration,
                  "the rows differ from the reference's: \(log.rowCount) rows, \(log.cardIndices) \(log.secondsSince1970) "
                    + "\(log.ratings) \(log.states) \(log.durationsMilliseconds); reference \(rows)")
    case (.success(let log), .failure(let failure)):
        fuzzFinding("the reader reads \(log.rowCount) rows, the reference refuses the log: \(failure)")
    case (.failure(let error), .success(let rows)):
        fuzzFinding("the reader refuses the log (\(error)), the reference reads \(rows.ratings.count) rows")
    case (.failure(let error), .failure(let failure)):
        fuzzCheck(ReferenceLogReader.Failure(error) == failure, "the reader refuses with \(error), the reference with \(failure)")
    }
    return 0
}

/// Whether two logs hold the same rows and cards.
func sameRows(_ first: ReviewLogColumns, _ second: ReviewLogColumns) -> Bool {
    first.cardIDs == second.cardIDs && first.cardIndices == second.cardIndices && first.ratings == second.ratings
        && first.states == second.states && first.durationsMilliseconds == second.durationsMilliseconds
        && first.secondsSince1970.map(\.bitPattern) == second.secondsSince1970.map(\.bitPattern)
        && first.numericTimesAreSeconds == second.numericTimesAreSeconds
        && first.hasStateColumn == second.hasStateColumn && first.hasDurationColumn == second.hasDurationColumn
}

/// The invariants of a log that was read.
func checkHoldsTogether(_ log: ReviewLogColumns) {
    let count = log.rowCount
    fuzzCheck(log.cardIndices.count == count && log.secondsSince1970.count == count && log.states.count == count
                && log.durationsMilliseconds.count == count, "the columns have different lengths")
    fuzzCheck(Set(log.cardIDs).count == log.cardIDs.count, "a card id is listed twice")
    var next: Int32 = 0
    for card in log.cardIndices {
        fuzzCheck(card >= 0 && Int(card) < log.cardIDs.count && card <= next, "card position \(card) out of order or range")
        if card == next { next += 1 }
    }
    fuzzCheck(Int(next) == log.cardIDs.count, "a listed card has no row")
    fuzzCheck(log.ratings.allSatisfy { $0 <= 4 }, "a rating above 4")
    fuzzCheck(log.states.allSatisfy { (-1 ... 5).contains($0) && (log.hasStateColumn || $0 == -1) }, "a state out of range")
    fuzzCheck(log.durationsMilliseconds.allSatisfy { $0 >= -1 && (log.hasDurationColumn || $0 == -1) }, "a duration out of range")
    fuzzCheck(log.secondsSince1970.allSatisfy(\.isFinite), "a time that is not finite")
    fuzzCheck(log.skippedRowCount >= log.skippedRows.count && log.skippedRows.count <= ReviewLogColumns.maximumReportedSkips,
              "the skipped rows are miscounted")
}

/// The reference reader: the documented format, read field by field.
struct ReferenceLogReader {
    let bytes: [UInt8]
    var position = 0
    var line = 1

    /// A refusal: its kind and line (the wording is the reader's own).
    struct Failure: Error, Equatable, CustomStringConvertible {
        var kind: String
        var line: Int
        var column: String

        init(kind: String, line: Int = 0, column: String = "") {
            (self.kind, self.line, self.column) = (kind, line, column)
        }

        init(_ error: ReviewLogError) {
            switch error {
            case .empty: self.init(kind: "empty")
            case .missingColumn(let column, _): self.init(kind: "missingColumn", column: column)
            case .repeatedColumn(let column, _): self.init(kind: "repeatedColumn", column: column)
            case .invalidField(let line, let column, _, _): self.init(kind: "invalidField", line: line, column: column)
            case .missingField(let line, let column): self.init(kind: "missingField", line: line, column: column)
            case .unterminatedQuote(let line): self.init(kind: "unterminatedQuote", line: line)
            }
        }

        var description: String { "\(kind) line \(line) column \(column)" }
    }

    /// One field: its bytes inside the quotes (doubled quotes still doubled) and whether it had any.
    struct Field {
        var raw: [UInt8]
        var doubledQuotes: Bool

        /// Without spaces and tabs at either end.
        var trimmed: Field {
            var raw = self.raw[...]
            while let first = raw.first, first == 0x20 || first == 0x09 { raw.removeFirst() }
            while let last = raw.last, last == 0x20 || last == 0x09 { raw.removeLast() }
            return Field(raw: Array(raw), doubledQuotes: doubledQuotes)
        }

        /// The value: doubled quotes made single.
        var unescaped: [UInt8] {
            guard doubledQuotes else { return raw }
            var result: [UInt8] = []
            var index = 0
            while index < raw.count {
                result.append(raw[index])
                index += raw[index] == UInt8(ascii: "\"") ? 2 : 1
            }
            return result
        }

        var text: String { String(decoding: unescaped, as: UTF8.self) }
    }

    struct Rows: CustomStringConvertible {
        var cardIDs: [[UInt8]] = []
        var cards: [Int32] = []
        var seconds: [Double] = []
        var ratings: [UInt8] = []
        var states: [Int8] = []
        var durations: [Int32] = []
        var numericTimesAreSeconds = false
        var hasState = false
        var hasDuration = false

        var description: String { "\(cards) \(seconds) \(ratings) \(states) \(durations) seconds: \(numericTimesAreSeconds)" }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// The next row's fields and the line it starts on; `nil` fields for a blank line.
    mutating func nextRow() -> Result<[Field]?, Failure> {
        let startLine = line
        var fields: [Field] = []
        var quotedAny = false
        func isEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D }
        while true {
            var field = Field(raw: [], doubledQuotes: false)
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                quotedAny = true
                position += 1
                while true {
                    guard position < bytes.count else { return .failure(Failure(kind: "unterminatedQuote", line: startLine)) }
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\"") {
                            field.raw += [byte, byte]
                            field.doubledQuotes = true
                            position += 2
                            continue
                        }
                        position += 1
                        break
                    }
                    if byte == 0x0A || (byte == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) { line += 1 }
                    field.raw.append(byte)
                    position += 1
                }
                while position < bytes.count, !isEnd(bytes[position]) { position += 1 }   // ignored after the closing quote
            } else {
                while position < bytes.count, !isEnd(bytes[position]) {
                    field.raw.append(bytes[position])
                    position += 1
                }
            }
            fields.append(field)
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
            position += 1
        }
        if position < bytes.count {
            position += bytes[position] == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
        }
        line += 1
        if fields.count == 1, !quotedAny, fields[0].raw.isEmpty { return .success(nil) }
        return .success(fields)
    }

    /// A whole number: an optional sign and 1–18 digits.
    static func integer(_ raw: [UInt8]) -> Int64? {
        var digits = raw[...]
        var negative = false
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard (1 ... 18).contains(digits.count), digits.allSatisfy({ (0x30 ... 0x39).contains($0) }),
              let value = Int64(String(decoding: digits, as: UTF8.self))
        else { return nil }
        return negative ? -value : value
    }

    mutating func read() -> Result<Rows, Failure> {
        var header: [Field]?
        while position < bytes.count, header == nil {
            switch nextRow() {
            case .failure(let failure): return .failure(failure)
            case .success(let fields): header = fields
            }
        }
        guard let header else { return .failure(Failure(kind: "empty")) }
        let names = header.map { field in
            let text = String(decoding: field.raw, as: UTF8.self)
            return (field.doubledQuotes ? text.replacingOccurrences(of: "\"\"", with: "\"") : text)
                .trimmingCharacters(in: .whitespaces).lowercased()
        }
        // A column the reader uses named twice is refused before any is looked for.
        var seen: Set<String> = []
        for name in names where ["card_id", "review_time", "review_rating", "review_state", "review_duration"].contains(name) {
            guard seen.insert(name).inserted else { return .failure(Failure(kind: "repeatedColumn", column: name)) }
        }
        var columns: [Int] = []
        for name in ["card_id", "review_time", "review_rating"] {
            guard let index = names.firstIndex(of: name) else { return .failure(Failure(kind: "missingColumn", column: name)) }
            columns.append(index)
        }
        let stateColumn = names.firstIndex(of: "review_state")
        let durationColumn = names.firstIndex(of: "review_duration")
        var rows = Rows(hasState: stateColumn != nil, hasDuration: durationColumn != nil)
        var timeDivisor: Double?
        while position < bytes.count {
            let rowLine = line
            let fields: [Field]
            switch nextRow() {
            case .failure(let failure): return .failure(failure)
            case .success(nil): continue
            case .success(let row?): fields = row
            }
            func refuse(_ column: String) -> Result<Rows, Failure> { .failure(Failure(kind: "invalidField", line: rowLine, column: column)) }
            for (index, name) in zip(columns, ["card_id", "review_time", "review_rating"]) where index >= fields.count {
                return .failure(Failure(kind: "missingField", line: rowLine, column: name))
            }
            let card = fields[columns[0]].trimmed
            guard !card.raw.isEmpty, String(validating: card.raw, as: UTF8.self) != nil else { return refuse("card_id") }
            let time = fields[columns[1]].trimmed.raw
            let seconds: Double
            if let number = Self.integer(time) {
                let divisor: Double = abs(number) < 100_000_000_000 ? 1 : 1000
                if timeDivisor == nil { timeDivisor = divisor; rows.numericTimesAreSeconds = divisor == 1 }
                guard divisor == timeDivisor else { return refuse("review_time") }
                seconds = Double(number) / divisor
            } else if let date = time.withUnsafeBufferPointer({ ISO8601Timestamp.date(fromUTF8: $0) }) {
                seconds = date.timeIntervalSince1970
            } else {
                return refuse("review_time")
            }
            guard SupportedYears.contains(secondsSince1970: seconds) else { return refuse("review_time") }
            let rating = fields[columns[2]].trimmed.raw
            guard rating.count == 1, (0x30 ... 0x34).contains(rating[0]) else { return refuse("review_rating") }
            var state: Int8 = -1
            if let stateColumn, stateColumn < fields.count, case let raw = fields[stateColumn].trimmed.raw, !raw.isEmpty {
                guard raw.count == 1, (0x30 ... 0x35).contains(raw[0]) else { return refuse("review_state") }
                state = Int8(raw[0] - 0x30)
            }
            var duration: Int32 = -1
            if let durationColumn, durationColumn < fields.count, case let field = fields[durationColumn].trimmed, !field.raw.isEmpty {
                guard let value = Self.integer(field.raw).map(Double.init) ?? Double(field.text), value >= 0, value.isFinite else {
                    return refuse("review_duration")
                }
                duration = Int32(clamping: Int64(min(value.rounded(), 1e15)))
            }
            let id = card.unescaped
            if let known = rows.cardIDs.firstIndex(of: id) {
                rows.cards.append(Int32(known))
            } else {
                rows.cards.append(Int32(rows.cardIDs.count))
                rows.cardIDs.append(id)
            }
            rows.seconds.append(seconds)
            rows.ratings.append(rating[0] - 0x30)
            rows.states.append(state)
            rows.durations.append(duration)
        }
        return .success(rows)
    }
}
