import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
import ZhiXiSimulation

/// `zhixi-review simulate`: a year (or any span) of learning under one desired retention or
/// a sweep of them, with fsrs-rs's card simulator semantics or the ZhiXi flow.
enum SimulateCommand: Command {
    static let days = CommandOption<Int>.integer(
        "days", range: 1...36_500, default: nil, defaultDescription: "365, or the config's learn_span", unit: "days",
        help: "days simulated")
    static let deck = CommandOption<Int>.integer(
        "deck", range: 1...10_000_000, default: nil,
        defaultDescription: "10000 cards (with --revlog: the existing cards and the new ones for every day), or 100 lessons in ZhiXi mode",
        help: "cards in the deck, existing ones included, or lessons in a new course of 20-minute lessons (ZhiXi mode)")
    static let mode = CommandOption<SimulationMode>.choice(
        "mode", ["cards": .cards, "zhixi": .zhiXi], default: "cards, or zhixi with --workspace",
        help: "cards: fsrs-rs's card simulator; zhixi: lessons, AI scores, review types, weak points and a daily budget")
    static let retention = SharedOptions.retention(default: "0.9; with --workspace the learner's")
    static let sweep = CommandOption<[Double]>(
        name: "sweep", placeholder: "FROM:TO:STEP", help: "simulate the retentions FROM, FROM+STEP, ... TO (at least two) instead of one",
        defaultDescription: nil, isFlag: false, isRepeatable: false, example: "0.70:0.97:0.01",
        expectation: "FROM:TO:STEP with 0 < FROM ≤ TO < 1, STEP > 0 and at most 10,000 retentions, e.g. 0.70:0.97:0.01", parse: sweepRetentions)
    static let newPerDay = CommandOption<Double>.number(
        "new-per-day", placeholder: "N", range: 0...1_000_000, default: nil,
        defaultDescription: "unlimited cards (with --revlog the learner's pace), or 1 lesson in ZhiXi mode", example: "20",
        help: "new cards a day at most (cards mode, a whole number; 0: none), or new lessons a day (ZhiXi mode; fractions "
            + "accumulate: 0.5 is one every other day)")
    static let maximumMinutes = CommandOption<Double>.number(
        "max-minutes-per-day", placeholder: "M", range: 0...1_440, default: nil,
        defaultDescription: "30 (with --workspace the learner's budget); none with --budget", example: "30",
        help: "the daily cap on study, never passed: a card or task that would pass it waits for the next day (a note says "
            + "how many waited); 0 means no limit (a whole number in ZhiXi mode)")
    static let seeds = CommandOption<Int>.integer(
        "seeds", range: 1...10_000, default: nil, defaultDescription: "1, or 5 with --sweep",
        help: "runs per retention, with seeds S, S+1, ...; numbers are then means ± standard deviations")
    static let seed = CommandOption<UInt64>(
        name: "seed", placeholder: "S", help: "the first seed of the random numbers", defaultDescription: "42", isFlag: false,
        isRepeatable: false, example: "7", expectation: "a whole number from 0 to 18446744073709551615",
        parse: { UInt64($0.trimmingCharacters(in: .whitespaces)) })
    static let config = CommandOption<String>.text(
        "config", placeholder: "FILE.json", default: "fsrs-rs's default_simulator_config()", example: "config.json",
        help: "cards mode: fsrs-rs SimulatorConfig fields under their snake_case names (deck_size, learn_span, "
            + "max_cost_perday, max_ivl, first_rating_prob, review_rating_prob, learning_step_transitions, "
            + "relearning_step_transitions, state_rating_costs, learning_step_count, relearning_step_count, learn_limit, "
            + "review_limit, new_cards_ignore_review_limit, suspend_after_lapses; max_cost_perday 0 is no limit); omitted fields "
            + "keep the defaults (or what --revlog derived), and the options above override the file")
    static let revlog = CommandOption<String>.text(
        "revlog", placeholder: "LOG.csv", example: "revlog.csv",
        help: "cards mode from a real learner: derive their rating probabilities, (re)learning step transitions, seconds per "
            + "answer and new cards a day from their review log (fsrs-rs's extract_simulator_config), and start from their cards "
            + "as they are at --now (as states replays them); explicit options and --config override what is derived")
    static let workspace = CommandOption<String>.text(
        "workspace", placeholder: "FILE", example: "workspace.json",
        help: "ZhiXi mode from a real learner: the planner's memory of each lesson and weak point in the workspace as of "
            + "--now; the lessons not studied yet are studied in order")
    static let timeZone = SharedOptions.timeZone(default: "UTC for --revlog, the profile's for --workspace")
    static let dayStart = SharedOptions.dayStart(default: "4 for --revlog, the profile's for --workspace")
    static let saveConfig = CommandOption<String>.text(
        "save-config", placeholder: "FILE.json", example: "habits.json",
        help: "with --revlog: also write the derived settings as a --config file (fsrs-rs's field names), whole or not at all")
    static let budget = CommandOption<Double>.number(
        "budget", placeholder: "MINUTES", range: 0...1_440, openBounds: true, default: nil, example: "20",
        help: "the budget question: simulate MINUTES a day as the daily cap (what would pass it waits for a later day, new "
            + "material first) and answer which retention remembers the most without passing it on any day from the first; "
            + "days over it, the worst day and week and what it cost are reported (a whole number in ZhiXi mode)")
    static let weakPointRate = CommandOption<[Double]>(
        name: "weak-point-rate", placeholder: "P|A,H,G,E",
        help: "ZhiXi mode: the probability that an assessment names a new weak point, one for every rating or four for Again, "
            + "Hard, Good, Easy", defaultDescription: "from the learner's history with --workspace, else 0.6,0.4,0.15,0.05",
        isFlag: false, isRepeatable: false, example: "0.3",
        expectation: "one probability from 0 to 1, or four separated by commas", parse: weakPointRates)
    static let now = CommandOption<Date>.timestamp(
        "now", default: "the start of the study day after the log's last review (--revlog), the current time (--workspace)",
        help: "the moment a simulation from a learner (--revlog or --workspace) starts from (its study day is day 1), or, for a "
            + "new course with --weekday-minutes or --away, whose UTC day is day 1; refused otherwise")
    static let weekdayMinutes = SharedOptions.weekdayMinutes(default: "every day the daily budget; with --workspace the learner's")
    static let away = SharedOptions.away(default: "none; with --workspace the learner's breaks (--away replaces them)")
    static let format = SharedOptions.format([.text, .json, .csv])
    static let svg = CommandOption<String>.text(
        "svg", placeholder: "FILE", example: "chart.svg",
        help: "also write a chart, whole or not at all: memorized and minutes over the days; for a sweep, minutes, memorized and "
            + "cost against retention with the recommendation marked, and every retention's minutes and memorized over the days")
    static let series = CommandOption<String>.text(
        "series", placeholder: "FILE.csv", example: "series.csv",
        help: "also write every retention's per-day series as CSV in long format (desired_retention, day, then one column "
            + "per series), whole or not at all")

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
        passing B on any day, its worst week, and what keeping within B cost.
        """,
        options: [days.erased, deck.erased, mode.erased, retention.erased, sweep.erased, SharedOptions.parameters.erased,
                  newPerDay.erased, maximumMinutes.erased, weekdayMinutes.erased, away.erased, seeds.erased, seed.erased,
                  config.erased, revlog.erased, timeZone.erased, dayStart.erased, saveConfig.erased, budget.erased,
                  workspace.erased, weakPointRate.erased, now.erased, format.erased, svg.erased, series.erased],
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
        "daysOverBudget", "worstDayMinutes", "worstWeek", ...}). With --revlog: "derived" (fsrs-rs's
        field names), "derivedFrom" (the evidence) and "existingCards". CSV: the per-day series,
        or the sweep table. A progress line goes to standard error when a run takes longer than a
        second and standard error is a terminal.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        guard arguments.positionals.isEmpty else {
            throw arguments.usageError("simulate takes no file argument (got '\(arguments.positionals[0])'); "
                + "use --revlog LOG.csv, --workspace FILE or --config FILE")
        }
        let format = try arguments.value(of: format, default: .text)
        let workspacePath = try arguments.value(of: workspace)
        let revlogPath = try arguments.value(of: revlog)
        let mode = try arguments.value(of: mode, default: workspacePath == nil ? .cards : .zhiXi)
        if mode == .cards, workspacePath != nil {
            throw arguments.usageError("--workspace simulates lessons; use it with --mode zhixi (or without --mode)")
        }
        if mode == .zhiXi, arguments.isGiven(config) {
            throw arguments.usageError("--config takes fsrs-rs's card simulator fields; use it with --mode cards")
        }
        if mode == .zhiXi, revlogPath != nil {
            throw arguments.usageError("--revlog simulates a learner's cards; use it with --mode cards (or --workspace for lessons)")
        }
        if mode == .cards, arguments.isGiven(weekdayMinutes) || arguments.isGiven(away) {
            throw arguments.usageError("--weekday-minutes and --away shape a learner's week; use them with --mode zhixi or --workspace")
        }
        if revlogPath == nil, workspacePath == nil {
            // --now places a new course's week; otherwise it and the calendar mean nothing without a learner.
            let weekShaped = mode == .zhiXi && (arguments.isGiven(weekdayMinutes) || arguments.isGiven(away))
            let given = [(now.name, arguments.isGiven(now) && !weekShaped), (timeZone.name, arguments.isGiven(timeZone)),
                         (dayStart.name, arguments.isGiven(dayStart))].first { $0.1 }
            if let (option, _) = given {
                throw arguments.usageError("--\(option) applies to a simulation from a learner; give --revlog LOG.csv or --workspace FILE"
                                           + (option == now.name ? " (or, in ZhiXi mode, --weekday-minutes or --away)" : ""))
            }
        }
        if revlogPath == nil, arguments.isGiven(saveConfig) {
            throw arguments.usageError("--save-config writes what --revlog derives; give --revlog LOG.csv")
        }
        if mode == .cards, arguments.isGiven(weakPointRate) {
            throw arguments.usageError("--weak-point-rate applies to ZhiXi mode (--mode zhixi or --workspace)")
        }
        let retentions = try arguments.value(of: sweep)
        if retentions != nil, arguments.isGiven(retention) {
            throw arguments.usageError("give either --retention or --sweep, not both")
        }
        if let retentions, retentions.count < 2 {
            throw arguments.usageError("--sweep gives one retention (\(retentions[0])); a sweep needs at least two "
                                       + "(use --retention for one)")
        }
        let seedCount = try arguments.value(of: seeds, default: retentions == nil ? 1 : 5)
        let firstSeed = try arguments.value(of: seed, default: 42)
        let seedList = (0 ..< UInt64(seedCount)).map { firstSeed &+ $0 }
        let parameters = try ParameterSource.load(arguments, context: context)
        var inputs = SimulationReport.Inputs()
        inputs.parametersSource = try ParameterSource.describe(arguments)
        inputs.parameters = parameters
        inputs.budgetMinutes = try arguments.value(of: budget)
        // Every output is checked before the work: a directory or a missing folder is refused now.
        let svgOutput = try OutputTarget.prepare(try arguments.value(of: svg), option: "svg")
        let seriesOutput = try OutputTarget.prepare(try arguments.value(of: series), option: "series")
        let saveConfigOutput = try OutputTarget.prepare(try arguments.value(of: saveConfig), option: "save-config")

        let prepared = mode == .cards
            ? try cardsSimulation(arguments, parameters: parameters, revlogPath: revlogPath, inputs: inputs, context: context)
            : try zhiXiSimulation(arguments, parameters: parameters, workspacePath: workspacePath, inputs: inputs, context: context)
        var points = [try arguments.value(of: retention, default: prepared.defaultRetention)]
        if let retentions { points = retentions }
        // Daily series are kept for what shows them: one retention's report, a chart, --series.
        let keepsSeries = retentions == nil || svgOutput != nil || seriesOutput != nil || inputs.budgetMinutes != nil
        try checkWork(arguments, setting: prepared.setting, seeds: seedList.count, points: points.count, keepingSeries: keepsSeries)
        let plan: RetentionSweep
        do {
            plan = try RetentionSweep(retentions: points, seeds: seedList, keepsDailySeries: keepsSeries)
        } catch {
            throw arguments.usageError(error.description)
        }

        let progress = ProgressLine(label: "simulating", total: points.count * seedList.count,
                                    enabled: ProgressLine.wanted(environment: context.environment))
        let result = await prepared.run(plan) { done, _ in progress.update(done: done) }
        progress.finish()

        var setting = prepared.setting
        setting.seeds = seedList
        var report = SimulationReport(outcome: retentions == nil ? .single(result.points[0]) : .sweep(result), setting: setting)
        report.warnings = SimulationWarning.warnings(for: result, parameters: parameters,
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
        default: context.write(SimulationTextReport.text(report))
        }
        if format != .text {
            for warning in report.warnings { context.writeError("warning: " + warning.description) }
        }
    }

    /// The most simulated item-days one `simulate` may take — days × cards (or lessons) ×
    /// seeds × retentions: 10¹⁰, about a minute of a release build on two cores.
    static let maximumItemDays = 10_000_000_000.0
    /// The most days of daily series a run keeps for its report, chart or `--series` — days ×
    /// seeds × retentions: 4,000,000 (a few hundred megabytes).
    static let maximumSeriesDays = 4_000_000.0

    /// Refuses, before any simulation, a run whose work or kept series would be larger than
    /// ``maximumItemDays`` or ``maximumSeriesDays`` (series count only when `keepingSeries`).
    /// - Throws: a usage error naming the product and the limit.
    static func checkWork(_ arguments: ParsedArguments, setting: SimulationReport.Setting, seeds: Int, points: Int,
                          keepingSeries: Bool) throws(CommandError) {
        let items = setting.mode == .cards ? "cards" : "lessons"
        let work = Double(setting.spanDays) * Double(max(1, setting.itemCount)) * Double(seeds) * Double(points)
        if work > maximumItemDays {
            throw arguments.usageError("this simulation is \(setting.spanDays) days × \(setting.itemCount) \(items) × \(seeds) seeds × "
                + "\(points) retention\(points == 1 ? "" : "s") = \(grouped(work)) \(items == "cards" ? "card" : "lesson")-days, more than "
                + "the \(grouped(maximumItemDays)) one run of simulate may take; simulate fewer days, \(items), seeds or retentions")
        }
        let series = Double(setting.spanDays) * Double(seeds) * Double(points)
        if keepingSeries, series > maximumSeriesDays {
            throw arguments.usageError("this simulation keeps daily series of \(setting.spanDays) days × \(seeds) seeds × \(points) "
                + "retention\(points == 1 ? "" : "s") = \(grouped(series)) days, more than the \(grouped(maximumSeriesDays)) kept for "
                + "a report, a chart, --series or --budget; simulate fewer days, seeds or retentions, or leave the chart out of a sweep")
        }
    }

    private static func grouped(_ value: Double) -> String {
        value < 1e15 ? SimulationTextReport.number(value, 0) : String(format: "%.3g", value)
    }

    /// A simulator ready to sweep, with what describes it.
    struct Prepared {
        var setting: SimulationReport.Setting
        var defaultRetention: Double
        var run: @Sendable (RetentionSweep, @escaping @Sendable (Int, Int) -> Void) async -> RetentionSweepResult
    }

    /// The daily cap in minutes (`nil`: none): `--budget`'s minutes, which are simulated as the
    /// cap, or `--max-minutes-per-day`'s, or the default.
    /// - Throws: 64 when both are given.
    static func dailyCap(_ arguments: ParsedArguments, default defaultMinutes: Double?,
                         inputs: SimulationReport.Inputs) throws(CommandError) -> Double? {
        if let budget = inputs.budgetMinutes {
            if arguments.isGiven(maximumMinutes) {
                throw arguments.usageError("give --budget or --max-minutes-per-day, not both: --budget \(SimulationTextReport.number(budget, budget == budget.rounded() ? 0 : 1)) "
                    + "already simulates its minutes as the daily cap")
            }
            return budget
        }
        if let minutes = try arguments.value(of: maximumMinutes) { return minutes == 0 ? nil : minutes }
        return defaultMinutes
    }

    /// Cards mode: fsrs-rs's defaults, then what `--revlog` derives, then `--config`, then the
    /// options.
    static func cardsSimulation(_ arguments: ParsedArguments, parameters: FSRSParameters, revlogPath: String?,
                                inputs: SimulationReport.Inputs, context: CommandContext) throws(CommandError) -> Prepared {
        var inputs = inputs
        var configuration = SimulatorConfiguration()
        var existing: [ExistingCard] = []
        var firstDate: CivilDate?
        if let revlogPath {
            let calendar = try SharedOptions.calendar(arguments, timeZone: timeZone, dayStart: dayStart,
                                                      defaultTimeZone: "UTC", defaultDayStart: 4)
            let log = try SimulationLearnerLog.read(revlogPath, parameters: parameters, calendar: calendar,
                                                    start: try arguments.value(of: now), arguments: arguments, context: context)
            log.derived.apply(to: &configuration)
            existing = log.existingCards
            inputs.learnerLog = log
            inputs.start = log.start
            firstDate = CivilDate(daysSince1970: calendar.dayNumber(of: log.start))
            inputs.startDescription = log.startGiven ? "--now" : "the study day after the log's last review"
            inputs.calendar = "\(calendar.timeZoneIdentifier), day starts \(calendar.dayStartHour < 10 ? "0" : "")\(calendar.dayStartHour):00"
        }
        var deckGiven = false
        if let path = try arguments.value(of: config) {
            let data = try FileAccess.read(path, limit: InputLimits.smallJSON, format: .json, context: context)
            if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) {
                throw .dataError("\(FileAccess.displayName(path)): \(duplicate)")
            }
            do {
                configuration = try SimulatorConfiguration(fsrsJSON: data, base: configuration)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
            }
            inputs.configPath = FileAccess.displayName(path)
            deckGiven = String(decoding: data, as: UTF8.self).contains("\"deck_size\"")
        }
        if let value = try arguments.value(of: days) { configuration.learnSpanDays = value }
        if let value = try arguments.value(of: newPerDay) {
            guard value == value.rounded() else {
                throw arguments.usageError("--new-per-day '\(value)' must be a whole number of cards in cards mode")
            }
            configuration.learnLimitPerDay = Int(value)
        }
        if let value = try arguments.value(of: deck) {
            configuration.deckSize = value
            deckGiven = true
        }
        if revlogPath != nil, !deckGiven {
            let (new, overflow) = configuration.learnLimitPerDay.multipliedReportingOverflow(by: configuration.learnSpanDays)
            configuration.deckSize = max(1, min(SimulatorConfiguration.maximumDeckSize, overflow ? .max : existing.count + new))
        }
        let capMinutes = try dailyCap(arguments, default: configuration.hasCostCap ? configuration.maximumCostPerDaySeconds / 60 : nil,
                                      inputs: inputs)
        configuration.maximumCostPerDaySeconds = capMinutes.map { $0 * 60 } ?? 0
        inputs.capRule = configuration.costCapRule
        let simulator: CardSimulator
        do {
            simulator = try CardSimulator(configuration: configuration, parameters: parameters, existingCards: existing)
        } catch {
            throw arguments.usageError(error.description)
        }
        let newPerDay = configuration.learnLimitPerDay == .max
            ? "new cards unlimited" : "at most \(configuration.learnLimitPerDay) new cards a day"
        var setting = SimulationReport.Setting(
            mode: .cards, spanDays: configuration.learnSpanDays, itemCount: configuration.deckSize, studiedAtStart: 0,
            dailyLimit: capMinutes.map { (inputs.budgetMinutes == nil ? "at most " : "budget ") + "\(SimulationTextReport.number($0, $0 == $0.rounded() ? 0 : 1)) min a day" } ?? "no daily cap",
            dailyLimitMinutes: capMinutes, newPerDay: newPerDay, seeds: [], workspace: nil)
        setting.existingCards = existing.count
        setting.inputs = inputs
        setting.firstDate = firstDate
        return Prepared(setting: setting, defaultRetention: 0.9) { sweep, progress in await sweep.run(simulator, progress: progress) }
    }

    /// ZhiXi mode: a new course, or a learner's workspace as of `--now`.
    static func zhiXiSimulation(_ arguments: ParsedArguments, parameters: FSRSParameters, workspacePath: String?,
                                inputs: SimulationReport.Inputs, context: CommandContext) throws(CommandError) -> Prepared {
        var inputs = inputs
        var configuration = ZhiXiSimulationConfiguration()
        configuration.planner.parameters = parameters
        configuration.spanDays = try arguments.value(of: days, default: 365)
        configuration.newLessonsPerDay = try arguments.value(of: newPerDay, default: 1)
        if let budget = try arguments.value(of: maximumMinutes), budget != budget.rounded() {
            throw arguments.usageError("--max-minutes-per-day '\(budget)' must be a whole number of minutes in ZhiXi mode")
        }
        if let budget = inputs.budgetMinutes, budget != budget.rounded() {
            throw arguments.usageError("--budget '\(SimulationTextReport.number(budget, 2))' must be a whole number of minutes in ZhiXi mode")
        }
        let start: ZhiXiStartingState
        var defaultRetention = 0.9
        var workspaceName: String?
        var defaultBudget = 30.0
        var firstDate: CivilDate?
        if let path = workspacePath {
            if arguments.isGiven(deck) {
                throw arguments.usageError("--deck sets the size of a new course; with --workspace the course is the workspace's lessons")
            }
            let now = try arguments.value(of: now, default: context.now)
            configuration.planner.timeZoneIdentifier = try arguments.value(of: timeZone)
            configuration.planner.dayStartHour = try arguments.value(of: dayStart)
            let (workspace, _) = try WorkspaceFile.read(path, context: context)
            let snapshot: PlannerMemorySnapshot
            do {
                snapshot = try ReviewPlanner(configuration: configuration.planner).memorySnapshot(of: PlannerInput(workspace: workspace), now: now)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): " + (error.path.map { "\($0): " } ?? "") + error.description)
            }
            start = ZhiXiStartingState(snapshot: snapshot, maximumWeakPointsPerLesson: configuration.weakPoints.maximumPerLesson)
            defaultRetention = snapshot.desiredRetention
            defaultBudget = Double(snapshot.dailyMinutes)
            configuration.weakPoints = WeakPointBehaviour(history: snapshot.weakPointHistory,
                                                          maximumPerLesson: configuration.weakPoints.maximumPerLesson)
            let history = snapshot.weakPointHistory
            inputs.weakPointSource = "from \(history.assessments.reduce(0, +)) assessments naming "
                + "\(history.newWeakPoints.reduce(0, +)) new weak points, smoothed"
            configuration.weekdayMinutes = workspace.profile.weekdayMinutes
            configuration.breaks = workspace.profile.breaks ?? []
            configuration.startDate = CivilDate(daysSince1970: snapshot.today)
            firstDate = configuration.startDate
            workspaceName = path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
            inputs.start = now
            inputs.startDescription = arguments.isGiven(self.now) ? "--now" : "the current time"
            context.keepUntilExit(workspace)
        } else {
            let now = try arguments.value(of: now, default: context.now)
            start = .newCourse(lessons: try arguments.value(of: deck, default: 100), minutes: 20)
            configuration.startDate = CivilDate(daysSince1970: StudyCalendar.utc.dayNumber(of: now))
            if arguments.isGiven(self.now) {
                inputs.start = now
                inputs.startDescription = "--now, whose UTC day places the week"
                firstDate = configuration.startDate
            }
            inputs.weakPointSource = "ZhiXi's defaults"
        }
        if let minutes = try arguments.value(of: weekdayMinutes) { configuration.weekdayMinutes = minutes }
        let breaks = try arguments.values(of: away)
        if !breaks.isEmpty { configuration.breaks = breaks }
        if configuration.weekdayMinutes == nil, configuration.breaks.isEmpty { configuration.startDate = nil }
        if let rates = try arguments.value(of: weakPointRate) {
            configuration.weakPoints.newWeakPointProbabilities = rates.count == 1 ? [Double](repeating: rates[0], count: 4) : rates
            inputs.weakPointSource = "--weak-point-rate"
        }
        inputs.weakPointProbabilities = configuration.weakPoints.newWeakPointProbabilities
        let capMinutes = try dailyCap(arguments, default: defaultBudget == 0 ? nil : defaultBudget, inputs: inputs)
        configuration.dailyMinutes = capMinutes.map { Int($0) } ?? 0
        let simulator: ZhiXiSimulator
        do {
            simulator = try ZhiXiSimulator(configuration: configuration, start: start)
        } catch {
            throw arguments.usageError(error.description)
        }
        let rate = configuration.newLessonsPerDay
        let rateText = SimulationTextReport.number(rate, rate == rate.rounded() ? 0 : 2)
        var setting = SimulationReport.Setting(
            mode: .zhiXi, spanDays: configuration.spanDays, itemCount: start.lessons.count, studiedAtStart: start.studiedCount,
            dailyLimit: (configuration.dailyMinutes > 0 ? "budget \(configuration.dailyMinutes) min a day" : "no daily budget")
                + weekText(configuration),
            dailyLimitMinutes: configuration.dailyMinutes > 0 ? Double(configuration.dailyMinutes) : nil,
            newPerDay: "\(rateText) new lesson\(rate == 1 ? "" : "s") a day", seeds: [], workspace: workspaceName)
        setting.inputs = inputs
        setting.firstDate = firstDate
        setting.dayAllowances = configuration.dayAllowances()
        return Prepared(setting: setting, defaultRetention: defaultRetention) { sweep, progress in
            await sweep.run(simulator, progress: progress)
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

    /// The week of a ZhiXi simulation for its setting line: ` (sat 15, sun 0; away 2026-12-24–2026-12-27)`,
    /// empty when every day has the daily budget.
    static func weekText(_ configuration: ZhiXiSimulationConfiguration) -> String {
        var parts: [String] = []
        if let table = configuration.weekdayMinutes {
            let days = [2, 3, 4, 5, 6, 7, 1].compactMap { weekday in
                table[weekday: weekday].map { "\(WeekdayMinutes.keys[weekday - 1]) \($0)" }
            }
            if !days.isEmpty { parts.append(days.joined(separator: ", ")) }
        }
        if !configuration.breaks.isEmpty {
            parts.append("away " + configuration.breaks.map { "\($0.from)–\($0.to)" }.joined(separator: ", "))
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
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
