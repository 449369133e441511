/// The blanks of a sentence written as a ``TextTemplate`` writes them — `{name}` a blank,
/// `{{` and `}}` braces — without a `Slot` type: to list a sentence's blanks (the languages'
/// files must agree on them) and to fill a sentence used once.
@usableFromInline package enum TemplateBlanks {
    /// The names of the blanks of `text` in order, as written. O(length).
    @usableFromInline package static func names(in text: String) -> [String] {
        var names: [String] = []
        scan(text, literal: { _ in }, blank: { names.append($0) })
        return names
    }

    /// `text` with each blank filled by `value(name)`; `nil` when `value` has nothing for one
    /// of them (a blank the caller does not know). O(length).
    @usableFromInline package static func filling(_ text: String, _ value: (String) -> String?) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 32)
        var missing = false
        scan(text, literal: { bytes.append($0) }, blank: { name in
            if let filled = value(name) { bytes.append(contentsOf: filled.utf8) } else { missing = true }
        })
        return missing ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Walks `text`: each literal byte to `literal`, each blank's name to `blank`. A `{`
    /// without a closing `}` is literal.
    static func scan(_ text: String, literal: (UInt8) -> Void, blank: (String) -> Void) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")), index + 1 < bytes.count, bytes[index + 1] == byte {
                literal(byte)
                index += 2
            } else if byte == UInt8(ascii: "{"), let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) {
                blank(String(decoding: bytes[(index + 1) ..< close], as: UTF8.self))
                index = close + 1
            } else {
                literal(byte)
                index += 1
            }
        }
    }
}
