import Foundation
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-review states REVLOG.csv`: every card's memory state and next due date, replayed
/// from a review history.
enum StatesCommand {
    static let usage = """
    usage: zhixi-review states REVLOG.csv [--params FILE|JSON] [--retention R]
                                         [--timezone TZ] [--day-start H] [--now ISO-8601]
                                         [--learning-steps LIST] [--relearning-steps LIST]
                                         [--max-interval DAYS] [--no-fuzz] [--elapsed 24h|calendar]
                                         [--format text|csv|json]

    Replays every card of a review log (CSV: card_id, review_time, review_rating, optional
    review_state and review_duration, any column order) through the FSRS-6 card scheduler
    and prints, per card: its id, number of reviews, scheduler state and step, stability
    (days), difficulty (1-10), retrievability now (0-1) and when it is next due.

    options:
      --params FILE|JSON       21 FSRS-6 parameters as a JSON array, inline or in a file
                               (default: the FSRS-6 defaults; 17/19-value vectors are filled)
      --retention R            desired retention, 0 < R < 1 (default 0.9)
      --timezone TZ            IANA time zone that study days are counted in (default UTC)
      --day-start H            local hour at which a new study day starts, 0-23 (default 4)
      --now ISO-8601           the moment for retrievability (default: the current time)
      --learning-steps LIST    waits between learning steps, e.g. 1m,10m (default); durations
                               are 30s, 10m, 1h, 1d; "none" for no steps
      --relearning-steps LIST  waits between relearning steps (default 10m; "none" for none)
      --max-interval DAYS      longest interval in days (default 36500)
      --no-fuzz                exact intervals (default: Anki's fuzz, seeded by card and review)
      --elapsed MODE           calendar (default): study days in the time zone, starting at the
                               day-start hour; 24h: whole 24-hour periods, as py-fsrs
      --format FORMAT          text (default), csv or json
      -h, --help               show this help

    JSON output is an array of objects with keys cardId, reviews, state ("new", "learning",
    "review" or "relearning"), step (an integer, or null outside learning and relearning),
    stability, difficulty, retrievability and due (ISO-8601 UTC).
    """

    static let parser = ArgumentParser(options: [
        .init(name: "params"), .init(name: "retention"), .init(name: "timezone"), .init(name: "day-start"),
        .init(name: "now"), .init(name: "learning-steps"), .init(name: "relearning-steps"), .init(name: "max-interval"),
        .init(name: "no-fuzz", takesValue: false), .init(name: "elapsed"), .init(name: "format"),
        .init(name: "help", takesValue: false),
    ], usage: usage)

    static func run(_ arguments: [String], context: CommandContext) throws(CommandError) {
        guard let (parsed, path) = try parser.parseWithInput(arguments, command: "states", input: "a review log (REVLOG.csv)",
                                                              context: context) else { return }
        let format = try OutputFormat.parse(parsed.value("format"), allowed: [.text, .csv, .json], usage: usage)
        let calendar = try CommonOptions.calendar(parsed, usage: usage)
        var configuration = SchedulerConfiguration()
        configuration.desiredRetention = try CommonOptions.retention(parsed, usage: usage)
        configuration.maximumIntervalDays = try CommonOptions.positiveInteger(parsed, "max-interval", default: 36_500, usage: usage)
        configuration.learningSteps = try durations(parsed.value("learning-steps") ?? "1m,10m", option: "learning-steps")
        configuration.relearningSteps = try durations(parsed.value("relearning-steps") ?? "10m", option: "relearning-steps")
        configuration.fuzz = parsed.flag("no-fuzz") ? .off : .uniform
        switch parsed.value("elapsed") ?? "calendar" {
        case "calendar": configuration.elapsedDays = .studyDays(calendar)
        case "24h": configuration.elapsedDays = .twentyFourHourPeriods
        case let other: throw .usage("--elapsed '\(other)' must be 24h or calendar", usage: usage)
        }
        let now = try CommonOptions.now(parsed, context: context, usage: usage)
        configuration.parameters = try CommonOptions.parameters(parsed, usage: usage)
        let scheduler: CardScheduler
        do {
            scheduler = try CardScheduler(configuration)
        } catch {
            throw .usage(error.description, usage: usage)
        }

        let data = try FileAccess.read(path)
        let entries: [ReviewLogEntry]
        do {
            entries = try ReviewLogCSV.parse(data)
        } catch {
            throw .dataError("\(path): \(error.description)")
        }
        let summaries = CardScheduleSummary.summaries(of: CardReviewHistories(entries), scheduler: scheduler, now: now)
        switch format {
        case .json: context.write(json(summaries))
        case .csv: context.write(csv(summaries))
        default: context.write(text(summaries, calendar: calendar))
        }
    }

    /// A comma-separated list of durations (`30s`, `10m`, `1h`, `1d`, or plain seconds) in
    /// seconds; `none` is the empty list.
    static func durations(_ text: String, option: String) throws(CommandError) -> [Double] {
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
            guard let seconds, seconds.isFinite, seconds > 0 else {
                throw .usage("--\(option): '\(item)' is not a duration; use e.g. 30s, 10m, 1h or 1d, comma-separated, or none",
                             usage: usage)
            }
            result.append(seconds)
        }
        return result
    }

    static func stepText(_ card: Card) -> String { card.step.map(String.init) ?? "" }

    static func json(_ summaries: [CardScheduleSummary]) -> String {
        var output = "["
        for (index, summary) in summaries.enumerated() {
            let card = summary.card
            output += index == 0 ? "\n  {" : ",\n  {"
            output += "\"cardId\": " + TextFormatting.jsonString(summary.cardID)
            output += ", \"reviews\": \(summary.reviewCount)"
            output += ", \"state\": \"\(card.state)\", \"step\": " + (card.step.map(String.init) ?? "null")
            output += ", \"stability\": " + (card.stability.map { TextFormatting.fixed($0, 6) } ?? "null")
            output += ", \"difficulty\": " + (card.difficulty.map { TextFormatting.fixed($0, 6) } ?? "null")
            output += ", \"retrievability\": " + TextFormatting.fixed(summary.retrievability, 6)
            output += ", \"due\": \"" + TextFormatting.iso8601UTC(card.due.timeIntervalSince1970) + "\"}"
        }
        return output + (summaries.isEmpty ? "]\n" : "\n]\n")
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

    static func text(_ summaries: [CardScheduleSummary], calendar: StudyCalendar) -> String {
        let rows = summaries.map { summary in
            let card = summary.card
            return [summary.cardID, String(summary.reviewCount), card.state.description, stepText(card),
                    card.stability.map { TextFormatting.fixed($0, 2) } ?? "", card.difficulty.map { TextFormatting.fixed($0, 2) } ?? "",
                    TextFormatting.fixed(summary.retrievability, 3),
                    TextFormatting.localDateTime(card.due.timeIntervalSince1970, calendar: calendar)]
        }
        let dueHeader = "DUE (\(calendar.timeZoneIdentifier))"
        return TextFormatting.table(
            header: ["CARD", "REVIEWS", "STATE", "STEP", "STABILITY(d)", "DIFFICULTY", "RECALL NOW", dueHeader],
            rows: rows, rightAligned: [1, 3, 4, 5, 6])
            + "\(summaries.count) cards, \(summaries.reduce(0) { $0 + $1.reviewCount }) reviews\n"
    }
}
