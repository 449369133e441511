/// The package's one rule for text that came from outside — a server, a file, an argument —
/// on its way to a terminal, a CSV file or a calendar: which characters are made visible, and
/// how.
///
/// Made visible: the C0 controls (NUL, BEL, ESC, CR, LF, …), DEL, the C1 controls
/// (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029) and the bidirectional
/// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder what a
/// terminal or an editor shows ("Trojan Source"). Such a character cannot move the cursor,
/// change colours, clear the screen, forge a line of its own or turn text around.
@usableFromInline package enum VisibleText {
    /// Whether the scalar value is one the rule makes visible. O(1).
    @inlinable
    package static func isHidden(_ value: UInt32) -> Bool {
        if value < 0x20 || (0x7F ... 0x9F).contains(value) { return true }
        guard value >= 0x2028, value <= 0x2069 else { return false }
        return value <= 0x2029 || (0x202A ... 0x202E).contains(value) || value >= 0x2066
    }

    /// Whether a UTF-8 byte may start a hidden character (a C0 control, DEL, the lead byte of
    /// a C1 control, U+2028–U+202E or U+2066–U+2069): the fast test of a scan over bytes. O(1).
    @inlinable
    package static func mayStartHidden(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// The length of the hidden character that starts at `index` of `bytes` (UTF-8), or 0
    /// when the character there is shown as it is. O(1).
    @inlinable
    package static func hiddenLength(in bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte == 0xC2 {
            return index + 1 < bytes.count && (0x80 ... 0x9F).contains(bytes[index + 1]) ? 2 : 0
        }
        if byte == 0xE2, index + 2 < bytes.count {
            let second = bytes[index + 1], third = bytes[index + 2]
            if second == 0x80, (0xA8 ... 0xAE).contains(third) { return 3 }   // U+2028–U+202E
            if second == 0x81, (0xA6 ... 0xA9).contains(third) { return 3 }   // U+2066–U+2069
        }
        return 0
    }
}

extension String {
    /// The text with the characters of the package's rule (``VisibleText``) made visible, so
    /// that text from a file or a server printed to a terminal, written to a CSV file or put in
    /// a calendar cannot move the cursor, change colours, clear the screen, forge a line of its
    /// own or reorder what is shown: NUL, tab, line feed and carriage return become `\0`, `\t`,
    /// `\n` and `\r`, the others `\u{1B}`-style escapes (`\u{202E}`). With
    /// `keepingLineBreaks`, line feeds and tabs stay as they are (for a text whose own lines
    /// are meant). O(n); the text itself when it holds no such character.
    ///
    /// ```swift
    /// "Title\u{1B}[2J\nforged".escapingControlCharacters()   // Title\u{1B}[2J\nforged
    /// ```
    @usableFromInline package func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        func kept(_ value: UInt32) -> Bool {
            keepingLineBreaks && (value == 0x0A || value == 0x09)
        }
        guard unicodeScalars.contains(where: { VisibleText.isHidden($0.value) && !kept($0.value) }) else { return self }
        var output = ""
        output.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            let value = scalar.value
            guard VisibleText.isHidden(value), !kept(value) else {
                output.unicodeScalars.append(scalar)
                continue
            }
            switch value {
            case 0x00: output += "\\0"
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            default: output += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            }
        }
        return output
    }

    /// The text with every hidden character of the rule (``VisibleText``) still in it written
    /// as a JSON-style escape, `\u001B`, `\u202E` — the last guard where text leaves the
    /// process: the escape is visible on a terminal and means the very same character inside
    /// a JSON string, so JSON output stays valid and equal. Line feeds and tabs are kept, and so
    /// is a carriage return right before a line feed (CRLF ends the lines of a calendar).
    /// O(n); the text itself when there is nothing to escape.
    @usableFromInline package func escapingHiddenCharactersAtEdge() -> String {
        var text = self
        let needsWork = text.withUTF8 { bytes in
            Self.firstHiddenAtEdge(UnsafeRawBufferPointer(bytes), from: 0) != nil
        }
        guard needsWork else { return self }
        var output = ""
        output.reserveCapacity(utf8.count + 16)
        let scalars = Array(unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            let keep = value == 0x0A || value == 0x09 || (value == 0x0D && index + 1 < scalars.count && scalars[index + 1] == "\n")
            if keep || !VisibleText.isHidden(value) {
                output.unicodeScalars.append(scalar)
            } else {
                let hex = String(value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return output
    }

    /// The offset of the first byte of `bytes` from `start` that begins a character
    /// ``escapingHiddenCharactersAtEdge()`` escapes, or `nil`. O(n).
    static func firstHiddenAtEdge(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if VisibleText.mayStartHidden(byte) {
                let kept = byte == 0x0A || byte == 0x09 || (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A)
                if !kept, VisibleText.hiddenLength(in: bytes, at: index) > 0 { return index }
            }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The text as a message quotes a value from outside (an argument, a server's code or
    /// cursor, a key of a file): its hidden characters made visible
    /// (``escapingControlCharacters(keepingLineBreaks:)``), and a text longer than
    /// `maximumCharacters` cut there with its length said — `abc… (1048576 bytes)` — so a huge
    /// value is never echoed whole. O(n).
    @usableFromInline package func quotedForMessage(maximumCharacters: Int = 120) -> String {
        let shown = escapingControlCharacters()
        guard shown.count > maximumCharacters else { return shown }
        return String(shown.prefix(maximumCharacters)) + "… (\(utf8.count) bytes)"
    }
}
