/// Reads a `text/event-stream` body as it arrives, in pieces of any size, the HTML standard's
/// way: lines end with CR LF, LF or CR (a CR LF split between two pieces counts once); a UTF-8
/// byte order mark at the start is skipped; a line starting with `:` is a comment; a field is
/// `name: value` (one space after the colon dropped) or a bare name; `event`, `data` and `id`
/// are kept, other fields ignored; a blank line dispatches the event (one without `data` is
/// not dispatched). An event not ended by a blank line when the body ends is not dispatched.
/// Bytes that are not UTF-8 are read as U+FFFD.
package struct ServerSentEventParser: Sendable {
    /// A line was longer than the parser's limit.
    package struct LineTooLong: Error, Sendable, Hashable {
        /// The limit, in bytes.
        package var limit: Int
    }

    /// The longest line read, in bytes.
    package let maximumLineBytes: Int
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var isFirstLine = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var lastEventID: String?

    /// A parser at the start of a body; lines of at most `maximumLineBytes` bytes (1 MiB).
    package init(maximumLineBytes: Int = 1 << 20) {
        self.maximumLineBytes = max(1, maximumLineBytes)
    }

    /// Reads the next piece of the body; returns the events it completed, in order.
    /// - Throws: ``LineTooLong`` when a line grows past the limit (the parser is then spent).
    /// - Complexity: O(bytes).
    package mutating func feed(_ bytes: some Sequence<UInt8>) throws(LineTooLong) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0D || byte == 0x0A {
                afterCarriageReturn = byte == 0x0D
                if let event = endLine() { events.append(event) }
                continue
            }
            guard line.count < maximumLineBytes else { throw LineTooLong(limit: maximumLineBytes) }
            line.append(byte)
        }
        return events
    }

    /// The line read so far is complete: the event it dispatches, if any.
    private mutating func endLine() -> ServerSentEvent? {
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if isFirstLine {
            isFirstLine = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        guard !bytes.isEmpty else { return dispatch() }
        guard bytes.first != UInt8(ascii: ":") else { return nil }
        let name: String, value: String
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            name = String(decoding: bytes[..<colon], as: UTF8.self)
            var rest = bytes[(colon + 1)...]
            if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
            value = String(decoding: rest, as: UTF8.self)
        } else {
            name = String(decoding: bytes, as: UTF8.self)
            value = ""
        }
        switch name {
        case "event": eventType = value
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id" where !value.contains("\u{0}"): lastEventID = value
        default: break
        }
        return nil
    }

    /// A blank line: the event gathered, when it has data; the next event starts afresh.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: data, id: lastEventID)
    }
}
