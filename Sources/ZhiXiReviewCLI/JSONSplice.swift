import Foundation
import ZhiXiCore

/// Inserts an element into a top-level array of a JSON document without re-encoding the rest,
/// so every byte the program does not understand (unknown keys, formatting, key order)
/// survives a `record`.
enum JSONSplice {
    /// The document with `element` (JSON text) appended to the top-level array `key`, or a new
    /// `"key": [element]` entry when the key is absent. `nil` when the document is not a JSON
    /// object, or `key` holds something other than an array.
    ///
    /// The element is indented like the array's existing elements (or two levels deep), and
    /// every line break the insertion adds is `lineEnding` (the document's own bytes are
    /// left as they are, whatever their line endings).
    static func appending(_ element: String, toArray key: String, in document: [UInt8], lineEnding: String = "\n") -> [UInt8]? {
        func bytes(_ text: String) -> [UInt8] {
            Array((lineEnding == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnding)).utf8)
        }
        var scanner = Scanner(bytes: document)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { return nil }
        let objectStart = scanner.position
        scanner.position += 1
        var lastValueEnd: Int?
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek else { return nil }
            if byte == UInt8(ascii: "}") {
                // The key is absent: add it before the closing brace.
                let closing = scanner.position
                let indent = "  "
                var insertion = lastValueEnd == nil ? "\n" : ",\n"
                insertion += indent + "\"\(key)\": [\n" + reindent(element, by: indent + indent) + "\n" + indent + "]\n"
                let head = Array(document[..<(lastValueEnd ?? (objectStart + 1))])
                return head + bytes(insertion) + Array(document[closing...])
            }
            if byte == UInt8(ascii: ",") { scanner.position += 1; continue }
            guard let name = scanner.readString() else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek == UInt8(ascii: ":") else { return nil }
            scanner.position += 1
            scanner.skipWhitespace()
            if name == key {
                guard scanner.peek == UInt8(ascii: "[") else { return nil }
                let open = scanner.position
                scanner.position += 1
                scanner.skipWhitespace()
                let firstElement = scanner.position
                var lastElementEnd: Int?
                while let next = scanner.peek, next != UInt8(ascii: "]") {
                    if next == UInt8(ascii: ",") { scanner.position += 1; scanner.skipWhitespace(); continue }
                    guard scanner.skipValue() else { return nil }
                    lastElementEnd = scanner.position
                    scanner.skipWhitespace()
                }
                guard scanner.peek == UInt8(ascii: "]") else { return nil }
                let close = scanner.position
                let elementIndent = lastElementEnd == nil ? "    " : indentation(before: firstElement, in: document)
                let closingIndent = indentation(before: close, in: document)
                let text: String
                let insertAt: Int
                if let lastElementEnd {
                    text = ",\n" + reindent(element, by: elementIndent)
                    insertAt = lastElementEnd
                } else {
                    text = "\n" + reindent(element, by: elementIndent) + "\n" + closingIndent
                    insertAt = open + 1
                    return Array(document[..<insertAt]) + bytes(text) + Array(document[close...])
                }
                return Array(document[..<insertAt]) + bytes(text) + Array(document[insertAt...])
            }
            guard scanner.skipValue() else { return nil }
            lastValueEnd = scanner.position
        }
    }

    /// One member of a JSON object, by byte positions in its document.
    struct Member {
        /// The key, its escapes decoded.
        let key: String
        /// Where the key's opening quote is.
        let keyStart: Int
        /// Where the value starts and ends (one past its last byte).
        let value: Range<Int>
    }

    /// The members of the document's top-level object in order, and the position of its
    /// closing brace; `nil` when the document is not one JSON object. With `until`, stops at the
    /// first member it is `true` for (then `closing` is -1). O(size of the document).
    static func topLevelMembers(of document: [UInt8], until: ((String) -> Bool)? = nil) -> (members: [Member], closing: Int)? {
        var scanner = Scanner(bytes: document)
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "{") else { return nil }
        scanner.position += 1
        var members: [Member] = []
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek else { return nil }
            if byte == UInt8(ascii: "}") {
                let closing = scanner.position
                scanner.position += 1
                scanner.skipWhitespace()
                return scanner.peek == nil ? (members, closing) : nil
            }
            if byte == UInt8(ascii: ",") { scanner.position += 1; continue }
            let keyStart = scanner.position
            guard let raw = scanner.readString(), let key = decodedString(raw) else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek == UInt8(ascii: ":") else { return nil }
            scanner.position += 1
            scanner.skipWhitespace()
            let valueStart = scanner.position
            guard scanner.skipValue() else { return nil }
            members.append(Member(key: key, keyStart: keyStart, value: valueStart ..< scanner.position))
            if let until, until(key) { return (members, -1) }
        }
    }

    /// The elements of the array at `range` of `document` (which starts with `[`), by byte
    /// ranges; `nil` when it is not an array. O(size of the array).
    static func arrayElements(in document: [UInt8], at range: Range<Int>) -> (elements: [Range<Int>], closing: Int)? {
        var scanner = Scanner(bytes: document)
        scanner.position = range.lowerBound
        guard scanner.peek == UInt8(ascii: "[") else { return nil }
        scanner.position += 1
        var elements: [Range<Int>] = []
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek else { return nil }
            if byte == UInt8(ascii: "]") { return (elements, scanner.position) }
            if byte == UInt8(ascii: ",") { scanner.position += 1; continue }
            let start = scanner.position
            guard scanner.skipValue() else { return nil }
            elements.append(start ..< scanner.position)
        }
    }

    /// `key` as a JSON string (for a member's key).
    static func jsonKey(_ key: String) -> String {
        String.jsonLiteral(key)
    }

    /// The text of a JSON string's raw content (between the quotes), its escapes decoded;
    /// `nil` when an escape is invalid.
    static func decodedString(_ raw: String) -> String? {
        guard raw.contains("\\") else { return raw }
        return (try? JSONDecoder().decode(String.self, from: Data(("\"" + raw + "\"").utf8)))
    }

    /// The white space between the start of the line holding `position` and `position`.
    static func indentation(before position: Int, in bytes: [UInt8]) -> String {
        var start = position
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return "" }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func reindent(_ text: String, by indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
    }

    /// A minimal structural JSON scanner: enough to step over values.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        /// Reads a string token and returns its raw content (escapes left as written).
        mutating func readString() -> String? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            let start = position + 1
            guard skipString() else { return nil }
            return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
        }

        mutating func skipString() -> Bool {
            position += 1
            while let byte = peek {
                position += 1
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") { return true }
            }
            return false
        }

        /// Steps over one value of any kind.
        mutating func skipValue() -> Bool {
            guard let byte = peek else { return false }
            switch byte {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let current = peek {
                    if current == UInt8(ascii: "\"") {
                        guard skipString() else { return false }
                        continue
                    }
                    position += 1
                    if current == UInt8(ascii: "{") || current == UInt8(ascii: "[") { depth += 1 }
                    if current == UInt8(ascii: "}") || current == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return true }
                    }
                }
                return false
            default:
                let start = position
                while let current = peek, current != UInt8(ascii: ","), current != UInt8(ascii: "}"),
                      current != UInt8(ascii: "]"), current != 0x20, current != 0x0A, current != 0x0D, current != 0x09 {
                    position += 1
                }
                return position > start
            }
        }
    }
}
