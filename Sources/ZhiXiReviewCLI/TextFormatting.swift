import ZhiXiScheduler

/// Small, fast, locale-independent formatting used by every output format.
enum TextFormatting {
    /// `value` with exactly `decimals` digits after the point (round half away from zero);
    /// `nan` and `inf` spelled out.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e15 else { return String(value) }
        let integer = UInt64(scaled)
        var digits = String(integer)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return (value < 0 && integer != 0 ? "-" : "") + digits
    }

    /// A JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A CSV field, quoted when it holds a comma, quote or line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The width of text in a terminal: East Asian wide and full-width characters count 2.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x300...0x36F).contains(value) || value == 0x200B { continue }
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            width += wide ? 2 : 1
        }
        return width
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

    /// An instant as ISO-8601 local time with its offset: `2026-11-29T12:00:00+08:00`
    /// (`Z` for offset 0).
    static func iso8601(_ secondsSince1970: Double, offsetSeconds: Int) -> String {
        let (date, time) = localParts(secondsSince1970, offsetSeconds: offsetSeconds)
        let zone: String
        if offsetSeconds == 0 {
            zone = "Z"
        } else {
            let magnitude = abs(offsetSeconds) / 60
            zone = (offsetSeconds < 0 ? "-" : "+") + twoDigits(magnitude / 60) + ":" + twoDigits(magnitude % 60)
        }
        return date + "T" + time + zone
    }

    /// An instant as local `YYYY-MM-DD HH:MM` on a study calendar's time zone.
    static func localDateTime(_ secondsSince1970: Double, calendar: StudyCalendar) -> String {
        let (date, time) = localParts(secondsSince1970, offsetSeconds: calendar.utcOffset(atSecondsSince1970: secondsSince1970))
        return date + " " + time.prefix(5)
    }

    private static func localParts(_ secondsSince1970: Double, offsetSeconds: Int) -> (date: String, time: String) {
        let local = Int((secondsSince1970 + Double(offsetSeconds)).rounded(.down))
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - day * 86_400
        let civil = StudyCalendar.utc.localDate(ofDay: day)
        let date = fourDigits(civil.year) + "-" + twoDigits(civil.month) + "-" + twoDigits(civil.day)
        let time = twoDigits(second / 3600) + ":" + twoDigits(second / 60 % 60) + ":" + twoDigits(second % 60)
        return (date, time)
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    private static func fourDigits(_ value: Int) -> String {
        let text = String(value)
        return text.count >= 4 ? text : String(repeating: "0", count: 4 - text.count) + text
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
