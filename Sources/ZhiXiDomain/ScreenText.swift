import ZhiXiCore

/// The one rule for text from outside the app — the server's titles, descriptions, replies,
/// analyses, the planner's reasons quoting them — on its way into a page's text: the
/// package's rule for text from outside (`VisibleText`, the same as the command line's), so
/// that a title cannot turn the text after it around (U+202E and the other bidirectional
/// overrides and isolates), hide a control character (ESC, NUL, CR…) or forge a line of its
/// own. Every page's screen takes such text through here, and nowhere else decides.
///
/// ```swift
/// ScreenText.line("梯度\u{202E}下降\r\n")      // 梯度\u{202E}下降\r\n   (visible, one line)
/// ScreenText.lines("第一步\r\n第二步\u{1B}[2J")  // 第一步, a line feed, 第二步\u{1B}[2J
/// ```
package enum ScreenText {
    /// A text shown on one line (a title, a name, a label, a weak point): every hidden
    /// character made visible as an escape (`\u{202E}`, `\r`, `\n`); the text itself when it
    /// holds none.
    ///
    /// - Complexity: O(n) in the text's length.
    package static func line(_ text: String) -> String {
        text.escapingControlCharacters()
    }

    /// A text whose own lines are meant (a reply of the tutor, a description, a suggestion):
    /// line feeds and tabs kept, a CRLF (a server's line end) made a line feed, every other
    /// hidden character made visible (a lone CR as `\r`).
    ///
    /// - Complexity: O(n) in the text's length.
    package static func lines(_ text: String) -> String {
        guard text.unicodeScalars.contains("\r") else { return text.escapingControlCharacters(keepingLineBreaks: true) }
        var joined = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n", previous == "\r" { joined.removeLast() }
            joined.append(scalar)
            previous = scalar
        }
        return String(joined).escapingControlCharacters(keepingLineBreaks: true)
    }

    /// A one-line text that may be absent, made visible as the non-optional `line(_:)` does; `nil` stays `nil`.
    package static func line(_ text: String?) -> String? {
        text.map { line($0) }
    }

    /// A text of lines that may be absent, made visible as the non-optional `lines(_:)` does; `nil` stays `nil`.
    package static func lines(_ text: String?) -> String? {
        text.map { lines($0) }
    }
}
