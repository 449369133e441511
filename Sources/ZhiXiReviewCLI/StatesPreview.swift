import Foundation
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `states --preview`: beside each card, what Again, Hard, Good and Easy would do now under
/// Anki's rules, in text, JSON and CSV.
enum StatesPreview {
    static let option = CommandOption<Bool>.flag(
        "preview", help: "add what Again, Hard, Good and Easy would do now, by Anki's rules (fuzz, load balancing, "
            + "Hard < Good < Easy and the previous interval as Anki applies them)")

    /// The sentence `states --help` gives the preview's JSON.
    static let jsonHelp = """
    With --preview each object also has a preview object with keys again, hard, good and easy,
    each {state, intervalDays, intervalSeconds, due, stability, difficulty}: intervalDays for an
    interval in days (null otherwise), intervalSeconds for a step within today (null otherwise).
    """

    /// The previews for the summaries at `now`: Anki's rules with the command's settings, study
    /// days of `calendar` (as Anki counts), load-balanced fuzz unless fuzz is off.
    static func previews(_ summaries: [CardScheduleSummary], configuration: SchedulerConfiguration,
                         calendar: StudyCalendar, now: Date) throws(CommandError) -> [CardPreview] {
        var anki = configuration
        anki.rules = .anki
        anki.elapsedDays = .studyDays(calendar)
        anki.fuzz = configuration.fuzz == .off ? .off : .loadBalanced
        let scheduler: CardScheduler
        do {
            scheduler = try CardScheduler(anki)
        } catch {
            throw .usage("states --preview: \(error.description)")
        }
        return CardScheduleSummary.buttonPreviews(of: summaries, scheduler: scheduler, now: now)
    }

    // MARK: JSON

    /// One button in JSON.
    struct ButtonReport: Encodable {
        var state: String
        var intervalDays: ReportNumber
        var intervalSeconds: ReportNumber
        var due: Date
        var stability: ReportNumber
        var difficulty: ReportNumber

        init(_ result: CardReviewResult) {
            state = "\(result.card.state)"
            intervalDays = .whole(result.interval.days)
            intervalSeconds = .whole(result.interval.seconds)
            due = result.card.due
            stability = .fixed(result.card.stability, 6)
            difficulty = .fixed(result.card.difficulty, 6)
        }
    }

    /// The four buttons in JSON.
    struct PreviewReport: Encodable {
        var again, hard, good, easy: ButtonReport

        init(_ preview: CardPreview) {
            again = ButtonReport(preview.again)
            hard = ButtonReport(preview.hard)
            good = ButtonReport(preview.good)
            easy = ButtonReport(preview.easy)
        }
    }

    /// A card's report with its `preview` member last.
    struct CardReport: Encodable {
        var card: StatesCommand.CardReport
        var preview: PreviewReport

        enum CodingKeys: String, CodingKey { case preview }

        func encode(to encoder: any Encoder) throws {
            try card.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(preview, forKey: .preview)
        }
    }

    static func json(_ summaries: [CardScheduleSummary], _ previews: [CardPreview]) throws(CommandError) -> String {
        let reports = zip(summaries, previews).map { CardReport(card: StatesCommand.CardReport($0), preview: PreviewReport($1)) }
        return try OutputJSON.report(reports, style: .elementPerLine, command: "states")
    }

    // MARK: CSV

    static let csvHeader = Rating.allCases.map { rating in
        ["state", "interval_days", "interval_seconds", "due", "stability", "difficulty"].map { "\(rating)_\($0)" }
            .joined(separator: ",")
    }.joined(separator: ",")

    /// The base CSV with the 24 preview columns after each row.
    static func csv(_ summaries: [CardScheduleSummary], _ previews: [CardPreview]) -> String {
        let base = StatesCommand.csv(summaries).split(separator: "\n", omittingEmptySubsequences: false)
        var output = base[0] + "," + csvHeader + "\n"
        for (line, preview) in zip(base.dropFirst(), previews) {
            let cells = Rating.allCases.map { rating -> String in
                let result = preview[rating]
                return ["\(result.card.state)", result.interval.days.map(String.init) ?? "",
                        result.interval.seconds.map(String.init) ?? "",
                        TextFormatting.iso8601UTC(result.card.due.timeIntervalSince1970),
                        result.card.stability.map { TextFormatting.fixed($0, 6) } ?? "",
                        result.card.difficulty.map { TextFormatting.fixed($0, 6) } ?? ""].joined(separator: ",")
            }
            output += line + "," + cells.joined(separator: ",") + "\n"
        }
        return output
    }

    // MARK: Text

    /// `previews` in `format` (the text in `words`' language).
    static func render(_ format: OutputFormat, _ summaries: [CardScheduleSummary], _ previews: [CardPreview],
                       calendar: StudyCalendar, now: Date, words: Localization) throws(CommandError) -> String {
        switch format {
        case .json: try json(summaries, previews)
        case .csv: csv(summaries, previews)
        default: text(summaries, previews, calendar: calendar, now: now, words: words)
        }
    }

    /// The table of `states` with a column per button: its interval as a short label.
    static func text(_ summaries: [CardScheduleSummary], _ previews: [CardPreview], calendar: StudyCalendar, now: Date,
                     words: Localization) -> String {
        let rows = zip(summaries, previews).map { summary, preview in
            StatesCommand.textRow(summary, calendar: calendar, words: words) + Rating.allCases.map { label(preview[$0]) }
        }
        var totals = StatesCommand.totals(summaries)
        totals["moment"] = TextFormatting.localDateTime(now.timeIntervalSince1970, calendar: calendar)
        return TextFormatting.table(
            header: StatesCommand.textHeader(calendar: calendar, words: words)
                + (1...4).map { words.text("states.column.button.\($0)", in: .commands) },
            rows: rows, rightAligned: [1, 3, 4, 5, 6, 8, 9, 10, 11])
            + words.sentence("states.totals.preview", in: .commands, totals) + "\n"
    }

    /// A button's interval as a short label: whole days `3d`, or a step `45s`, `10m`, `1h30m`.
    static func label(_ result: CardReviewResult) -> String {
        switch result.interval {
        case .days(let days): return "\(days)d"
        case .seconds(let seconds):
            let hours = seconds / 3600, minutes = seconds % 3600 / 60, rest = seconds % 60
            var text = ""
            if hours > 0 { text += "\(hours)h" }
            if minutes > 0 { text += "\(minutes)m" }
            if rest > 0 || text.isEmpty { text += "\(rest)s" }
            return text
        }
    }
}
