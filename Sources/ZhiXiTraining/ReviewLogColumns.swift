import Foundation
import ZhiXiCore

/// A review log read for training: one column per field, one entry per row, card ids
/// stored once per card. The reader works on the file's bytes in place (map the file with
/// `Data(contentsOf:options: .alwaysMapped)`), so a log of millions of rows is held once,
/// in these columns, and never as text or as one object per row.
///
/// The format is the FSRS ecosystem's review-log CSV (a header; `card_id`, `review_time`
/// in epoch milliseconds or ISO-8601, `review_rating`, optional `review_state` and
/// `review_duration` (milliseconds, a whole number); any column
/// order; other columns ignored; RFC 4180 quoting; `\n` or `\r\n`; a byte-order mark), with
/// these additions:
///
/// - Lines may end with `\n`, `\r\n` or a lone `\r` (old Mac files).
/// - `review_time` as a plain number is epoch milliseconds; a log whose numbers are all below
///   10¹¹ (before 1973 as milliseconds) is read as epoch seconds instead, and says so in
///   ``numericTimesAreSeconds``; a row whose number has the other unit is refused, naming it.
/// - A card id that is not valid UTF-8 is refused, naming its line.
///
/// and two that training needs from Anki's exports:
///
/// - `review_rating` 0 is accepted: Anki writes it for manual entries (set due date, reset,
///   reschedule), which are not reviews; the training filter drops them.
/// - `review_state` is read with the FSRS ecosystem's numbering: 0 new, 1 learning,
///   2 review, 3 relearning, 4 filtered (cram), 5 manual.
///
/// ```swift
/// let data = try Data(contentsOf: url, options: .alwaysMapped)
/// let log = try ReviewLogColumns(csv: data)          // throws at the first bad row
/// let lenient = try ReviewLogColumns(csv: data, skippingBadRows: true)
/// print(lenient.rowCount, lenient.skippedRowCount)
/// ```
public struct ReviewLogColumns: Sendable {
    /// The distinct card ids, in order of first appearance.
    public private(set) var cardIDs: [String] = []
    /// For each row, the position of its card in ``cardIDs``.
    public private(set) var cardIndices: [Int32] = []
    /// For each row, when the review happened, in seconds since 1970-01-01 UTC.
    public private(set) var secondsSince1970: [Double] = []
    /// For each row, the rating: 1 Again, 2 Hard, 3 Good, 4 Easy, or 0 for a manual entry.
    public private(set) var ratings: [UInt8] = []
    /// For each row, the recorded state (0–5, see the type's description), or -1 when the
    /// log has no `review_state` column or the field is empty.
    public private(set) var states: [Int8] = []
    /// Whether the log has a `review_state` column.
    public private(set) var hasStateColumn = false
    /// For each row, how long the answer took in milliseconds, or -1 when the log has no
    /// `review_duration` column or the field is empty.
    public private(set) var durationsMilliseconds: [Int32] = []
    /// Whether the log has a `review_duration` column.
    public private(set) var hasDurationColumn = false
    /// Whether plain-number review times were read as epoch seconds (all of them were below
    /// 10¹¹) rather than milliseconds.
    public private(set) var numericTimesAreSeconds = false
    /// How many data rows were skipped because they could not be read (only when reading
    /// with `skippingBadRows`).
    public private(set) var skippedRowCount = 0
    /// The first few reasons rows were skipped (at most ``maximumReportedSkips``), with
    /// their line numbers.
    public private(set) var skippedRows: [ReviewLogError] = []
    /// How many skipped rows are described in ``skippedRows`` at most.
    public static let maximumReportedSkips = 10

    /// The number of rows read.
    public var rowCount: Int { ratings.count }

    /// An empty log, to be filled with ``append(cardID:secondsSince1970:rating:state:durationMilliseconds:)``.
    public init() {}

    /// Reads a review log from CSV bytes. O(bytes); one pass, no per-row allocation (a card
    /// id is turned into a `String` once, when the card first appears).
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8).
    ///   - skippingBadRows: when `true`, a row that cannot be read is counted in
    ///     ``skippedRowCount`` (and described in ``skippedRows``) instead of failing.
    /// - Throws: ``ReviewLogError`` naming the line and column of the first bad row (or a
    ///   header problem, which `skippingBadRows` does not excuse).
    public init(csv data: Data, skippingBadRows: Bool = false) throws(ReviewLogError) {
        var reader = Reader(skippingBadRows: skippingBadRows)
        let outcome: ReviewLogError? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(ReviewLogError) {
                try reader.read(bytes, into: &self)
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
        cardIDs = reader.finishCardIDs()
    }

    /// Appends one row, creating the card if it is new. Amortised O(1) expected.
    /// - Parameters:
    ///   - cardID: the card's id.
    ///   - seconds: when the review happened, in seconds since 1970.
    ///   - rating: 1–4, or 0 for a manual entry.
    ///   - state: 0–5, or -1 for none.
    ///   - durationMilliseconds: how long the answer took, or -1 when unknown.
    public mutating func append(cardID: String, secondsSince1970 seconds: Double, rating: UInt8, state: Int8 = -1,
                                durationMilliseconds: Int32 = -1) {
        precondition(rating <= 4, "ratings are 0 (manual) or 1–4")
        if appendedIndex == nil {
            var index: [String: Int32] = [:]
            for (position, id) in cardIDs.enumerated() { index[id] = Int32(position) }
            appendedIndex = index
        }
        let card: Int32
        if let known = appendedIndex?[cardID] {
            card = known
        } else {
            card = Int32(cardIDs.count)
            cardIDs.append(cardID)
            appendedIndex?[cardID] = card
        }
        if state >= 0 { hasStateColumn = true }
        if durationMilliseconds >= 0 { hasDurationColumn = true }
        appendRow(card: card, seconds: seconds, rating: rating, state: state, duration: durationMilliseconds)
    }

    /// Card id → position, built on the first ``append(cardID:secondsSince1970:rating:state:durationMilliseconds:)``.
    private var appendedIndex: [String: Int32]?

    fileprivate mutating func appendRow(card: Int32, seconds: Double, rating: UInt8, state: Int8, duration: Int32) {
        cardIndices.append(card)
        secondsSince1970.append(seconds)
        ratings.append(rating)
        states.append(state)
        durationsMilliseconds.append(duration)
    }

    mutating func reserve(rows: Int) {
        cardIndices.reserveCapacity(rows)
        secondsSince1970.reserveCapacity(rows)
        ratings.reserveCapacity(rows)
        states.reserveCapacity(rows)
        durationsMilliseconds.reserveCapacity(rows)
    }

    fileprivate mutating func noteSkipped(_ error: ReviewLogError) {
        skippedRowCount += 1
        if skippedRows.count < Self.maximumReportedSkips { skippedRows.append(error) }
    }

    fileprivate mutating func setHasStateColumn() { hasStateColumn = true }

    fileprivate mutating func setHasDurationColumn() { hasDurationColumn = true }

    fileprivate mutating func setNumericTimesAreSeconds() { numericTimesAreSeconds = true }
}
/// The byte-level CSV reader behind ``ReviewLogColumns/init(csv:skippingBadRows:)``.
private struct Reader {
    let skippingBadRows: Bool
    /// Card ids seen so far: their bytes, back to back, and an open-addressing table of
    /// card positions keyed by the FNV-1a hash of the bytes.
    var idBytes: [UInt8] = []
    var idStarts: [Int] = [0]
    var slots = [Int32](repeating: -1, count: 1024)
    var slotHashes = [UInt64](repeating: 0, count: 1024)
    var cardCount = 0
    /// Unescaped bytes of a quoted card id with doubled quotes.
    var scratch: [UInt8] = []
    /// The unit of plain-number times, fixed by the first one: 0 not yet known, 1000 for
    /// milliseconds, 1 for seconds.
    var numericTimeDivisor: Double = 0

    init(skippingBadRows: Bool) {
        self.skippingBadRows = skippingBadRows
    }

    /// The ids as strings, in order of first appearance.
    func finishCardIDs() -> [String] {
        (0..<cardCount).map { String(decoding: idBytes[idStarts[$0] ..< idStarts[$0 + 1]], as: UTF8.self) }
    }

    /// A field of the current row: a range of the file's bytes (inside the quotes when
    /// quoted) and whether doubled quotes inside it must be unescaped.
    struct Field {
        var start = 0
        var end = 0
        var escaped = false
    }

    /// The fields of a data row that the reader needs, and how many fields the row has.
    struct RowFields {
        var card = Field(), time = Field(), rating = Field(), state = Field(), duration = Field()
        var count = 0
    }

    /// The columns the reader needs, by position in the header.
    struct Columns {
        var names: [String]
        var card: Int
        var time: Int
        var rating: Int
        var state: Int?
        var duration: Int?
        var needed: Int { max(card, time, rating) }
    }

    /// The columns the reader uses; each may be named once.
    static let columnNames: Set<String> = ["card_id", "review_time", "review_rating", "review_state", "review_duration"]

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, into log: inout ReviewLogColumns) throws(ReviewLogError) {
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var line = 1
        var fields: [Field] = []
        fields.reserveCapacity(16)

        // The header: the first row that is not blank.
        var hasHeader = false
        while position < bytes.count, !hasHeader {
            hasHeader = try Self.row(bytes, at: &position, line: &line, into: &fields)
        }
        guard hasHeader else { throw .empty }
        let names = fields.map { field -> String in
            Self.text(bytes, field).trimmingCharacters(in: .whitespaces).lowercased()
        }
        let header = names.joined(separator: ",")
        if let repeated = CSVHeaderNames.firstRepeated(in: names, among: Self.columnNames) {
            throw .repeatedColumn(repeated, header: header)
        }
        func column(_ name: String) throws(ReviewLogError) -> Int {
            guard let index = names.firstIndex(of: name) else { throw .missingColumn(name, header: header) }
            return index
        }
        let columns = Columns(names: names, card: try column("card_id"), time: try column("review_time"),
                              rating: try column("review_rating"), state: names.firstIndex(of: "review_state"),
                              duration: names.firstIndex(of: "review_duration"))
        if columns.state != nil { log.setHasStateColumn() }
        if columns.duration != nil { log.setHasDurationColumn() }

        // Reserve once, from an estimate of the row count (a row takes at least ~24 bytes).
        log.reserve(rows: max(16, (bytes.count - position) / 24))
        let stateColumn = columns.state ?? -1
        let durationColumn = columns.duration ?? -1
        while position < bytes.count {
            let rowLine = line
            do throws(ReviewLogError) {
                var row = RowFields()
                guard try Self.scan(bytes, at: &position, line: &line, visit: { column, field in
                    row.count = column + 1
                    if column == columns.card { row.card = field }
                    else if column == columns.time { row.time = field }
                    else if column == columns.rating { row.rating = field }
                    else if column == stateColumn { row.state = field }
                    else if column == durationColumn { row.duration = field }
                }) else { continue }
                try readRow(bytes, row: row, line: rowLine, columns: columns, into: &log)
            } catch {
                if case .unterminatedQuote = error { throw error }
                guard skippingBadRows else { throw error }
                log.noteSkipped(error)
            }
        }
    }

    /// Reads one data row's fields into the log.
    private mutating func readRow(_ bytes: UnsafeBufferPointer<UInt8>, row: RowFields, line: Int, columns: Columns,
                                  into log: inout ReviewLogColumns) throws(ReviewLogError) {
        guard row.count > columns.needed else {
            let missing = [columns.card, columns.time, columns.rating].first { $0 >= row.count } ?? columns.needed
            throw .missingField(line: line, column: columns.names[missing])
        }
        let cardField = Self.trimmed(row.card, bytes)
        guard cardField.end > cardField.start else {
            throw .invalidField(line: line, column: "card_id", value: "", expected: "a card id (it is empty)")
        }
        guard Self.isValidUTF8(bytes, cardField) else {
            throw .invalidField(line: line, column: "card_id", value: Self.text(bytes, cardField),
                                expected: "valid UTF-8 text (the file is not UTF-8 here)")
        }
        let timeField = Self.trimmed(row.time, bytes)
        let seconds: Double
        if let number = Self.integer(bytes, timeField) {
            let divisor: Double = abs(number) < 100_000_000_000 ? 1 : 1000
            if numericTimeDivisor == 0 {
                numericTimeDivisor = divisor
                if divisor == 1 { log.setNumericTimesAreSeconds() }
            } else if divisor != numericTimeDivisor {
                throw .invalidField(line: line, column: "review_time", value: Self.text(bytes, timeField),
                                    expected: numericTimeDivisor == 1
                                        ? "epoch seconds like the rows before it (this looks like milliseconds)"
                                        : "epoch milliseconds like the rows before it (this looks like seconds)")
            }
            seconds = Double(number) / divisor
        } else if let date = ISO8601Timestamp.date(fromUTF8: UnsafeBufferPointer(rebasing: bytes[timeField.start ..< timeField.end])) {
            seconds = date.timeIntervalSince1970
        } else {
            throw .invalidField(line: line, column: "review_time", value: Self.text(bytes, timeField),
                                expected: "a time (epoch milliseconds or ISO-8601 such as 2024-03-29T20:32:32Z)")
        }
        guard SupportedYears.contains(secondsSince1970: seconds) else {
            throw .invalidField(line: line, column: "review_time", value: Self.text(bytes, timeField),
                                expected: "a time in the years \(SupportedYears.description)")
        }
        let ratingField = Self.trimmed(row.rating, bytes)
        guard ratingField.end - ratingField.start == 1, bytes[ratingField.start] &- UInt8(ascii: "0") <= 4 else {
            throw .invalidField(line: line, column: "review_rating", value: Self.text(bytes, ratingField),
                                expected: "a rating (expected 1 Again, 2 Hard, 3 Good or 4 Easy, or 0 for a manual entry)")
        }
        var state: Int8 = -1
        if let stateColumn = columns.state, stateColumn < row.count {
            let stateField = Self.trimmed(row.state, bytes)
            if stateField.end > stateField.start {
                guard stateField.end - stateField.start == 1, bytes[stateField.start] &- UInt8(ascii: "0") <= 5 else {
                    throw .invalidField(line: line, column: "review_state", value: Self.text(bytes, stateField),
                                        expected: "a state (0 new, 1 learning, 2 review, 3 relearning, 4 filtered, 5 manual)")
                }
                state = Int8(bytes[stateField.start] &- UInt8(ascii: "0"))
            }
        }
        var duration: Int32 = -1
        if let durationColumn = columns.duration, durationColumn < row.count {
            let durationField = Self.trimmed(row.duration, bytes)
            if durationField.end > durationField.start {
                let text = Self.text(bytes, durationField)
                let value = Self.integer(bytes, durationField).map(Double.init) ?? Double(text)
                guard let value, value >= 0, value.isFinite else {
                    throw .invalidField(line: line, column: "review_duration", value: text,
                                        expected: "a duration in milliseconds (a number, 0 or more)")
                }
                duration = Int32(clamping: Int64(min(value.rounded(), 1e15)))
            }
        }
        let card = intern(bytes, cardField)
        log.appendRow(card: card, seconds: seconds, rating: bytes[ratingField.start] &- UInt8(ascii: "0"), state: state,
                      duration: duration)
    }

    /// Splits the next row into `fields`; returns `false` for a blank line. Advances past
    /// the row's line end. O(row length).
    private static func row(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, line: inout Int,
                            into fields: inout [Field]) throws(ReviewLogError) -> Bool {
        fields.removeAll(keepingCapacity: true)
        return try scan(bytes, at: &position, line: &line) { _, field in fields.append(field) }
    }

    /// Scans the next row, handing each field with its column index to `visit`; returns
    /// `false` for a blank line. Advances past the row's line end. O(row length), no
    /// allocation.
    @inline(__always)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, line: inout Int,
                             visit: (Int, Field) -> Void) throws(ReviewLogError) -> Bool {
        let startLine = line
        let count = bytes.count
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        var index = position
        var quotedAny = false
        var column = 0
        var firstEmpty = false
        while true {
            var field = Field(start: index, end: index)
            if index < count && bytes[index] == quote {
                // A quoted field: up to the closing quote; a doubled quote stands for one.
                quotedAny = true
                index += 1
                field.start = index
                while true {
                    guard index < count else { throw .unterminatedQuote(line: startLine) }
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count && bytes[index + 1] == quote {
                            field.escaped = true
                            index += 2
                            continue
                        }
                        break
                    }
                    if byte == newline || (byte == carriageReturn && (index + 1 == count || bytes[index + 1] != newline)) {
                        line += 1
                    }
                    index += 1
                }
                field.end = index
                index += 1
                while index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn { index += 1 }
            } else {
                while index < count, bytes[index] != comma, bytes[index] != newline, bytes[index] != carriageReturn { index += 1 }
                field.end = index
            }
            if column == 0 { firstEmpty = field.end == field.start }
            visit(column, field)
            column += 1
            guard index < count && bytes[index] == comma else { break }
            index += 1
        }
        // Past the line end: \n, \r\n or a lone \r.
        if index < count {
            index += bytes[index] == carriageReturn && index + 1 < count && bytes[index + 1] == newline ? 2 : 1
        }
        line += 1
        position = index
        return !(column == 1 && !quotedAny && firstEmpty)
    }

    /// A field without leading or trailing spaces.
    private static func trimmed(_ field: Field, _ bytes: UnsafeBufferPointer<UInt8>) -> Field {
        var result = field
        while result.start < result.end && (bytes[result.start] == 0x20 || bytes[result.start] == 0x09) { result.start += 1 }
        while result.end > result.start && (bytes[result.end - 1] == 0x20 || bytes[result.end - 1] == 0x09) { result.end -= 1 }
        return result
    }

    /// A field's text, for messages and the header.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Field) -> String {
        let raw = String(decoding: bytes[field.start ..< field.end], as: UTF8.self)
        return field.escaped ? raw.replacingOccurrences(of: "\"\"", with: "\"") : raw
    }

    /// The field as a whole number (optionally signed, at most 18 digits), or `nil`.
    private static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Field) -> Int64? {
        guard field.end > field.start else { return nil }
        var index = field.start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < field.end, field.end - index <= 18 else { return nil }
        var value: Int64 = 0
        while index < field.end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// Whether the field's bytes are valid UTF-8 (ASCII needs no decoding). O(length).
    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Field) -> Bool {
        let slice = UnsafeBufferPointer(rebasing: bytes[field.start ..< field.end])
        guard slice.contains(where: { $0 >= 0x80 }) else { return true }
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The position of the card whose id is the field's text, adding it when new.
    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Field) -> Int32 {
        guard field.escaped else { return intern(bytes, start: field.start, end: field.end) }
        scratch.removeAll(keepingCapacity: true)
        var index = field.start
        while index < field.end {
            scratch.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        let unescaped = scratch
        return unescaped.withUnsafeBufferPointer { intern($0, start: 0, end: $0.count) }
    }

    /// The position of the card whose id is `bytes[start ..< end]`, adding it when new.
    /// O(length) expected.
    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Int32 {
        let length = end - start
        let base = bytes.baseAddress! + start
        // FNV-1a over 8-byte words, then the remaining bytes.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset += 8
        }
        while offset < length {
            hash = (hash ^ UInt64(base[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        hash ^= hash >> 29
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let card = Int(slots[slot])
            if slotHashes[slot] == hash, idStarts[card + 1] - idStarts[card] == length {
                let same = idBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + idStarts[card], base, length) == 0 }
                if same { return Int32(card) }
            }
            slot = (slot + 1) & mask
        }
        let card = Int32(cardCount)
        slots[slot] = card
        slotHashes[slot] = hash
        idBytes.append(contentsOf: UnsafeBufferPointer(start: base, count: length))
        idStarts.append(idBytes.count)
        cardCount += 1
        if cardCount * 2 > slots.count { grow() }
        return card
    }

    /// Doubles the table and re-inserts every card.
    private mutating func grow() {
        let capacity = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: capacity)
        var newHashes = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        for slot in slots.indices where slots[slot] >= 0 {
            let hash = slotHashes[slot]
            var target = Int(truncatingIfNeeded: hash) & mask
            while newSlots[target] >= 0 { target = (target + 1) & mask }
            newSlots[target] = slots[slot]
            newHashes[target] = hash
        }
        slots = newSlots
        slotHashes = newHashes
    }
}
