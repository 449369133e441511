/// The identity of a weak point: its text with surrounding white space removed, runs of
/// white space collapsed to one space and ASCII letters lower-cased, so that "Gradient
/// descent " and "gradient  descent" are one weak point. Chinese text is unchanged.
enum WeakPointKey {
    /// The key of a weak point's text, or `nil` for text that is only white space. Allocates
    /// only when the text needs normalising.
    static func key(_ text: String) -> String? {
        var needsWork = false
        var sawContent = false
        var previousWasSpace = true
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if isSpace {
                if previousWasSpace || byte != 0x20 { needsWork = true }
            } else {
                sawContent = true
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { needsWork = true }
            }
            previousWasSpace = isSpace
        }
        guard sawContent else { return nil }
        if previousWasSpace { needsWork = true }
        guard needsWork else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text shown for a weak point: trimmed of surrounding white space.
    static func display(_ text: String) -> String {
        let trimmed = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        var end = trimmed.endIndex
        while end > trimmed.startIndex {
            let previous = trimmed.index(before: end)
            let byte = trimmed[previous]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            end = previous
        }
        return String(decoding: trimmed[trimmed.startIndex..<end], as: UTF8.self)
    }
}
