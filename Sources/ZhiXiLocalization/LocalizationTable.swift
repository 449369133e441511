/// A file of sentences in each language's folder (`<language>.lproj/<name>.strings`, its
/// counted sentences in `<name>.stringsdict`): one per part of the program, so a translator
/// works through one part at a time.
package enum LocalizationTable: String, Sendable, Hashable, CaseIterable {
    /// Dates, the review types' names, number symbols: what every part shows alike.
    case common = "Common"
    /// The planner: task reasons, the plan as text, the notes on a plan.
    case planner = "Planner"
    /// The app's pages.
    case pages = "Pages"
    /// The command line's reports for people (`zhixi-review`).
    case commands = "Commands"
    /// The command line's `--help`: each command's summary, what it does, its options' help.
    case help = "Help"
    /// The command line's errors: usage errors, refusals, unreadable inputs.
    case errors = "Errors"
}
