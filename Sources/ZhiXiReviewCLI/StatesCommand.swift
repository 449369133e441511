import Foundation
import ZhiXiAnki
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiModel
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-review states REVLOG.csv`: every card's memory state and next due date, replayed
/// from a review history.
enum StatesCommand: Command {
    /// The scheduler's defaults, used where neither an option nor an Anki file gives a setting.
    static let defaults = SchedulerConfiguration.pyFSRS

    enum ElapsedChoice: Sendable {
        case calendar, anki, twentyFourHours

        /// `--elapsed` when it is not given: Anki's day count for an Anki file (its days, as
        /// Anki counts them now), calendar days for a CSV log or a workspace.
        static func defaultChoice(ankiFile: Bool) -> ElapsedChoice { ankiFile ? .anki : .calendar }
    }

    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let parameters = SharedOptions.parameters
        let retention = SharedOptions.retention(defaultValues: ["retention": "\(defaults.desiredRetention)"])
        let timeZone = SharedOptions.timeZone(defaultValues: ["zone": UserLearningProfile.defaultTimeZone])
        let dayStart = SharedOptions.dayStart(defaultValues: ["hour": "\(UserLearningProfile.defaultDayStartHour)"])
        let now = CommandOption<MomentArgument>.moment(defaultingToNow: "now")
        let learningSteps = steps("learning-steps", defaultSteps: defaults.learningSteps)
        let relearningSteps = steps("relearning-steps", defaultSteps: defaults.relearningSteps)
        let maximumInterval = CommandOption<Int>.integer(
            "max-interval", placeholder: "DAYS", range: 1...36_500,
            defaultValues: ["days": "\(defaults.maximumIntervalDays)"], unit: "days")
        let noFuzz = CommandOption<Bool>.flag("no-fuzz")
        let elapsed = CommandOption<ElapsedChoice>.choice(
            "elapsed", ["calendar": .calendar, "anki": .anki, "24h": .twentyFourHours])
        let deck = ReviewLogSource.deck
        let preset = ReviewLogSource.preset
        let preview = StatesPreview.option
        let format = SharedOptions.format([.text, .csv, .json])
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "states",
        arguments: [.init(placeholder: "REVLOG.csv|COLLECTION")],
        options: options)

    /// A list of (re)learning steps: durations such as `30s`, `10m`, `1h`, `1d` (or plain
    /// seconds), comma-separated, or `none`.
    /// The help shows `defaultSteps` as the default (the `Help` file's `{steps}`).
    static func steps(_ name: String, defaultSteps: [Double]) -> CommandOption<[Double]> {
        CommandOption(name: name, placeholder: "LIST", defaultDescription: nil, defaultValues: ["steps": durationsText(defaultSteps)], isFlag: false, isRepeatable: false, example: "1m,10m",
                      expectation: OptionExpectation("steps"),
                      parse: durations)
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: options.format)
        let words = context.words
        let retentionGiven = try arguments.value(of: options.retention)
        let maximumGiven = try arguments.value(of: options.maximumInterval)
        let learningGiven = try arguments.value(of: options.learningSteps)
        let relearningGiven = try arguments.value(of: options.relearningSteps)
        let nowArgument = try arguments.value(of: options.now)
        let givenParameters = arguments.isGiven(SharedOptions.parameters) ? try ParameterSource.load(arguments, context: context) : nil
        let zone = try arguments.value(of: options.timeZone), hour = try arguments.value(of: options.dayStart)
        let logCalendar = try SharedOptions.calendar(arguments, timeZone: options.timeZone, dayStart: options.dayStart)
        // An Anki file's integrity check runs beside the reading and the replay; it is waited
        // for before anything is written.
        let source = try ReviewLogSource.read(path, limit: InputLimits.reviewLog, arguments: arguments, context: context,
                                              deferringVerification: true)
        let anki: AnkiInput? = if case .anki(let input) = source { input } else { nil }
        let calendar = try anki?.calendar(zone: zone, hour: hour, arguments: arguments) ?? logCalendar
        let elapsedChoice = try arguments.value(of: options.elapsed) ?? .defaultChoice(ankiFile: anki != nil)
        // For an Anki file each card takes its own settings (AnkiInput.replaySchedulers); the flags
        // override them for every card.
        var configuration = SchedulerConfiguration()
        configuration.desiredRetention = retentionGiven ?? defaults.desiredRetention
        configuration.maximumIntervalDays = maximumGiven ?? defaults.maximumIntervalDays
        configuration.learningSteps = learningGiven ?? defaults.learningSteps
        configuration.relearningSteps = relearningGiven ?? defaults.relearningSteps
        configuration.fuzz = arguments.flag(options.noFuzz) ? .off : .uniform
        let now = nowArgument.date(on: calendar)
        switch elapsedChoice {
        case .calendar: configuration.elapsedDays = .studyDays(calendar)
        case .anki: configuration.elapsedDays = .ankiDays(AnkiDayCount(at: now, calendar: calendar))
        case .twentyFourHours: configuration.elapsedDays = .twentyFourHourPeriods
        }
        configuration.parameters = givenParameters ?? .default
        let scheduler: CardScheduler
        do {
            scheduler = try CardScheduler(configuration)
        } catch {
            try source.verify()   // a damaged file's settings are the damage, not a usage error
            throw arguments.usageError(error.description)
        }

        let log = try source.columns(name: FileAccess.displayName(path))
        let timelines = ReviewTimelines(log: log, days: configuration.elapsedDays, filter: .memoryState, cardCutoffs: anki?.cardCutoffs)
        let overrides = AnkiSettingOverrides(fsrsParameters: givenParameters?.weights, desiredRetention: retentionGiven,
                                             learningStepsMinutes: learningGiven?.map { $0 / 60 },
                                             relearningStepsMinutes: relearningGiven?.map { $0 / 60 }, maximumIntervalDays: maximumGiven)
        let summaries: [CardScheduleSummary]
        var stored: [AnkiStoredCards.Stored?]?
        var storedCards: AnkiStoredCards?
        if let anki {
            let schedulers: [(scheduler: CardScheduler, historicalRetention: Double)]
            do {
                schedulers = try anki.replaySchedulers(base: configuration, overrides: overrides, given: givenParameters)
            } catch {
                try source.verify()   // a damaged file's settings are the damage
                throw error
            }
            var logCard: [String: Int] = [:]
            for (index, id) in log.cardIDs.enumerated() { logCard[id] = index }
            summaries = CardScheduleSummary.summaries(of: timelines, now: now) { schedulers[logCard[timelines.cardIDs[$0]] ?? 0] }
            let cards = AnkiStoredCards(anki, calendar: calendar, now: now)
            stored = summaries.map { cards.stored($0.cardID, overrides: overrides) }
            storedCards = cards
        } else {
            summaries = CardScheduleSummary.summaries(of: timelines, scheduler: scheduler, now: now)
        }
        // The replay above ran beside the integrity check; nothing is written before its verdict.
        try source.verify()
        let name = FileAccess.displayName(path)
        if log.numericTimesAreSeconds {
            let words = context.words
            context.writeError(words.sentence("report.warning", in: .commands, [
                "text": words.sentence("input.secondsNotMilliseconds", in: .commands, ["name": name]),
            ]))
        }
        for warning in TrainingInput.historyWarnings(timelines.filterReport, words: context.words) {
            let text = context.words.sentence("input.fileWarning", in: .commands, ["name": name, "text": warning])
            context.writeError(context.words.sentence("report.warning", in: .commands, ["text": text]))
        }
        // With an Anki file, the text output ends with what was read and which settings were used
        // (in the text's language).
        var ankiSummary = ""
        if let anki, format == .text {
            var overridden: Set<AnkiInput.Setting> = []
            if givenParameters != nil { overridden.insert(.parameters) }
            if retentionGiven != nil { overridden.insert(.retention) }
            if learningGiven != nil { overridden.insert(.learningSteps) }
            if relearningGiven != nil { overridden.insert(.relearningSteps) }
            if maximumGiven != nil { overridden.insert(.maximumInterval) }
            if hour != nil { overridden.insert(.dayStart) }
            if zone != nil { overridden.insert(.timeZone) }
            ankiSummary = anki.summary(used: [.parameters, .retention, .learningSteps, .relearningSteps, .maximumInterval, .dayStart,
                                              .timeZone], overridden: overridden, words: words)
        }
        if arguments.flag(StatesPreview.option) {
            let previews: [StatesPreview.Buttons]
            if let storedCards, let stored {
                // As Anki: from the card as the collection holds it.
                let pairs = zip(stored, summaries).compactMap { card, summary in card.map { ($0, summary.card.memoryState) } }
                guard pairs.count == summaries.count else { throw .dataError("\(name): a replayed card is not among the chosen cards") }
                previews = try storedCards.buttons(pairs, fuzz: configuration.fuzz != .off)
            } else {
                previews = try StatesPreview.previews(summaries, configuration: configuration, calendar: calendar, now: now)
            }
            return context.write(try StatesPreview.render(format, summaries, stored, previews, calendar: calendar, now: now, words: words)
                                 + ankiSummary)
        }
        switch format {
        case .json: context.write(try json(summaries, stored))
        case .csv: context.write(csv(summaries, stored))
        default: context.write(text(summaries, stored, calendar: calendar, words: words) + ankiSummary)
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

    /// Durations in seconds as ``durations(_:)`` reads them: each in the largest unit that
    /// divides it (`1m,10m`), `none` for no step.
    static func durationsText(_ seconds: [Double]) -> String {
        guard !seconds.isEmpty else { return "none" }
        let units: [(String, Double)] = [("d", 86_400), ("h", 3600), ("m", 60)]
        return seconds.map { value in
            let (suffix, scale) = units.first { value.truncatingRemainder(dividingBy: $0.1) == 0 } ?? ("s", 1)
            let count = value / scale
            return (count == count.rounded() ? String(Int(count)) : String(count)) + suffix
        }.joined(separator: ",")
    }

    static func stepText(_ card: Card) -> String { card.step.map(String.init) ?? "" }

    /// A card as an Anki collection stores it (`nil` for a review log's cards).
    typealias Stored = AnkiStoredCards.Stored

    /// The stored card in `--format json`: what Anki will do, beside the replay.
    struct StoredReport: Encodable {
        var due: Date?
        var intervalDays: Int64
        var reviews: Int64
        var stability: ReportNumber
        var difficulty: ReportNumber

        init(_ stored: Stored) {
            due = stored.due
            intervalDays = stored.card.intervalDays
            reviews = stored.card.reps
            stability = .fixed(stored.card.stability, 6)
            difficulty = .fixed(stored.card.difficulty, 6)
        }
    }

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
        var stored: StoredReport?

        enum CodingKeys: String, CodingKey {
            case cardID = "cardId", reviews, state, step, stability, difficulty, retrievability, due, stored
        }

        init(_ summary: CardScheduleSummary, stored: Stored? = nil) {
            let card = summary.card
            cardID = summary.cardID
            reviews = summary.reviewCount
            state = "\(card.state)"
            step = .whole(card.step)
            stability = .fixed(card.stability, 6)
            difficulty = .fixed(card.difficulty, 6)
            retrievability = .fixed(summary.retrievability, 6)
            due = card.due
            self.stored = stored.map(StoredReport.init)
        }
    }

    /// `--format json`: an array of ``CardReport``s, one per line.
    static func json(_ summaries: [CardScheduleSummary], _ stored: [Stored?]?) throws(CommandError) -> String {
        try OutputJSON.report(summaries.indices.map { CardReport(summaries[$0], stored: stored?[$0]) }, style: .elementPerLine,
                              command: "states")
    }

    /// The CSV's stored columns, after the replayed ones (an Anki file only).
    static let storedCSVHeader = "stored_due,stored_interval_days,stored_reviews,stored_stability,stored_difficulty"

    static func csv(_ summaries: [CardScheduleSummary], _ stored: [Stored?]?) -> String {
        var output = "card_id,reviews,state,step,stability,difficulty,retrievability,due" + (stored == nil ? "" : "," + storedCSVHeader) + "\n"
        for (index, summary) in summaries.enumerated() {
            let card = summary.card
            output += TextFormatting.csvField(summary.cardID) + ",\(summary.reviewCount),\(card.state),\(stepText(card)),"
            output += (card.stability.map { TextFormatting.fixed($0, 6) } ?? "") + ","
            output += (card.difficulty.map { TextFormatting.fixed($0, 6) } ?? "") + ","
            output += TextFormatting.fixed(summary.retrievability, 6) + ","
            output += TextFormatting.iso8601UTC(card.due.timeIntervalSince1970)
            if let stored {
                let kept = stored[index]
                output += "," + [kept?.due.map { TextFormatting.iso8601UTC($0.timeIntervalSince1970) } ?? "",
                                 kept.map { String($0.card.intervalDays) } ?? "", kept.map { String($0.card.reps) } ?? "",
                                 kept?.card.stability.map { TextFormatting.fixed($0, 6) } ?? "",
                                 kept?.card.difficulty.map { TextFormatting.fixed($0, 6) } ?? ""].joined(separator: ",")
            }
            output += "\n"
        }
        return output
    }

    /// A card's cells in the text table, its state in `words`' language; with an Anki file, the
    /// card as stored after the replayed columns.
    static func textRow(_ summary: CardScheduleSummary, stored: Stored??, calendar: StudyCalendar, words: Localization) -> [String] {
        let card = summary.card
        var cells = [summary.cardID.escapingControlCharacters(), String(summary.reviewCount), stateName(card.state, words: words), stepText(card),
                     card.stability.map { TextFormatting.fixed($0, 2) } ?? "", card.difficulty.map { TextFormatting.fixed($0, 2) } ?? "",
                     TextFormatting.fixed(summary.retrievability, 3),
                     TextFormatting.localDateTime(card.due.timeIntervalSince1970, calendar: calendar)]
        if case .some(let kept) = stored {
            cells += [kept?.due.map { TextFormatting.localDateTime($0.timeIntervalSince1970, calendar: calendar) } ?? "",
                      kept.map { String($0.card.intervalDays) } ?? "", kept.map { String($0.card.reps) } ?? "",
                      kept?.card.stability.map { TextFormatting.fixed($0, 2) } ?? "",
                      kept?.card.difficulty.map { TextFormatting.fixed($0, 2) } ?? ""]
        }
        return cells
    }

    /// A card's state in `words`' language (`states.state.*`; JSON and CSV keep `CardState`'s English name).
    static func stateName(_ state: CardState, words: Localization) -> String {
        words.text("states.state.\(state)", in: .commands)
    }

    /// The text table's header in `words`' language (with the stored columns for an Anki file).
    static func textHeader(calendar: StudyCalendar, stored: Bool, words: Localization) -> [String] {
        ["card", "reviews", "state", "step", "stability", "difficulty", "recallNow"].map { words.text("states.column." + $0, in: .commands) }
            + [words.sentence("states.column.due", in: .commands, ["zone": calendar.timeZoneIdentifier])]
            + (stored ? ["storedDue", "storedInterval", "storedReviews", "storedStability", "storedDifficulty"]
                .map { words.text("states.column." + $0, in: .commands) } : [])
    }

    /// The columns of the text table aligned right (the numbers).
    static func rightAligned(stored: Bool) -> Set<Int> { Set([1, 3, 4, 5, 6] + (stored ? [9, 10, 11, 12] : [])) }

    /// How many cards and reviews the table has: the blanks of `states.totals`.
    static func totals(_ summaries: [CardScheduleSummary]) -> [String: String] {
        ["cards": String(summaries.count), "reviews": String(summaries.reduce(0) { $0 + $1.reviewCount })]
    }

    /// The table of every card and its totals, in `words`' language.
    static func text(_ summaries: [CardScheduleSummary], _ stored: [Stored?]?, calendar: StudyCalendar, words: Localization) -> String {
        TextFormatting.table(header: textHeader(calendar: calendar, stored: stored != nil, words: words),
                             rows: summaries.indices.map { index in
                                 textRow(summaries[index], stored: stored.map { $0[index] }, calendar: calendar, words: words)
                             },
                             rightAligned: rightAligned(stored: stored != nil))
            + words.sentence("states.totals", in: .commands, totals(summaries)) + "\n"
            + (stored == nil ? "" : words.text("states.stored.legend", in: .commands) + "\n")
    }
}
