/// The output formats a command can print.
enum OutputFormat: String, CaseIterable, Sendable {
    /// An aligned table or grouped list for people.
    case text
    /// Comma-separated values with a header row.
    case csv
    /// JSON for programs.
    case json
    /// An iCalendar file (`plan` only).
    case ics
}
