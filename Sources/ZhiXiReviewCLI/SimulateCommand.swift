import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiSimulation

/// `zhixi-review simulate`: a year (or any span) of learning under one desired retention or
/// a sweep of them, with fsrs-rs's card simulator semantics or the ZhiXi flow.
enum SimulateCommand: Command {
    static let days = CommandOption<Int>.integer(
        "days", range: 1...36_500, default: nil, defaultDescription: "365, or the config's learn_span", unit: "days",
        help: "days simulated")
    static let deck = CommandOption<Int>.integer(
        "deck", range: 1...10_000_000, default: nil, defaultDescription: "10000 cards, or 100 lessons in ZhiXi mode",
        help: "cards in the deck, or lessons in a new course of 20-minute lessons (ZhiXi mode)")
    static let mode = CommandOption<SimulationMode>.choice(
        "mode", ["cards": .cards, "zhixi": .zhiXi], default: "cards, or zhixi with --workspace",
        help: "cards: fsrs-rs's card simulator; zhixi: lessons, AI scores, review types, weak points and a daily budget")
    static let retention = SharedOptions.retention(default: "0.9; with --workspace the learner's")
    static let sweep = CommandOption<[Double]>(
        name: "sweep", placeholder: "FROM:TO:STEP", help: "simulate the retentions FROM, FROM+STEP, ... TO instead of one",
        defaultDescription: nil, isFlag: false, isRepeatable: false, example: "0.70:0.97:0.01",
        expectation: "FROM:TO:STEP with 0 < FROM ≤ TO < 1, STEP > 0 and at most 10,000 retentions, e.g. 0.70:0.97:0.01", parse: sweepRetentions)
    static let newPerDay = CommandOption<Double>.number(
        "new-per-day", placeholder: "N", range: 0...1_000_000, default: nil,
        defaultDescription: "unlimited cards, or 1 lesson in ZhiXi mode", example: "20",
        help: "new cards a day at most (cards mode, a whole number), or new lessons a day (ZhiXi mode; fractions accumulate: "
            + "0.5 is one every other day)")
    static let maximumMinutes = CommandOption<Double>.number(
        "max-minutes-per-day", placeholder: "M", range: 0...1_440, default: nil,
        defaultDescription: "30; with --workspace the learner's budget", example: "30",
        help: "cards mode: no card is started once the day's study exceeds M minutes (fsrs-rs's max_cost_perday); "
            + "ZhiXi mode: the daily budget, never exceeded (a whole number)")
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
            + "review_limit, new_cards_ignore_review_limit, suspend_after_lapses); omitted fields keep the defaults, "
            + "and the options above override the file")
    static let workspace = CommandOption<String>.text(
        "workspace", placeholder: "FILE", example: "workspace.json",
        help: "ZhiXi mode from a real learner: the planner's memory of each lesson and weak point in the workspace as of "
            + "--now; the lessons not studied yet are studied in order")
    static let now = CommandOption<Date>.timestamp("now", default: "the current time", help: "the moment the workspace is simulated from")
    static let format = SharedOptions.format([.text, .json, .csv])
    static let svg = CommandOption<String>.text(
        "svg", placeholder: "FILE", example: "chart.svg",
        help: "also write a chart, whole or not at all: memorized and minutes over the days, or minutes, memorized and "
            + "cost against retention with the recommendation marked")

    static let specification = CommandSpecification(
        name: "simulate",
        summary: "a year of learning under a desired retention, or a sweep of them",
        discussion: """
        Simulates a learner studying day by day and reports what a desired retention costs
        (minutes a day, reviews) and what it buys (items memorized: the sum of every learned
        item's probability of recall). Cards mode has the semantics and defaults of fsrs-rs's
        simulator (10,000 cards, 365 days, 1,800 s a day, its rating probabilities, learning and
        relearning steps and costs). ZhiXi mode simulates lessons scored by the AI (mastery
        0-100, rated by the planner's scale), the planner's review types and durations, weak
        points that appear, are drilled and retire, and a daily budget in minutes that tasks
        never exceed: what does not fit moves to the next day and is reported.

        A sweep simulates every retention FROM, FROM+STEP, ... TO with the same seeds, in
        parallel, and recommends the one with the lowest cost per memorized item (seconds of
        study per item remembered at the end, fsrs-rs's criterion), saying how sure that is.
        """,
        options: [days.erased, deck.erased, mode.erased, retention.erased, sweep.erased, SharedOptions.parameters.erased,
                  newPerDay.erased, maximumMinutes.erased, seeds.erased, seed.erased, config.erased, workspace.erased,
                  now.erased, format.erased, svg.erased],
        epilogue: """
        JSON output: {"mode", "desiredRetention", "spanDays", "seeds", "summary": {"totalReviews",
        "totalLearned", "memorizedAtEnd", "averageMinutesPerDay", ...}, "days": {"reviews",
        "learned", "seconds", "memorized", "correctReviews", ...}}; with several seeds each summary
        number has its standard deviation beside it ("totalReviewsStandardDeviation"). A sweep has
        "sweep": [{"desiredRetention", "summary"}, ...], "recommendedRetention" and
        "recommendation". CSV: the per-day series, or the sweep table. A progress line goes to
        standard error when a run takes longer than a second and standard error is a terminal.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        guard arguments.positionals.isEmpty else {
            throw arguments.usageError("simulate takes no file argument (got '\(arguments.positionals[0])'); "
                + "use --workspace FILE or --config FILE")
        }
        let format = try arguments.value(of: format, default: .text)
        let workspacePath = try arguments.value(of: workspace)
        let mode = try arguments.value(of: mode, default: workspacePath == nil ? .cards : .zhiXi)
        if mode == .cards, workspacePath != nil {
            throw arguments.usageError("--workspace simulates lessons; use it with --mode zhixi (or without --mode)")
        }
        if mode == .zhiXi, arguments.isGiven(config) {
            throw arguments.usageError("--config takes fsrs-rs's card simulator fields; use it with --mode cards")
        }
        let retentions = try arguments.value(of: sweep)
        if retentions != nil, arguments.isGiven(retention) {
            throw arguments.usageError("give either --retention or --sweep, not both")
        }
        let seedCount = try arguments.value(of: seeds, default: retentions == nil ? 1 : 5)
        let firstSeed = try arguments.value(of: seed, default: 42)
        let seedList = (0 ..< UInt64(seedCount)).map { firstSeed &+ $0 }
        let parameters = try ParameterSource.load(arguments, context: context)
        let svgOutput = try OutputTarget.prepare(try arguments.value(of: svg), option: "svg")   // refused before the work

        let prepared = mode == .cards
            ? try cardsSimulation(arguments, parameters: parameters, context: context)
            : try zhiXiSimulation(arguments, parameters: parameters, workspacePath: workspacePath, context: context)
        var points = [try arguments.value(of: retention, default: prepared.defaultRetention)]
        if let retentions { points = retentions }
        try checkWork(arguments, setting: prepared.setting, seeds: seedList.count, points: points.count)
        let plan: RetentionSweep
        do {
            // A sweep reports summaries only: its runs keep no daily series.
            plan = try RetentionSweep(retentions: points, seeds: seedList, keepsDailySeries: retentions == nil)
        } catch {
            throw arguments.usageError(error.description)
        }

        let progress = ProgressLine(label: "simulating", total: points.count * seedList.count,
                                    enabled: ProgressLine.wanted(environment: context.environment))
        let result = await prepared.run(plan) { done, _ in progress.update(done: done) }
        progress.finish()

        var setting = prepared.setting
        setting.seeds = seedList
        let report = SimulationReport(outcome: retentions == nil ? .single(result.points[0]) : .sweep(result), setting: setting)
        try svgOutput?.write(Data(SimulationChart.svg(report).utf8), context: context)
        switch format {
        case .json: context.write(SimulationJSON.text(report))
        case .csv: context.write(SimulationCSV.text(report))
        default: context.write(SimulationTextReport.text(report))
        }
    }

    /// The most simulated item-days one `simulate` may take — days × cards (or lessons) ×
    /// seeds × retentions: 10¹⁰, about a minute of a release build on two cores.
    static let maximumItemDays = 10_000_000_000.0
    /// The most days of daily series one retention keeps for its report — days × seeds:
    /// 4,000,000 (a few hundred megabytes).
    static let maximumSeriesDays = 4_000_000.0

    /// Refuses, before any simulation, a run whose work or kept series would be larger than
    /// ``maximumItemDays`` or ``maximumSeriesDays``.
    /// - Throws: a usage error naming the product and the limit.
    static func checkWork(_ arguments: ParsedArguments, setting: SimulationReport.Setting, seeds: Int, points: Int) throws(CommandError) {
        let items = setting.mode == .cards ? "cards" : "lessons"
        let work = Double(setting.spanDays) * Double(max(1, setting.itemCount)) * Double(seeds) * Double(points)
        if work > maximumItemDays {
            throw arguments.usageError("this simulation is \(setting.spanDays) days × \(setting.itemCount) \(items) × \(seeds) seeds × "
                + "\(points) retention\(points == 1 ? "" : "s") = \(grouped(work)) \(items == "cards" ? "card" : "lesson")-days, more than "
                + "the \(grouped(maximumItemDays)) one run of simulate may take; simulate fewer days, \(items), seeds or retentions")
        }
        let series = Double(setting.spanDays) * Double(seeds)
        if points == 1, series > maximumSeriesDays {
            throw arguments.usageError("this simulation keeps daily series of \(setting.spanDays) days × \(seeds) seeds = "
                + "\(grouped(series)) days, more than the \(grouped(maximumSeriesDays)) kept for a report; simulate fewer days or seeds")
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

    /// Cards mode: fsrs-rs's defaults, then `--config`, then the options.
    static func cardsSimulation(_ arguments: ParsedArguments, parameters: FSRSParameters,
                                context: CommandContext) throws(CommandError) -> Prepared {
        var configuration = SimulatorConfiguration()
        if let path = try arguments.value(of: config) {
            let data = try FileAccess.read(path, limit: InputLimits.smallJSON, format: .json, context: context)
            if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) {
                throw .dataError("\(FileAccess.displayName(path)): \(duplicate)")
            }
            do {
                configuration = try SimulatorConfiguration(fsrsJSON: data)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
            }
        }
        if let value = try arguments.value(of: days) { configuration.learnSpanDays = value }
        if let value = try arguments.value(of: deck) { configuration.deckSize = value }
        if let value = try arguments.value(of: newPerDay) {
            guard value == value.rounded() else {
                throw arguments.usageError("--new-per-day '\(value)' must be a whole number of cards in cards mode")
            }
            configuration.learnLimitPerDay = Int(value)
        }
        if let minutes = try arguments.value(of: maximumMinutes) { configuration.maximumCostPerDaySeconds = minutes * 60 }
        let simulator: CardSimulator
        do {
            simulator = try CardSimulator(configuration: configuration, parameters: parameters)
        } catch {
            throw arguments.usageError(error.description)
        }
        let newPerDay = configuration.learnLimitPerDay == .max
            ? "new cards unlimited" : "at most \(configuration.learnLimitPerDay) new cards a day"
        let setting = SimulationReport.Setting(
            mode: .cards, spanDays: configuration.learnSpanDays, itemCount: configuration.deckSize, studiedAtStart: 0,
            dailyLimit: "at most \(SimulationTextReport.number(configuration.maximumCostPerDaySeconds, 0)) s a day",
            dailyLimitMinutes: configuration.maximumCostPerDaySeconds / 60, newPerDay: newPerDay, seeds: [], workspace: nil)
        return Prepared(setting: setting, defaultRetention: 0.9) { sweep, progress in await sweep.run(simulator, progress: progress) }
    }

    /// ZhiXi mode: a new course, or a learner's workspace as of `--now`.
    static func zhiXiSimulation(_ arguments: ParsedArguments, parameters: FSRSParameters, workspacePath: String?,
                                context: CommandContext) throws(CommandError) -> Prepared {
        var configuration = ZhiXiSimulationConfiguration()
        configuration.planner.parameters = parameters
        configuration.spanDays = try arguments.value(of: days, default: 365)
        configuration.newLessonsPerDay = try arguments.value(of: newPerDay, default: 1)
        let budget = try arguments.value(of: maximumMinutes)
        if let budget, budget != budget.rounded() {
            throw arguments.usageError("--max-minutes-per-day '\(budget)' must be a whole number of minutes in ZhiXi mode")
        }
        let start: ZhiXiStartingState
        var defaultRetention = 0.9
        var workspaceName: String?
        if let path = workspacePath {
            if arguments.isGiven(deck) {
                throw arguments.usageError("--deck sets the size of a new course; with --workspace the course is the workspace's lessons")
            }
            let now = try arguments.value(of: now, default: context.now)
            let (workspace, _) = try WorkspaceFile.read(path, context: context)
            let snapshot: PlannerMemorySnapshot
            do {
                snapshot = try ReviewPlanner(configuration: configuration.planner).memorySnapshot(of: PlannerInput(workspace: workspace), now: now)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): " + (error.path.map { "\($0): " } ?? "") + error.description)
            }
            start = ZhiXiStartingState(snapshot: snapshot, maximumWeakPointsPerLesson: configuration.weakPoints.maximumPerLesson)
            defaultRetention = snapshot.desiredRetention
            configuration.dailyMinutes = budget.map { Int($0) } ?? snapshot.dailyMinutes
            workspaceName = path == "-" ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
            context.keepUntilExit(workspace)
        } else {
            _ = try arguments.value(of: now)
            start = .newCourse(lessons: try arguments.value(of: deck, default: 100), minutes: 20)
            configuration.dailyMinutes = budget.map { Int($0) } ?? 30
        }
        let simulator: ZhiXiSimulator
        do {
            simulator = try ZhiXiSimulator(configuration: configuration, start: start)
        } catch {
            throw arguments.usageError(error.description)
        }
        let rate = configuration.newLessonsPerDay
        let rateText = SimulationTextReport.number(rate, rate == rate.rounded() ? 0 : 2)
        let setting = SimulationReport.Setting(
            mode: .zhiXi, spanDays: configuration.spanDays, itemCount: start.lessons.count, studiedAtStart: start.studiedCount,
            dailyLimit: "budget \(configuration.dailyMinutes) min a day", dailyLimitMinutes: Double(configuration.dailyMinutes),
            newPerDay: "\(rateText) new lesson\(rate == 1 ? "" : "s") a day", seeds: [], workspace: workspaceName)
        return Prepared(setting: setting, defaultRetention: defaultRetention) { sweep, progress in
            await sweep.run(simulator, progress: progress)
        }
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
