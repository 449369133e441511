import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-review states REVLOG.csv`: every card's memory state and next due date, replayed
/// from a review history.
enum StatesCommand: Command {
    static let retention = SharedOptions.retention(default: "0.9")
    static let timeZone = SharedOptions.timeZone(default: "UTC")
    static let dayStart = SharedOptions.dayStart(default: "4")
    static let now = CommandOption<MomentArgument>.moment("now", default: "the current time", help: "the moment for retrievability")
    static let learningSteps = steps("learning-steps", default: "1m,10m", help: "waits between learning steps")
    static let relearningSteps = steps("relearning-steps", default: "10m", help: "waits between relearning steps")
    static let maximumInterval = CommandOption<Int>.integer(
        "max-interval", placeholder: "DAYS", range: 1...36_500, default: 36_500, unit: "days", help: "longest interval")
    static let noFuzz = CommandOption<Bool>.flag("no-fuzz", help: "exact intervals (default: Anki's fuzz, seeded by card and review)")
    static let elapsed = CommandOption<ElapsedChoice>.choice(
        "elapsed", ["calendar": .calendar, "24h": .twentyFourHours], default: "calendar",
        help: "how days between reviews are counted: study days in the time zone from the day-start hour (calendar, as Anki), "
            + "or whole 24-hour periods (24h, as py-fsrs)")
    static let format = SharedOptions.format([.text, .csv, .json])

    enum ElapsedChoice: Sendable { case calendar, twentyFourHours }

    static let specification = CommandSpecification(
        name: "states",
        summary: "every card's memory state and next due date from a review log",
        arguments: [.init(placeholder: "REVLOG.csv", help: "a review log in the FSRS CSV format; - reads standard input")],
        discussion: """
        Replays every card of a review log (CSV: card_id, review_time, review_rating, optional
        review_state and review_duration, any column order) through the FSRS-6 card scheduler
        and prints, per card: its id, number of reviews, scheduler state and step, stability
        (days), difficulty (1-10), retrievability now (0-1) and when it is next due.
        """,
        options: [SharedOptions.parameters.erased, retention.erased, timeZone.erased, dayStart.erased, now.erased,
                  learningSteps.erased, relearningSteps.erased, maximumInterval.erased, noFuzz.erased, elapsed.erased,
                  StatesPreview.option.erased, format.erased],
        epilogue: """
        JSON output is an array of objects with keys cardId, reviews, state ("new", "learning",
        "review" or "relearning"), step (an integer, or null outside learning and relearning),
        stability, difficulty, retrievability and due (ISO-8601 UTC).
        """ + "\n" + StatesPreview.jsonHelp)

    /// A list of (re)learning steps: durations such as `30s`, `10m`, `1h`, `1d` (or plain
    /// seconds), comma-separated, or `none`.
    static func steps(_ name: String, default defaultValue: String, help: String) -> CommandOption<[Double]> {
        CommandOption(name: name, placeholder: "LIST", help: help + "; durations such as 30s, 10m, 1h, 1d, or none",
                      defaultDescription: defaultValue, isFlag: false, isRepeatable: false, example: "1m,10m",
                      expectation: "durations such as 30s, 10m, 1h or 1d, comma-separated, or none",
                      parse: durations)
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: format, default: .text)
        let calendar = try SharedOptions.calendar(arguments, timeZone: timeZone, dayStart: dayStart,
                                                  defaultTimeZone: "UTC", defaultDayStart: 4)
        var configuration = SchedulerConfiguration()
        configuration.desiredRetention = try arguments.value(of: retention, default: 0.9)
        configuration.maximumIntervalDays = try arguments.value(of: maximumInterval, default: 36_500)
        configuration.learningSteps = try arguments.value(of: learningSteps, default: [60, 600])
        configuration.relearningSteps = try arguments.value(of: relearningSteps, default: [600])
        configuration.fuzz = arguments.flag(noFuzz) ? .off : .uniform
        switch try arguments.value(of: elapsed, default: .calendar) {
        case .calendar: configuration.elapsedDays = .studyDays(calendar)
        case .twentyFourHours: configuration.elapsedDays = .twentyFourHourPeriods
        }
        let now = try arguments.value(of: now, default: .instant(context.now)).date(on: calendar)
        configuration.parameters = try ParameterSource.load(arguments, context: context)
        let scheduler: CardScheduler
        do {
            scheduler = try CardScheduler(configuration)
        } catch {
            throw arguments.usageError(error.description)
        }

        let data = try FileAccess.read(path, limit: InputLimits.reviewLog, format: .text, context: context)
        let log: ReviewLogColumns
        do {
            log = try ReviewLogColumns(csv: data)
        } catch {
            throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
        }
        let histories = CardReviewHistories(log)
        let name = FileAccess.displayName(path)
        if log.numericTimesAreSeconds {
            context.writeError("warning: \(name): review_time values are all below 10^11, so they were read as epoch seconds, not milliseconds")
        }
        if histories.duplicateRowCount > 0 {
            context.writeError("warning: \(name): \(histories.duplicateRowCount) row\(histories.duplicateRowCount == 1 ? " repeats" : "s repeat") an earlier row exactly (card, time, rating, state) and "
                + "\(histories.duplicateRowCount == 1 ? "was" : "were") dropped")
        }
        if histories.manualEntryCount > 0 {
            context.writeError("warning: \(name): \(histories.manualEntryCount) manual entr\(histories.manualEntryCount == 1 ? "y" : "ies") (rating 0: set due date, reset) "
                + "\(histories.manualEntryCount == 1 ? "is" : "are") not a review and \(histories.manualEntryCount == 1 ? "was" : "were") skipped")
        }
        let summaries = CardScheduleSummary.summaries(of: histories, scheduler: scheduler, now: now)
        if arguments.flag(StatesPreview.option) {
            let previews = try StatesPreview.previews(summaries, configuration: configuration, calendar: calendar, now: now)
            return context.write(try StatesPreview.render(format, summaries, previews, calendar: calendar, now: now))
        }
        switch format {
        case .json: context.write(try json(summaries))
        case .csv: context.write(csv(summaries))
        default: context.write(text(summaries, calendar: calendar))
        }
    }

    /// A comma-separated list of durations (`30s`, `10m`, `1h`, `1d`, or plain seconds) in
    /// seconds; `none` is the empty list; `nil` when an item is not a positive duration.
    @Sendable static func durations(_ text: String) -> [Double]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" || trimmed.isEmpty { return [] }
        var result: [Double] = []
        for item in trimmed.split(separator: ",") {
            let piece = item.trimmingCharacters(in: .whitespaces).lowercased()
            let units: [(String, Double)] = [("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]
            var seconds: Double?
            if let (suffix, scale) = units.first(where: { piece.hasSuffix($0.0) }) {
                seconds = Double(piece.dropLast(suffix.count)).map { $0 * scale }
            } else {
                seconds = Double(piece)
            }
            guard let seconds, seconds.isFinite, seconds > 0, seconds <= 366 * 86_400 else { return nil }
            result.append(seconds)
        }
        return result
    }

    static func stepText(_ card: Card) -> String { card.step.map(String.init) ?? "" }

    /// One card in `--format json`.
    struct CardReport: Encodable {
        var cardID: String
        var reviews: Int
        var state: String
        var step: ReportNumber
        var stability: ReportNumber
        var difficulty: ReportNumber
        var retrievability: ReportNumber
        var due: Date

        enum CodingKeys: String, CodingKey {
            case cardID = "cardId", reviews, state, step, stability, difficulty, retrievability, due
        }

        init(_ summary: CardScheduleSummary) {
            let card = summary.card
            cardID = summary.cardID
            reviews = summary.reviewCount
            state = "\(card.state)"
            step = .whole(card.step)
            stability = .fixed(card.stability, 6)
            difficulty = .fixed(card.difficulty, 6)
            retrievability = .fixed(summary.retrievability, 6)
            due = card.due
        }
    }

    /// `--format json`: an array of ``CardReport``s, one per line.
    static func json(_ summaries: [CardScheduleSummary]) throws(CommandError) -> String {
        try OutputJSON.report(summaries.map(CardReport.init), style: .elementPerLine, command: "states")
    }

    static func csv(_ summaries: [CardScheduleSummary]) -> String {
        var output = "card_id,reviews,state,step,stability,difficulty,retrievability,due\n"
        for summary in summaries {
            let card = summary.card
            output += TextFormatting.csvField(summary.cardID) + ",\(summary.reviewCount),\(card.state),\(stepText(card)),"
            output += (card.stability.map { TextFormatting.fixed($0, 6) } ?? "") + ","
            output += (card.difficulty.map { TextFormatting.fixed($0, 6) } ?? "") + ","
            output += TextFormatting.fixed(summary.retrievability, 6) + ","
            output += TextFormatting.iso8601UTC(card.due.timeIntervalSince1970) + "\n"
        }
        return output
    }

    /// A card's cells in the text table.
    static func textRow(_ summary: CardScheduleSummary, calendar: StudyCalendar) -> [String] {
        let card = summary.card
        return [summary.cardID.escapingControlCharacters(), String(summary.reviewCount), card.state.description, stepText(card),
                card.stability.map { TextFormatting.fixed($0, 2) } ?? "", card.difficulty.map { TextFormatting.fixed($0, 2) } ?? "",
                TextFormatting.fixed(summary.retrievability, 3),
                TextFormatting.localDateTime(card.due.timeIntervalSince1970, calendar: calendar)]
    }

    /// The text table's header.
    static func textHeader(calendar: StudyCalendar) -> [String] {
        ["CARD", "REVIEWS", "STATE", "STEP", "STABILITY(d)", "DIFFICULTY", "RECALL NOW", "DUE (\(calendar.timeZoneIdentifier))"]
    }

    static func text(_ summaries: [CardScheduleSummary], calendar: StudyCalendar) -> String {
        TextFormatting.table(header: textHeader(calendar: calendar), rows: summaries.map { textRow($0, calendar: calendar) },
                             rightAligned: [1, 3, 4, 5, 6])
            + "\(summaries.count) cards, \(summaries.reduce(0) { $0 + $1.reviewCount }) reviews\n"
    }
}
