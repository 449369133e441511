import Foundation
import ZhiXiCore
import ZhiXiScheduler

/// Small, fast, locale-independent formatting used by every output format.
enum TextFormatting {
    /// `value` with exactly `decimals` digits after the point (see `UTF8Text.appendFixed(_:decimals:)`).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var text = UTF8Text(capacity: 24)
        text.appendFixed(value, decimals: decimals)
        return text.string
    }

    /// A JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        String.jsonLiteral(text)
    }

    /// A CSV field, quoted when it holds a comma or a quote. A text that a spreadsheet would
    /// run as a formula (it begins with `=`, `+`, `-` or `@`, and is not a number) gets a
    /// leading `'`, so opening the file runs nothing (OWASP's CSV injection advice).
    /// The package's rule makes everything hidden visible first (``ZhiXiCore/VisibleText``:
    /// control characters, line breaks, bidirectional overrides, as `\u{1B}`, `\n`), so a field
    /// can neither drive a terminal the file is printed on nor forge a row. O(n).
    static func csvField(_ text: String) -> String {
        var text = text.escapingControlCharacters()
        if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first), Double(text) == nil {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The width of text in a terminal: East Asian wide and full-width characters count 2.
    static func displayWidth(_ text: some StringProtocol) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x300...0x36F).contains(value) || value == 0x200B { continue }
            width += isWide(scalar) ? 2 : 1
        }
        return width
    }

    /// Whether `scalar` takes two terminal columns: East Asian wide and full-width characters
    /// (CJK ideographs and punctuation, Hangul, full-width forms) and emoji.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
            || (0x20000...0x3FFFD).contains(value)
    }

    /// Text padded with spaces to a display width, on the right (`alignRight` false) or left.
    static func padded(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = max(0, width - displayWidth(text))
        let spaces = String(repeating: " ", count: padding)
        return alignRight ? spaces + text : text + spaces
    }

    /// An instant as ISO-8601 in UTC, to the second: `2026-11-29T04:00:00Z`.
    static func iso8601UTC(_ secondsSince1970: Double) -> String {
        iso8601(secondsSince1970, offsetSeconds: 0)
    }

    /// An instant as ISO-8601 local time with its offset, to the second:
    /// `2026-11-29T12:00:00+08:00` (`Z` for offset 0).
    static func iso8601(_ secondsSince1970: Double, offsetSeconds: Int) -> String {
        var text = UTF8Text(capacity: 25)
        text.appendISO8601(secondsSince1970: secondsSince1970, utcOffsetSeconds: offsetSeconds)
        return text.string
    }

    /// An instant as ISO-8601 in a study calendar's time zone, with its offset, to the second:
    /// `2026-11-29T04:00:00+08:00`.
    static func iso8601(_ date: Date, on calendar: StudyCalendar) -> String {
        let seconds = date.timeIntervalSince1970
        return iso8601(seconds, offsetSeconds: calendar.utcOffset(atSecondsSince1970: seconds))
    }

    /// An instant as local `YYYY-MM-DD HH:MM` on a study calendar's time zone.
    static func localDateTime(_ secondsSince1970: Double, calendar: StudyCalendar) -> String {
        let text = iso8601(secondsSince1970, offsetSeconds: calendar.utcOffset(atSecondsSince1970: secondsSince1970))
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// A whole number with at least two digits, e.g. `07`.
    static func twoDigits(_ value: Int) -> String {
        var text = UTF8Text(capacity: 4)
        text.append(value, width: 2)
        return text.string
    }

    /// Rows as an aligned table: a header, a rule, and the rows; `rightAligned` columns are
    /// numbers.
    static func table(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        var widths = header.map(displayWidth)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], displayWidth(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                let isLast = column == cells.count - 1
                if column > 0 { text += "  " }
                text += isLast && !rightAligned.contains(column)
                    ? cell : padded(cell, to: widths[column], alignRight: rightAligned.contains(column))
            }
            return text + "\n"
        }
        var output = line(header)
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in rows { output += line(row) }
        return output
    }
}
