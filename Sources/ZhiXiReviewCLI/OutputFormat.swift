/// The output formats a command can print.
enum OutputFormat: String, CaseIterable {
    /// An aligned table or grouped list for people.
    case text
    /// Comma-separated values with a header row.
    case csv
    /// JSON for programs.
    case json
    /// An iCalendar file (`plan` only).
    case ics

    /// Parses `--format`, accepting only `allowed`.
    static func parse(_ value: String?, allowed: [OutputFormat], usage: String) throws(CommandError) -> OutputFormat {
        guard let value else { return .text }
        guard let format = OutputFormat(rawValue: value.lowercased()), allowed.contains(format) else {
            throw .usage("unknown format '\(value)'; use one of \(allowed.map(\.rawValue).joined(separator: ", "))", usage: usage)
        }
        return format
    }
}
