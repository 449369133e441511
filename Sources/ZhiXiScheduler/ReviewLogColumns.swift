import Foundation
import ZhiXiCore

/// A review log held column by column: one entry per row in each column, card ids stored
/// once per card. The one reader of the FSRS review-log CSV in the package (the compact
/// archive, `CardReviewArchive`, reads through it too); Anki's revlog rows are appended as
/// ``ReviewLogRow``s. The reader works on the file's bytes in place (map the file with
/// `Data(contentsOf:options: .alwaysMapped)`), so a log of millions of rows is held once, in
/// these columns, and never as text or as one object per row.
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
///   reschedule), which are not reviews; Anki's rules (`ReviewLogFilter`) leave them out.
/// - `review_state` is read with the FSRS ecosystem's numbering: 0 new, 1 learning,
///   2 review, 3 relearning, 4 filtered (cram), 5 manual (``ReviewKind``).
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
    /// For each row, its kind (a ``ReviewKind`` raw value: the CSV's `review_state` 0–5, or 6
    /// for an Anki row rescheduled), or -1 when the log has no `review_state` column or the
    /// field is empty.
    public private(set) var states: [Int8] = []
    /// Whether the log has a `review_state` column.
    public private(set) var hasStateColumn = false
    /// For each row, how long the answer took in milliseconds, or -1 when the log has no
    /// `review_duration` column or the field is empty.
    public private(set) var durationsMilliseconds: [Int32] = []
    /// Whether the log has a `review_duration` column.
    public private(set) var hasDurationColumn = false
    /// For each row, Anki's `ivl`, `lastIvl` and `factor` (``AnkiRevlogFields``), or
    /// ``absentAnkiField`` for a row without them; all three are empty unless some row was
    /// appended with them.
    public private(set) var ankiIntervals: [Int32] = []
    /// See ``ankiIntervals``.
    public private(set) var ankiLastIntervals: [Int32] = []
    /// See ``ankiIntervals``.
    public private(set) var ankiFactors: [Int32] = []
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
    /// The value of an Anki column for a row that has none.
    public static let absentAnkiField = Int32.min

    /// The number of rows read.
    public var rowCount: Int { ratings.count }

    /// Whether some row carries Anki's revlog fields.
    public var hasAnkiColumns: Bool { !ankiFactors.isEmpty }

    /// Anki's fields of row `row`, when it has them.
    /// - Complexity: O(1).
    @inlinable
    public func ankiFields(ofRow row: Int) -> AnkiRevlogFields? {
        guard hasAnkiColumns, ankiFactors[row] != Self.absentAnkiField else { return nil }
        return AnkiRevlogFields(interval: ankiIntervals[row], lastInterval: ankiLastIntervals[row], factor: ankiFactors[row])
    }

    /// An empty log, to be filled with ``append(cardID:secondsSince1970:rating:state:durationMilliseconds:anki:)``
    /// or ``append(_:)``.
    /// - Complexity: O(1).
    public init() {}

    /// Reads a review log from CSV bytes.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8).
    ///   - skippingBadRows: when `true`, a row that cannot be read is counted in
    ///     ``skippedRowCount`` (and described in ``skippedRows``) instead of failing.
    /// - Throws: ``ReviewLogError`` naming the line and column of the first bad row (or a
    ///   header problem, which `skippingBadRows` does not excuse).
    /// - Complexity: O(bytes); one pass, no per-row allocation (a card id is turned into a `String` once,
    ///   when the card first appears).
    public init(csv data: Data, skippingBadRows: Bool = false) throws(ReviewLogError) {
        var sink = ColumnSink()
        try ReviewLogReader.read(data, skippingBadRows: skippingBadRows, into: &sink)
        self = sink.log
    }

    /// Appends one row, creating the card if it is new.
    /// - Parameters:
    ///   - cardID: the card's id.
    ///   - seconds: when the review happened, in seconds since 1970.
    ///   - rating: 1–4, or 0 for a manual entry.
    ///   - state: a ``ReviewKind`` raw value (0–6), or -1 for none.
    ///   - durationMilliseconds: how long the answer took, or -1 when unknown.
    ///   - anki: Anki's revlog fields of the row, if it has them.
    /// - Complexity: Amortised O(1) expected.
    public mutating func append(cardID: String, secondsSince1970 seconds: Double, rating: UInt8, state: Int8 = -1,
                                durationMilliseconds: Int32 = -1, anki: AnkiRevlogFields? = nil) {
        precondition(rating <= 4, "ratings are 0 (manual) or 1–4")
        precondition(state >= -1 && state <= 6, "states are ReviewKind raw values 0–6, or -1")
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
        if let anki {
            if !hasAnkiColumns {
                let absent = [Int32](repeating: Self.absentAnkiField, count: rowCount - 1)
                ankiIntervals = absent
                ankiLastIntervals = absent
                ankiFactors = absent
            }
            ankiIntervals.append(anki.interval)
            ankiLastIntervals.append(anki.lastInterval)
            ankiFactors.append(anki.factor)
        } else if hasAnkiColumns {
            ankiIntervals.append(Self.absentAnkiField)
            ankiLastIntervals.append(Self.absentAnkiField)
            ankiFactors.append(Self.absentAnkiField)
        }
    }

    /// Appends a row (its card id as decimal text).
    /// - Complexity: Amortised O(1) expected.
    public mutating func append(_ row: ReviewLogRow) {
        append(cardID: String(row.cardID), secondsSince1970: row.reviewedAt.timeIntervalSince1970,
               rating: UInt8(row.rating?.rawValue ?? 0), state: row.kind?.rawValue ?? -1,
               durationMilliseconds: row.reviewDurationMilliseconds.map { Int32(clamping: $0) } ?? -1, anki: row.anki)
    }

    /// A log from columns already read (an Anki collection's review log, say): the card ids,
    /// and for each row its card's position in `cardIDs` and the fields as the properties above
    /// describe them (a state or duration of -1 for none).
    /// - Parameters:
    ///   - cardIDs: the cards, in the order their positions refer to.
    ///   - cardIndices: each row's card, a position in `cardIDs`.
    ///   - secondsSince1970: each row's time.
    ///   - ratings: each row's button, 0 for an entry that is not an answer.
    ///   - states: each row's ``ReviewKind`` raw value, or -1.
    ///   - durationsMilliseconds: each row's duration, or -1.
    ///   - anki: each row's Anki revlog fields (interval, last interval, factor), or empty.
    /// - Precondition: the row columns have one length (`anki` that or none); positions are
    ///   within `cardIDs`; ratings are 0–4 and states -1–6.
    /// - Complexity: O(rows), checking the columns agree.
    public init(cardIDs: [String], cardIndices: [Int32], secondsSince1970: [Double], ratings: [UInt8], states: [Int8],
                durationsMilliseconds: [Int32], anki: [AnkiRevlogFields] = []) {
        let rows = cardIndices.count
        precondition(secondsSince1970.count == rows && ratings.count == rows && states.count == rows
                     && durationsMilliseconds.count == rows && (anki.isEmpty || anki.count == rows), "the columns of a log have one length")
        precondition(cardIndices.allSatisfy { $0 >= 0 && Int($0) < cardIDs.count }, "every row's card is one of cardIDs")
        precondition(ratings.allSatisfy { $0 <= 4 } && states.allSatisfy { $0 >= -1 && $0 <= 6 }, "ratings 0–4, states -1–6")
        self.cardIDs = cardIDs
        self.cardIndices = cardIndices
        self.secondsSince1970 = secondsSince1970
        self.ratings = ratings
        self.states = states
        self.durationsMilliseconds = durationsMilliseconds
        hasStateColumn = states.contains { $0 >= 0 }
        hasDurationColumn = durationsMilliseconds.contains { $0 >= 0 }
        if !anki.isEmpty {
            ankiIntervals = anki.map(\.interval)
            ankiLastIntervals = anki.map(\.lastInterval)
            ankiFactors = anki.map(\.factor)
        }
    }

    /// Card id → position, built on the first append.
    private var appendedIndex: [String: Int32]?

    fileprivate mutating func appendRow(card: Int32, seconds: Double, rating: UInt8, state: Int8, duration: Int32) {
        cardIndices.append(card)
        secondsSince1970.append(seconds)
        ratings.append(rating)
        states.append(state)
        durationsMilliseconds.append(duration)
    }

    package mutating func reserve(rows: Int) {
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

    fileprivate mutating func setCardIDs(_ ids: [String]) { cardIDs = ids }
}

/// Where ``ReviewLogReader`` puts what it reads: the columns of a ``ReviewLogColumns``, or the
/// rows of an archive (``CardReviewArchive``).
protocol ReviewLogSink {
    mutating func reserve(rows: Int)
    mutating func setHasStateColumn()
    mutating func setHasDurationColumn()
    mutating func setNumericTimesAreSeconds()
    /// A card seen for the first time (its id's bytes), which becomes the next card number:
    /// `nil` to accept it, or what a card id must be to refuse it (the reader names the line).
    mutating func acceptCard(_ id: UnsafeBufferPointer<UInt8>) -> String?
    /// A row: its card's number, its time (the date an ISO-8601 field names, or seconds for
    /// a plain number), rating 0–4, state −1…5 and duration (−1: none).
    mutating func appendRow(card: Int32, seconds: Double, date: Date?, rating: UInt8, state: Int8, duration: Int32)
    mutating func noteSkipped(_ error: ReviewLogError)
    /// The card ids, in order of first appearance, once the reading is done.
    mutating func finish(cardIDs: @autoclosure () -> [String])
}

/// The columns of a ``ReviewLogColumns``.
private struct ColumnSink: ReviewLogSink {
    var log = ReviewLogColumns()
    mutating func reserve(rows: Int) { log.reserve(rows: rows) }
    mutating func setHasStateColumn() { log.setHasStateColumn() }
    mutating func setHasDurationColumn() { log.setHasDurationColumn() }
    mutating func setNumericTimesAreSeconds() { log.setNumericTimesAreSeconds() }
    mutating func acceptCard(_ id: UnsafeBufferPointer<UInt8>) -> String? { nil }
    @inline(__always)
    mutating func appendRow(card: Int32, seconds: Double, date: Date?, rating: UInt8, state: Int8, duration: Int32) {
        log.appendRow(card: card, seconds: date?.timeIntervalSince1970 ?? seconds, rating: rating, state: state, duration: duration)
    }
    mutating func noteSkipped(_ error: ReviewLogError) { log.noteSkipped(error) }
    mutating func finish(cardIDs: @autoclosure () -> [String]) { log.setCardIDs(cardIDs()) }
}

/// The one reader of the FSRS review-log CSV: header, quoting, line ends, fields, card ids.
enum ReviewLogReader {
    /// Reads `data` into `sink`. O(bytes).
    static func read<Sink: ReviewLogSink>(_ data: Data, skippingBadRows: Bool, into sink: inout Sink) throws(ReviewLogError) {
        var reader = Reader(skippingBadRows: skippingBadRows)
        let outcome: ReviewLogError? = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(ReviewLogError) {
                try reader.read(bytes, into: &sink)
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
        sink.finish(cardIDs: reader.finishCardIDs())
    }
}

/// The byte-level CSV reader behind ``ReviewLogReader``.
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

    mutating func read<Sink: ReviewLogSink>(_ bytes: UnsafeBufferPointer<UInt8>, into log: inout Sink) throws(ReviewLogError) {
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
        // Names without the spaces around them, in lower case (ASCII: the columns looked for are).
        let names = fields.map { field -> String in
            let trimmed = Self.trimmed(field, bytes)
            let name = Self.text(bytes, trimmed)
            return name.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? name : name.lowercased()
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
    private mutating func readRow<Sink: ReviewLogSink>(_ bytes: UnsafeBufferPointer<UInt8>, row: RowFields, line: Int,
                                                       columns: Columns, into log: inout Sink) throws(ReviewLogError) {
        guard row.count > columns.needed else {
            let missing = [columns.card, columns.time, columns.rating].first { $0 >= row.count } ?? columns.needed
            throw .missingField(line: line, column: columns.names[missing])
        }
        let cardField = Self.trimmed(row.card, bytes)
        guard cardField.end > cardField.start else {
            throw .invalidField(line: line, column: "card_id", value: "", expected: "a card id (it is empty)")
        }
        // The first bad field of a row is the one named: the card id is checked before the time.
        guard Self.isValidUTF8(bytes, cardField) else {
            throw .invalidField(line: line, column: "card_id", value: Self.text(bytes, cardField),
                                expected: "valid UTF-8 text (the file is not UTF-8 here)")
        }
        let timeField = Self.trimmed(row.time, bytes)
        var seconds = 0.0
        var date: Date?
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
        } else if let parsed = ISO8601Timestamp.date(fromUTF8: UnsafeBufferPointer(rebasing: bytes[timeField.start ..< timeField.end])) {
            date = parsed
        } else {
            throw .invalidField(line: line, column: "review_time", value: Self.text(bytes, timeField),
                                expected: "a time (epoch milliseconds or ISO-8601 such as 2024-03-29T20:32:32Z)")
        }
        guard SupportedYears.contains(secondsSince1970: date?.timeIntervalSince1970 ?? seconds) else {
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
                // Whole milliseconds, the usual case, without making a string of the field.
                let value = Self.integer(bytes, durationField).map(Double.init) ?? Double(Self.text(bytes, durationField))
                guard let value, value >= 0, value.isFinite else {
                    throw .invalidField(line: line, column: "review_duration", value: Self.text(bytes, durationField),
                                        expected: "a duration in milliseconds (a number, 0 or more)")
                }
                duration = Int32(clamping: Int64(min(value.rounded(), 1e15)))
            }
        }
        let card = try intern(bytes, cardField, line: line, into: &log)
        log.appendRow(card: card, seconds: seconds, date: date, rating: bytes[ratingField.start] &- UInt8(ascii: "0"), state: state,
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
                index = Self.fieldEnd(bytes, from: index)
            } else {
                index = Self.fieldEnd(bytes, from: index)
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

    /// The position of the first `,`, `\n` or `\r` at or after `index` (or the end). Every
    /// byte above `,` (0x2C) — digits, letters, `-`, `.`, `:` — is passed over with one
    /// comparison. O(length).
    @inline(__always)
    private static func fieldEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let count = bytes.count
        // Eight bytes at a time while none is below `-` (0x2D): `(w − 0x2D…) & ~w & 0x80…` is
        // not zero exactly when some byte of `w` is below 0x2D.
        if let base = bytes.baseAddress {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if (word &- 0x2D2D_2D2D_2D2D_2D2D) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte > UInt8(ascii: ",") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return index }
            index += 1
        }
        return count
    }

    /// A field without leading or trailing spaces.
    @inline(__always)
    private static func trimmed(_ field: Field, _ bytes: UnsafeBufferPointer<UInt8>) -> Field {
        // The usual case: no space or tab (both at or below 0x20) at either end.
        if field.end > field.start, bytes[field.start] > 0x20, bytes[field.end - 1] > 0x20 { return field }
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

    /// The position of the card whose id is the field's text, adding it when new (and the
    /// sink accepts it).
    private mutating func intern<Sink: ReviewLogSink>(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Field, line: Int,
                                                      into sink: inout Sink) throws(ReviewLogError) -> Int32 {
        guard field.escaped else { return try intern(bytes, start: field.start, end: field.end, line: line, into: &sink) }
        scratch.removeAll(keepingCapacity: true)
        var index = field.start
        while index < field.end {
            scratch.append(bytes[index])
            index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
        }
        let unescaped = scratch
        var failure: ReviewLogError?
        let card = unescaped.withUnsafeBufferPointer { buffer -> Int32 in
            do throws(ReviewLogError) {
                return try intern(buffer, start: 0, end: buffer.count, line: line, into: &sink)
            } catch {
                failure = error
                return -1
            }
        }
        if let failure { throw failure }
        return card
    }

    /// The position of the card whose id is `bytes[start ..< end]`, adding it when new.
    /// O(length) expected.
    private mutating func intern<Sink: ReviewLogSink>(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, line: Int,
                                                      into sink: inout Sink) throws(ReviewLogError) -> Int32 {
        let length = end - start
        let base = bytes.baseAddress! + start
        // FNV-1a over 8-byte words; the last (partial) word is the id's last 8 bytes, read
        // overlapping the word before, or for an id shorter than 8 its bytes one by one.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var offset = 0
        while offset + 8 <= length {
            hash = (hash ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset += 8
        }
        if offset < length {
            if length >= 8 {
                hash = (hash ^ UnsafeRawPointer(base + length - 8).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
            } else {
                while offset < length {
                    hash = (hash ^ UInt64(base[offset])) &* 0x0000_0100_0000_01B3
                    offset += 1
                }
            }
        }
        // Fold the high bits down (a multiplication carries a byte's bits only upwards): the
        // finaliser of MurmurHash3, so that the table's low bits depend on every byte.
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let card = Int(slots[slot])
            if slotHashes[slot] == hash, idStarts[card + 1] - idStarts[card] == length {
                let same = idBytes.withUnsafeBufferPointer { Self.equalBytes($0.baseAddress! + idStarts[card], base, length) }
                if same { return Int32(card) }
            }
            slot = (slot + 1) & mask
        }
        let id = UnsafeBufferPointer(start: base, count: length)
        if let refusal = sink.acceptCard(id) {
            throw .invalidField(line: line, column: "card_id",
                                value: String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self), expected: refusal)
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

    /// Whether `length` bytes at `a` and `b` are equal: 8 bytes at a time, without a call (card
    /// ids are short). O(length).
    @inline(__always)
    private static func equalBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        func word(_ pointer: UnsafePointer<UInt8>, _ at: Int) -> UInt64 { UnsafeRawPointer(pointer + at).loadUnaligned(as: UInt64.self) }
        guard length >= 8 else {
            for offset in 0 ..< length where a[offset] != b[offset] { return false }
            return true
        }
        var offset = 0
        while offset + 8 <= length {
            if word(a, offset) != word(b, offset) { return false }
            offset += 8
        }
        // The last 8 bytes, overlapping the words compared.
        return offset == length || word(a, length - 8) == word(b, length - 8)
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
