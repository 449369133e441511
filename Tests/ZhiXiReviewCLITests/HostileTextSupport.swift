import Foundation
import Testing

/// Text a hostile server or file sends (issue 28, class 2): ESC with a colour, BEL, CR LF and a
/// forged line, a right-to-left override, an isolate, a line separator and a C1 control.
let hostileText = "\u{1B}[31mRED\u{7}\r\nFORGED line\u{202E}evil\u{2066}x\u{2028}y\u{9B}"

/// What would reach a terminal that should not: a raw control character (line feeds, tabs and
/// CRLF excepted), a bidirectional override or isolate, a line or paragraph separator, or a
/// line forged by the text (`FORGED…`, `zhixi-review: all is well`). Empty when there is none.
func terminalFindings(_ text: String, stream: String) -> [String] {
    var findings: [String] = []
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        let value = scalar.value
        let kept = value == 0x0A || value == 0x09 || (value == 0x0D && index + 1 < scalars.count && scalars[index + 1] == "\n")
        let hidden = value < 0x20 || (0x7F ... 0x9F).contains(value) || (0x2028 ... 0x202E).contains(value)
            || (0x2066 ... 0x2069).contains(value)
        if hidden && !kept {
            findings.append("\(stream): U+\(String(value, radix: 16, uppercase: true)) raw at scalar \(index)")
            break
        }
    }
    for line in text.split(separator: "\n") where line.hasPrefix("FORGED") || line.hasPrefix("zhixi-review: all is well") {
        findings.append("\(stream): a forged line: \(line.prefix(60))")
    }
    return findings
}

/// ``terminalFindings(_:stream:)`` of a run's standard output and error.
func terminalFindings(_ run: CommandRun) -> [String] {
    terminalFindings(run.output, stream: "standard output") + terminalFindings(run.error, stream: "standard error")
}

/// Whether `text` is JSON: one document, or one per line.
func readsAsJSON(_ text: String) -> Bool {
    if (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil { return true }
    let lines = text.split(separator: "\n")
    return !lines.isEmpty && lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }
}
