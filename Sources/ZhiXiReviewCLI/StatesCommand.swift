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
                                         [--max-interval DAYS] [--format text|csv|json]

    Replays every card of a review log (CSV: card_id, review_time, review_rating, optional
    review_state and review_duration, any column order) through the FSRS-6 memory model and
    prints, per card: its id, number of reviews, stability (days), difficulty (1-10),
    retrievability now (0-1) and the time it is next due at the desired retention.

    options:
      --params FILE|JSON     21 FSRS-6 parameters as a JSON array, inline or in a file
                             (default: the FSRS-6 defaults; 17/19-value vectors are filled)
      --retention R          desired retention, 0 < R < 1 (default 0.9)
      --timezone TZ          IANA time zone that days are counted in (default UTC)
      --day-start H          local hour at which a new study day starts, 0-23 (default 4)
      --now ISO-8601         the moment for retrievability (default: the current time)
      --max-interval DAYS    longest interval in days (default 36500)
      --format FORMAT        text (default), csv or json
      -h, --help             show this help

    JSON output is an array of objects with keys cardId, reviews, stability, difficulty,
    retrievability, due (ISO-8601 UTC).
    """

    static let parser = ArgumentParser(options: [
        .init(name: "params"), .init(name: "retention"), .init(name: "timezone"), .init(name: "day-start"),
        .init(name: "now"), .init(name: "max-interval"), .init(name: "format"), .init(name: "help", takesValue: false),
    ], usage: usage)

    static func run(_ arguments: [String], context: CommandContext) throws(CommandError) {
        let parsed = try parser.parse(arguments)
        if parsed.flag("help") {
            context.write(usage + "\n")
            return
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw .usage(parsed.positionals.isEmpty ? "states needs a review log (REVLOG.csv)"
                                                    : "states takes one review log, got \(parsed.positionals.count) arguments",
                         usage: usage)
        }
        let format = try OutputFormat.parse(parsed.value("format"), allowed: [.text, .csv, .json], usage: usage)
        let calendar = try CommonOptions.calendar(parsed, usage: usage)
        let retention = try CommonOptions.retention(parsed, usage: usage)
        let maximumInterval = try CommonOptions.positiveInteger(parsed, "max-interval", default: 36_500, usage: usage)
        let now = try CommonOptions.now(parsed, context: context, usage: usage)
        let parameters = try CommonOptions.parameters(parsed, usage: usage)

        let data = try FileAccess.read(path)
        let entries: [ReviewLogEntry]
        do {
            entries = try ReviewLogCSV.parse(data)
        } catch {
            throw .dataError("\(path): \(error.description)")
        }
        let histories = CardReviewHistories(entries)
        let summaries = CardMemorySummary.summaries(
            of: histories, model: MemoryModel(parameters: parameters), calendar: calendar,
            desiredRetention: retention, maximumIntervalDays: maximumInterval,
            nowSecondsSince1970: now.timeIntervalSince1970)

        switch format {
        case .json: context.write(json(summaries))
        case .csv: context.write(csv(summaries))
        default: context.write(text(summaries, calendar: calendar))
        }
    }

    static func json(_ summaries: [CardMemorySummary]) -> String {
        var output = "["
        for (index, summary) in summaries.enumerated() {
            output += index == 0 ? "\n  {" : ",\n  {"
            output += "\"cardId\": " + TextFormatting.jsonString(summary.cardId)
            output += ", \"reviews\": \(summary.reviewCount)"
            output += ", \"stability\": " + TextFormatting.fixed(summary.state.stability, 6)
            output += ", \"difficulty\": " + TextFormatting.fixed(summary.state.difficulty, 6)
            output += ", \"retrievability\": " + TextFormatting.fixed(summary.retrievability, 6)
            output += ", \"due\": \"" + TextFormatting.iso8601UTC(summary.dueSecondsSince1970) + "\"}"
        }
        return output + (summaries.isEmpty ? "]\n" : "\n]\n")
    }

    static func csv(_ summaries: [CardMemorySummary]) -> String {
        var output = "card_id,reviews,stability,difficulty,retrievability,due\n"
        for summary in summaries {
            output += TextFormatting.csvField(summary.cardId) + ",\(summary.reviewCount),"
            output += TextFormatting.fixed(summary.state.stability, 6) + ","
            output += TextFormatting.fixed(summary.state.difficulty, 6) + ","
            output += TextFormatting.fixed(summary.retrievability, 6) + ","
            output += TextFormatting.iso8601UTC(summary.dueSecondsSince1970) + "\n"
        }
        return output
    }

    static func text(_ summaries: [CardMemorySummary], calendar: StudyCalendar) -> String {
        let rows = summaries.map { summary in
            [summary.cardId, String(summary.reviewCount), TextFormatting.fixed(summary.state.stability, 2),
             TextFormatting.fixed(summary.state.difficulty, 2), TextFormatting.fixed(summary.retrievability, 3),
             TextFormatting.localDateTime(summary.dueSecondsSince1970, calendar: calendar)]
        }
        let dueHeader = "DUE (\(calendar.timeZoneIdentifier))"
        return TextFormatting.table(header: ["CARD", "REVIEWS", "STABILITY(d)", "DIFFICULTY", "RECALL NOW", dueHeader],
                                    rows: rows, rightAligned: [1, 2, 3, 4])
            + "\(summaries.count) cards, \(summaries.reduce(0) { $0 + $1.reviewCount }) reviews\n"
    }
}
