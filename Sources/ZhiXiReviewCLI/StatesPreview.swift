import Foundation
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `states --preview`: beside each card, what Again, Hard, Good and Easy would do now under
/// Anki's rules, in text, JSON and CSV. For a review log, from the replayed card; for an Anki
/// collection, from the card as the collection holds it, as Anki does (`AnkiInput.buttons`).
enum StatesPreview {
    static let option = CommandOption<Bool>.flag(
        "preview")

    /// What one button does, as the preview shows it.
    struct Button {
        /// The state after the answer.
        var state: CardState
        /// The interval on the button: days, or seconds for a step within today.
        var interval: ReviewInterval
        /// When the card is then due.
        var due: Date
        /// The memory after the answer.
        var stability: Double?
        var difficulty: Double?

        init(state: CardState, interval: ReviewInterval, due: Date, stability: Double?, difficulty: Double?) {
            self.state = state
            self.interval = interval
            self.due = due
            self.stability = stability
            self.difficulty = difficulty
        }

        init(_ result: CardReviewResult) {
            self.init(state: result.card.state, interval: result.interval, due: result.card.due, stability: result.card.stability,
                      difficulty: result.card.difficulty)
        }
    }

    /// The four buttons of a card, Again first.
    typealias Buttons = [Button]

    /// The previews for the summaries at `now`: Anki's rules with the command's settings, study
    /// days of `calendar` (as Anki counts), load-balanced fuzz unless fuzz is off.
    static func previews(_ summaries: [CardScheduleSummary], configuration: SchedulerConfiguration,
                         calendar: StudyCalendar, now: Date) throws(CommandError) -> [Buttons] {
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
        return CardScheduleSummary.buttonPreviews(of: summaries, scheduler: scheduler, now: now).map { preview in
            Rating.allCases.map { Button(preview[$0]) }
        }
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

        init(_ button: Button) {
            state = "\(button.state)"
            intervalDays = .whole(button.interval.days)
            intervalSeconds = .whole(button.interval.seconds)
            due = button.due
            stability = .fixed(button.stability, 6)
            difficulty = .fixed(button.difficulty, 6)
        }
    }

    /// The four buttons in JSON.
    struct PreviewReport: Encodable {
        var again, hard, good, easy: ButtonReport

        init(_ buttons: Buttons) {
            again = ButtonReport(buttons[0])
            hard = ButtonReport(buttons[1])
            good = ButtonReport(buttons[2])
            easy = ButtonReport(buttons[3])
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

    static func json(_ summaries: [CardScheduleSummary], _ stored: [StatesCommand.Stored?]?,
                     _ previews: [Buttons]) throws(CommandError) -> String {
        let reports = summaries.indices.map {
            CardReport(card: StatesCommand.CardReport(summaries[$0], stored: stored?[$0]), preview: PreviewReport(previews[$0]))
        }
        return try OutputJSON.report(reports, style: .elementPerLine, command: "states")
    }

    // MARK: CSV

    static let csvHeader = Rating.allCases.map { rating in
        ["state", "interval_days", "interval_seconds", "due", "stability", "difficulty"].map { "\(rating)_\($0)" }
            .joined(separator: ",")
    }.joined(separator: ",")

    /// The base CSV with the 24 preview columns after each row.
    static func csv(_ summaries: [CardScheduleSummary], _ stored: [StatesCommand.Stored?]?, _ previews: [Buttons]) -> String {
        let base = StatesCommand.csv(summaries, stored).split(separator: "\n", omittingEmptySubsequences: false)
        var output = base[0] + "," + csvHeader + "\n"
        for (line, preview) in zip(base.dropFirst(), previews) {
            let cells = preview.map { button -> String in
                ["\(button.state)", button.interval.days.map(String.init) ?? "", button.interval.seconds.map(String.init) ?? "",
                 TextFormatting.iso8601UTC(button.due.timeIntervalSince1970),
                 button.stability.map { TextFormatting.fixed($0, 6) } ?? "",
                 button.difficulty.map { TextFormatting.fixed($0, 6) } ?? ""].joined(separator: ",")
            }
            output += line + "," + cells.joined(separator: ",") + "\n"
        }
        return output
    }

    // MARK: Text

    /// `previews` in `format` (the text in `words`' language).
    static func render(_ format: OutputFormat, _ summaries: [CardScheduleSummary], _ stored: [StatesCommand.Stored?]?,
                       _ previews: [Buttons], calendar: StudyCalendar, now: Date, words: Localization) throws(CommandError) -> String {
        switch format {
        case .json: try json(summaries, stored, previews)
        case .csv: csv(summaries, stored, previews)
        default: text(summaries, stored, previews, calendar: calendar, now: now, words: words)
        }
    }

    /// The table of `states` with a column per button: its interval as a short label.
    static func text(_ summaries: [CardScheduleSummary], _ stored: [StatesCommand.Stored?]?, _ previews: [Buttons],
                     calendar: StudyCalendar, now: Date, words: Localization) -> String {
        let rows = summaries.indices.map { index in
            StatesCommand.textRow(summaries[index], stored: stored.map { $0[index] }, calendar: calendar, words: words)
                + previews[index].map(label)
        }
        var totals = StatesCommand.totals(summaries)
        totals["moment"] = TextFormatting.localDateTime(now.timeIntervalSince1970, calendar: calendar)
        let header = StatesCommand.textHeader(calendar: calendar, stored: stored != nil, words: words)
        return TextFormatting.table(
            header: header + (1...4).map { words.text("states.column.button.\($0)", in: .commands) },
            rows: rows, rightAligned: StatesCommand.rightAligned(stored: stored != nil).union(header.count ..< header.count + 4))
            + words.sentence("states.totals.preview", in: .commands, totals) + "\n"
            + (stored == nil ? "" : words.text("states.stored.legend", in: .commands) + "\n")
    }

    /// A button's interval as a short label: whole days `3d`, or a step `45s`, `10m`, `1h30m`.
    static func label(_ button: Button) -> String {
        switch button.interval {
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
