extension String {
    /// The text with its control characters made visible, so that text from a file or a server
    /// printed to a terminal cannot move the cursor, change colours, clear the screen or
    /// forge a line of its own: C0 controls (NUL, ESC, CR, …), DEL and the C1 controls
    /// (U+0080–U+009F) become `\0`, `\t`, `\n`, `\r` or `\u{1B}`-style escapes. With
    /// `keepingLineBreaks`, line feeds and tabs stay as they are (for a message whose own lines
    /// are meant). O(n); the text itself when it has no control character.
    ///
    /// ```swift
    /// "Title\u{1B}[2J\nforged".escapingControlCharacters()   // Title\u{1B}[2J\nforged
    /// ```
    public func escapingControlCharacters(keepingLineBreaks: Bool = false) -> String {
        func isControl(_ value: UInt32) -> Bool {
            value < 0x20 || (0x7F ... 0x9F).contains(value)
        }
        func kept(_ value: UInt32) -> Bool {
            keepingLineBreaks && (value == 0x0A || value == 0x09)
        }
        guard unicodeScalars.contains(where: { isControl($0.value) && !kept($0.value) }) else { return self }
        var output = ""
        output.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            let value = scalar.value
            guard isControl(value), !kept(value) else {
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
}
