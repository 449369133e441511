import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
import ZhiXiSimulation

/// `zhixi-review simulate`: a year (or any span) of learning under one desired retention or
/// a sweep of them, with fsrs-rs's card simulator semantics or the ZhiXi flow.
enum SimulateCommand: Command {
    /// The library's defaults, named in the options' help.
    private static let cardDefaults = SimulatorConfiguration(), zhiXiDefaults = ZhiXiSimulationConfiguration()

    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let days = CommandOption<Int>.integer(
            "days", range: 1...36_500, defaultDescription: "\(cardDefaults.learnSpanDays), or the config's learn_span", unit: "days",
            help: "days simulated")
        let deck = CommandOption<Int>.integer(
            "deck", range: 1...10_000_000,
            defaultDescription: "\(cardDefaults.deckSize) cards (with --revlog: the existing cards and the new ones for every day), or "
                + "\(SimulationRequest.defaultCourseLessons) lessons in ZhiXi mode",
            help: "cards in the deck, existing ones included, or lessons in a new course of 20-minute lessons (ZhiXi mode)")
        let mode = CommandOption<SimulationMode>.choice(
            "mode", ["cards": .cards, "zhixi": .zhiXi], defaultDescription: "cards, or zhixi with --workspace",
            help: "cards: fsrs-rs's card simulator; zhixi: lessons, AI scores, review types, weak points and a daily budget")
        let retention = SharedOptions.retention(defaultDescription: "\(SimulationRequest.defaultDesiredRetention); with --workspace the learner's")
        let sweep = CommandOption<[Double]>(
            name: "sweep", placeholder: "FROM:TO:STEP",
            help: "simulate the retentions FROM, FROM+STEP, ... TO (at least two) instead of one",
            defaultDescription: nil, isFlag: false, isRepeatable: false, example: "0.70:0.97:0.01",
            expectation: "FROM:TO:STEP with 0 < FROM ≤ TO < 1, STEP > 0 and at most 10,000 retentions, e.g. 0.70:0.97:0.01",
            parse: sweepRetentions)
        let parameters = SharedOptions.parameters
        let newPerDay = CommandOption<Double>.number(
            "new-per-day", placeholder: "N", range: 0...1_000_000,
            defaultDescription: "unlimited cards (with --revlog the learner's pace), or 1 lesson in ZhiXi mode", example: "20",
            help: "new cards a day at most (cards mode, a whole number; 0: none), or new lessons a day (ZhiXi mode; fractions "
                + "accumulate: 0.5 is one every other day)")
        let maximumMinutes = CommandOption<Double>.number(
            "max-minutes-per-day", placeholder: "M", range: 0...1_440,
            defaultDescription: "\(zhiXiDefaults.dailyMinutes) (with --workspace the learner's budget); none with --budget", example: "30",
            help: "the daily cap on study, never passed: a card or task that would pass it waits for the next day (a note says "
                + "how many waited); 0 means no limit (a whole number in ZhiXi mode)")
        let weekdayMinutes = SharedOptions.weekdayMinutes(defaultDescription: "every day the daily budget; with --workspace the learner's")
        let away = SharedOptions.away(defaultDescription: "none; with --workspace the learner's breaks (--away replaces them)")
        let seeds = CommandOption<Int>.integer(
            "seeds", range: 1...10_000,
            defaultDescription: "\(SimulationRequest.defaultSeedCount.single), or \(SimulationRequest.defaultSeedCount.sweep) with --sweep",
            help: "runs per retention, with seeds S, S+1, ...; numbers are then means ± standard deviations")
        let seed = CommandOption<UInt64>(
            name: "seed", placeholder: "S", help: "the first seed of the random numbers",
            defaultDescription: "\(SimulationRequest.defaultFirstSeed)", isFlag: false,
            isRepeatable: false, example: "7", expectation: "a whole number from 0 to 18446744073709551615",
            parse: { UInt64($0.trimmingCharacters(in: .whitespaces)) })
        let config = CommandOption<String>.text(
            "config", placeholder: "FILE.json", defaultDescription: "fsrs-rs's default_simulator_config()", example: "config.json",
            file: .read,
            help: "cards mode: fsrs-rs SimulatorConfig fields under their snake_case names (deck_size, learn_span, "
                + "max_cost_perday, max_ivl, first_rating_prob, review_rating_prob, learning_step_transitions, "
                + "relearning_step_transitions, state_rating_costs, learning_step_count, relearning_step_count, learn_limit, "
                + "review_limit, new_cards_ignore_review_limit, suspend_after_lapses; max_cost_perday 0 is no limit); omitted fields "
                + "keep the defaults (or what --revlog derived), and the options above override the file")
        let revlog = CommandOption<String>.text(
            "revlog", placeholder: "LOG.csv|COLLECTION", example: "revlog.csv", file: .read,
            help: "cards mode from a real learner: derive their rating probabilities, (re)learning step transitions, seconds per "
                + "answer and new cards a day from their review log (fsrs-rs's extract_simulator_config), and start from their cards "
                + "as they are at --now (as states replays them); explicit options and --config override what is derived")
        let revlogDeck = ReviewLogSource.revlogDeck
        let preset = ReviewLogSource.preset
        let timeZone = SharedOptions.timeZone(defaultDescription: "UTC for --revlog, the profile's for --workspace")
        let dayStart = SharedOptions.dayStart(defaultDescription: "4 for --revlog, the profile's for --workspace")
        let saveConfig = CommandOption<String>.text(
            "save-config", placeholder: "FILE.json", example: "habits.json", file: .written,
            help: "with --revlog: also write the derived settings as a --config file (fsrs-rs's field names), whole or not at all")
        let budget = CommandOption<Double>.number(
            "budget", placeholder: "MINUTES", range: 0...1_440, openBounds: true, example: "20",
            help: "the budget question: simulate MINUTES a day as the daily cap (what would pass it waits for a later day, new "
                + "material first) and answer which retention remembers the most without passing it on any day from the first; "
                + "days over it, the worst day and week and what it cost are reported (a whole number in ZhiXi mode)")
        let workspace = CommandOption<String>.text(
            "workspace", placeholder: "FILE", example: "workspace.json", file: .read,
            help: "ZhiXi mode from a real learner: the planner's memory of each lesson and weak point in the workspace as of "
                + "--now; the lessons not studied yet are studied in order")
        let weakPointRate = CommandOption<[Double]>(
            name: "weak-point-rate", placeholder: "P|A,H,G,E",
            help: "ZhiXi mode: the probability that an assessment names a new weak point, one for every rating or four for Again, "
                + "Hard, Good, Easy", defaultDescription: "from the learner's history with --workspace, else "
                + zhiXiDefaults.weakPoints.newWeakPointProbabilities.map { "\($0)" }.joined(separator: ","),
            isFlag: false, isRepeatable: false, example: "0.3",
            expectation: "one probability from 0 to 1, or four separated by commas", parse: weakPointRates)
        let now = CommandOption<Date>.timestamp(
            "now", defaultDescription: "the start of the study day after the log's last review (--revlog), the current time (--workspace)",
            help: "the moment a simulation from a learner (--revlog or --workspace) starts from (its study day is day 1), or, for a "
                + "new course with --weekday-minutes or --away, whose UTC day is day 1; refused otherwise")
        let format = SharedOptions.format([.text, .json, .csv])
        let svg = CommandOption<String>.text(
            "svg", placeholder: "FILE", example: "chart.svg", file: .written,
            help: "also write a chart, whole or not at all: memorized and minutes over the days; for a sweep, minutes, memorized and "
                + "cost against retention with the recommendation marked, and every retention's minutes and memorized over the days")
        let series = CommandOption<String>.text(
            "series", placeholder: "FILE.csv", example: "series.csv", file: .written,
            help: "also write every retention's per-day series as CSV in long format (desired_retention, day, then one column "
                + "per series), whole or not at all")
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "simulate",
        summary: "a year of learning under a desired retention, or a sweep of them",
        discussion: """
        Simulates a learner studying day by day and reports what a desired retention costs
        (minutes a day, on average and over the last 30 days, reviews) and what it buys (items
        memorized: the sum of every learned item's probability of recall). Cards mode has the
        semantics and defaults of fsrs-rs's simulator (10,000 cards, 365 days, 1,800 s a day,
        its rating probabilities, learning and relearning steps and costs), except that the
        daily cap is never passed: what would pass it waits for the next day, and a note says
        how many waited. With --revlog it simulates a real learner: their own habits and
        their cards. ZhiXi mode simulates lessons scored by the AI (mastery 0-100, rated by
        the planner's scale), the planner's review types and durations, weak points that
        appear, are drilled and retire, and a daily budget in minutes that tasks never exceed but
        for a single task longer than the whole budget, done alone on an otherwise empty day.
        With --weekday-minutes and --away (ZhiXi mode) each day has its own minutes, as the
        planner plans them: nothing on a day at 0 or away, reviews drawn towards the lighter days
        of their fuzz range, the fragile ones of a break done before it; compare with a run
        without them to see what free days cost in items remembered.

        A sweep simulates every retention FROM, FROM+STEP, ... TO with the same seeds, in
        parallel, and recommends the one with the lowest cost per item (cards: seconds of study
        per item remembered at the end, fsrs-rs's criterion; ZhiXi: minutes per lesson gained
        within the span), lists the retentions within 2% of it, and warns when the answer is not
        one: a cap that decides the minutes, minutes that do not change, an optimum at the
        sweep's edge or outside 0.70-0.99, parameters at a bound or from fewer than 500 items.
        A figure whose items are within two standard errors over the seeds is "not measurable"
        rather than a number; with none measurable there is no recommendation. --budget B
        simulates B as the daily cap and names the retention that remembers the most without
        passing B on any day, how sure that pick is, its worst week, and what keeping within B
        cost; then what the same retention needs without the cap (minutes a day, days over B)
        and the most new items a day at which it would keep within B with nothing waiting.
        """,
        options: options,
        epilogue: """
        JSON output: {"mode", "desiredRetention", "spanDays", "seeds", "inputs": {"parameters",
        "parametersSource", "config", "revlog", "workspace", "now", "dailyCapMinutes", ...},
        "summary": {"totalReviews", "totalLearned", "memorizedAtEnd", "averageMinutesPerDay",
        "steadyMinutesPerDay", ...}, "days": {"reviews", "learned", "seconds", "memorized",
        "correctReviews", ...}, "warnings": [{"code", "figure", "message"}], "notes": [...]}; with
        several seeds each summary number has its standard deviation beside it
        ("totalReviewsStandardDeviation"). A sweep has "sweep": [{"desiredRetention", "summary",
        "cost", "extraAgainstPrevious", "extraAgainstRecommended", "marginalMinutesPerItem",
        "days"}, ...], "recommendedRetention", "recommendation" (null when no cost is measured)
        and, with --budget, "budgetRetention" and "budget" ({"retention", "fits",
        "daysOverBudget", "worstDayMinutes", "worstWeek", "waited", "notStarted", "seedChoiceRange",
        "plausible", "againstRecommended", "uncapped": {"averageMinutesPerDay", "daysOverBudget",
        "fittingNewPerDay", ...}, ...}). With --revlog: "derived" (fsrs-rs's
        field names), "derivedFrom" (the evidence) and "existingCards". CSV: the per-day series,
        or the sweep table. A progress line goes to standard error when a run takes longer than a
        second and standard error is a terminal.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        guard arguments.positionals.isEmpty else {
            throw arguments.usageError("simulate takes no file argument (got '\(arguments.positionals[0])'); "
                + "use --revlog LOG.csv, --workspace FILE or --config FILE")
        }
        let format = try arguments.value(of: options.format)
        var words = context.words
        let workspacePath = try arguments.value(of: options.workspace)
        let revlogPath = try arguments.value(of: options.revlog)
        let configPath = try arguments.value(of: options.config)
        var request = SimulationRequest()
        request.mode = try arguments.value(of: options.mode)
        request.hasWorkspace = workspacePath != nil
        request.hasReviewLog = revlogPath != nil
        request.hasConfigurationFile = configPath != nil
        request.weekdayMinutes = try arguments.value(of: options.weekdayMinutes)
        request.breaks = try arguments.values(of: options.away)
        request.now = try arguments.value(of: options.now)
        request.timeZoneIdentifier = try arguments.value(of: options.timeZone)
        request.dayStartHour = try arguments.value(of: options.dayStart)
        request.savesDerivedSettings = arguments.isGiven(options.saveConfig)
        request.weakPointRates = try arguments.value(of: options.weakPointRate)
        request.desiredRetention = try arguments.value(of: options.retention)
        request.sweepRetentions = try arguments.value(of: options.sweep)
        request.seedCount = try arguments.value(of: options.seeds)
        request.firstSeed = try arguments.value(of: options.seed)
        request.budgetMinutes = try arguments.value(of: options.budget)
        request.spanDays = try arguments.value(of: options.days)
        request.itemCount = try arguments.value(of: options.deck)
        request.newPerDay = try arguments.value(of: options.newPerDay)
        request.maximumMinutesPerDay = try arguments.value(of: options.maximumMinutes)
        request.writesChartOrSeries = arguments.isGiven(options.svg) || arguments.isGiven(options.series)
        func refusal(_ error: SimulationRequestError) -> CommandError {
            SimulationRequestMessages.commandError(error, arguments: arguments, configPath: configPath, workspacePath: workspacePath)
        }
        do {
            _ = try request.validate()
        } catch {
            throw refusal(error)
        }
        request.parameters = try ParameterSource.load(arguments, context: context)
        var inputs = SimulationReport.Inputs()
        inputs.parametersSource = try ParameterSource.describe(arguments)
        inputs.parameters = request.parameters
        inputs.budgetMinutes = request.budgetMinutes
        // Every output is checked before the work: a directory or a missing folder is refused now.
        let svgOutput = try OutputTarget.prepare(options.svg, of: arguments)
        let seriesOutput = try OutputTarget.prepare(options.series, of: arguments)
        let saveConfigOutput = try OutputTarget.prepare(options.saveConfig, of: arguments)

        var files = SimulationRequest.Inputs(currentTime: context.now)
        if let revlogPath {
            let calendar: StudyCalendar
            do {
                calendar = try request.reviewLogCalendar()
            } catch {
                throw refusal(error)
            }
            let log = try SimulationLearnerLog.read(revlogPath, parameters: request.parameters, calendar: calendar,
                                                    zone: request.timeZoneIdentifier, hour: request.dayStartHour, start: request.now,
                                                    arguments: arguments, context: context)
            files.reviewLog = log.start
            inputs.learnerLog = log
        }
        if let configPath {
            let data = try FileAccess.read(configPath, limit: InputLimits.smallJSON, format: .json, context: context)
            files.configuration = data
            inputs.configPath = FileAccess.displayName(configPath)
        }
        if let workspacePath {
            let (workspace, _) = try WorkspaceFile.read(workspacePath, context: context)
            files.workspace = workspace
            words = context.chooseLanguage(workspace: workspace).localization
            context.keepUntilExit(workspace)
        }
        let prepared: PreparedSimulation
        do {
            prepared = try request.prepare(files)
        } catch {
            throw refusal(error)
        }

        let progress = ProgressLine(label: "progress.simulating", words: words, total: prepared.sweep.retentions.count * prepared.sweep.seeds.count,
                                    enabled: ProgressLine.wanted(environment: context.environment))
        let result = await prepared.run { done, _ in progress.update(done: done) }
        progress.finish()

        let setting = SimulationReport.Setting(prepared, request: request, inputs: inputs, workspacePath: workspacePath)
        var report = SimulationReport(outcome: request.sweepRetentions == nil ? .single(result.points[0]) : .sweep(result),
                                      setting: setting)
        report.ankiOptimalRetention = try ankiOptimalRetention(prepared, learnerLog: inputs.learnerLog)
        if let budget = report.budget {
            // The learner's need without the cap: the budget's retention (and the pace at which it
            // fits, when it fits under the cap) and the recommended one.
            let needProgress = ProgressLine(label: "progress.need", words: words, total: 0,
                                            enabled: ProgressLine.wanted(environment: context.environment))
            let chosen = budget.chosenIndex
            report.budgetNeed = await prepared.budgetNeed(
                retention: result.points[chosen].desiredRetention, budgetMinutes: budget.minutesPerDay,
                dayAllowances: setting.dayAllowances, searchingPace: budget.compliance[chosen].fits)
            if request.sweepRetentions != nil, let recommended = result.recommendedIndex, recommended != chosen {
                report.recommendedNeed = await prepared.budgetNeed(
                    retention: result.points[recommended].desiredRetention, budgetMinutes: budget.minutesPerDay,
                    dayAllowances: setting.dayAllowances, searchingPace: false)
            }
            needProgress.finish()
        }
        report.warnings = SimulationWarning.warnings(for: result, parameters: request.parameters,
                                                     trainingItemCount: setting.inputs.learnerLog?.itemCount,
                                                     capMinutes: setting.dailyLimitMinutes, capIsAskedBudget: setting.inputs.budgetMinutes != nil)
        if let saveConfigOutput, let log = setting.inputs.learnerLog {
            let configuration = try OutputJSON.report(log.configuration(withRate: false), style: .spaced, command: "simulate")
            try saveConfigOutput.write(Data(configuration.utf8), context: context)
        }
        try svgOutput?.write(Data(SimulationChart.svg(report).utf8), context: context)
        try seriesOutput?.write(Data(SimulationCSV.series(report).utf8), context: context)
        switch format {
        case .json: context.write(try SimulationJSON.text(report))
        case .csv: context.write(SimulationCSV.text(report))
        default:
            // The text's setting in its own language; JSON and the chart keep the English one.
            report.setting = SimulationReport.Setting(prepared, request: request, inputs: inputs, workspacePath: workspacePath, words: words)
            context.write(SimulationTextReport.text(report, words: words))
        }
        if format != .text {
            for warning in report.warnings {
                context.writeError(words.sentence("report.warning", in: .commands, ["text": SimulationWarningText.sentence(warning, words: words)]))
            }
        }
    }

    /// Anki's own answer to "which desired retention?" for an Anki file's preset
    /// (`AnkiOptimalRetention`): the learner's cards and habits simulated over Anki's span (365
    /// days) without a daily cap, every card at the preset's desired retention, as Anki 26.9's
    /// request schedules them; `nil` for other inputs.
    static func ankiOptimalRetention(_ prepared: PreparedSimulation,
                                     learnerLog: SimulationLearnerLog?) throws(CommandError) -> AnkiOptimalRetention? {
        guard let anki = learnerLog?.anki, case .cards(let simulator) = prepared.simulator else { return nil }
        var configuration = simulator.configuration
        configuration.learnSpanDays = 365
        configuration.maximumCostPerDaySeconds = 0
        do {
            let ankis = try CardSimulator(configuration: configuration, parameters: simulator.model.parameters,
                                          existingCards: simulator.existingCards)
            return try AnkiOptimalRetention(simulator: ankis, carriedRetention: anki.settings.desiredRetention)
        } catch {
            throw .dataError("\(anki.name): Anki's optimal retention cannot be simulated: \(error)")
        }
    }

    /// One probability, or four separated by commas, each from 0 to 1.
    @Sendable static func weakPointRates(_ text: String) -> [Double]? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 1 || values.count == 4 else { return nil }
        let rates = values.compactMap { $0 }
        guard rates.count == values.count, rates.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return nil }
        return rates
    }

    /// `FROM:TO:STEP` as its retentions, or `nil` when it is not such a range of
    /// probabilities.
    @Sendable static func sweepRetentions(_ text: String) -> [Double]? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2], from > 0, to < 1,
              let retentions = try? RetentionSweep.retentions(from: from, through: to, step: step) else { return nil }
        return retentions
    }
}
