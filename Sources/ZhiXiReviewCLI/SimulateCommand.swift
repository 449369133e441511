import Foundation
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiSimulation

/// `zhixi-review simulate`: a year (or any span) of learning under one desired retention or
/// a sweep of them, with fsrs-rs's card simulator semantics or the ZhiXi flow.
enum SimulateCommand {
    static let usage = """
    usage: zhixi-review simulate [--days N] [--deck N] [--mode cards|zhixi]
                                 [--retention R | --sweep FROM:TO:STEP] [--params FILE|JSON]
                                 [--new-per-day N] [--max-minutes-per-day M] [--seeds N] [--seed S]
                                 [--config FILE.json] [--workspace FILE] [--now ISO-8601]
                                 [--format text|json|csv] [--svg FILE]

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

    options:
      --days N                  days simulated (default 365, or the config's learn_span)
      --deck N                  cards in the deck (default 10000) or lessons in the course
                                (ZhiXi mode, default 100 of 20 minutes each)
      --mode MODE               cards (default) or zhixi (the default with --workspace)
      --retention R             desired retention, 0 < R < 1 (default 0.9; with --workspace the
                                learner's)
      --sweep FROM:TO:STEP      simulate a range of retentions, e.g. 0.70:0.97:0.01
      --params FILE|JSON        21 FSRS-6 parameters (default: the FSRS-6 defaults)
      --new-per-day N           new cards a day at most (cards mode, default unlimited), or new
                                lessons a day (ZhiXi mode, default 1; fractions accumulate)
      --max-minutes-per-day M   cards mode: no card is started once the day's study exceeds M
                                minutes (default 30); ZhiXi mode: the daily budget (default 30,
                                with --workspace the learner's)
      --seeds N                 runs per retention with seeds S, S+1, ... (default 1, 5 with
                                --sweep); numbers are then means ± standard deviations
      --seed S                  the first seed (default 42)
      --config FILE.json        cards mode: fsrs-rs SimulatorConfig fields, snake_case (deck_size,
                                learn_span, max_cost_perday, max_ivl, first_rating_prob,
                                review_rating_prob, learning_step_transitions,
                                relearning_step_transitions, state_rating_costs,
                                learning_step_count, relearning_step_count, learn_limit,
                                review_limit, new_cards_ignore_review_limit,
                                suspend_after_lapses); omitted fields keep the defaults, and the
                                options above override the file
      --workspace FILE          ZhiXi mode from a real learner: the planner's memory of each
                                lesson and weak point in the workspace, as of --now; the
                                lessons not yet studied are studied in order
      --now ISO-8601            the moment the workspace is simulated from (default: now)
      --format FORMAT           text (default), json, or csv (per-day series, or the sweep table)
      --svg FILE                also write a chart (memorized and minutes over the days, or
                                minutes, memorized and cost against retention for a sweep)
      -h, --help                show this help

    JSON output: {"mode", "desiredRetention", "spanDays", "seeds", "summary": {"totalReviews",
    "totalLearned", "memorizedAtEnd", "averageMinutesPerDay", ...}, "days": {"reviews",
    "learned", "seconds", "memorized", "correctReviews", ...}}; with several seeds each summary
    number has its standard deviation beside it ("totalReviewsStandardDeviation"). A sweep
    has "sweep": [{"desiredRetention", "summary"}, ...], "recommendedRetention" and
    "recommendation". A progress line goes to standard error when a run takes longer than a
    second and standard error is a terminal.
    """

    static let parser = ArgumentParser(options: [
        .init(name: "days"), .init(name: "deck"), .init(name: "mode"), .init(name: "retention"), .init(name: "sweep"),
        .init(name: "params"), .init(name: "new-per-day"), .init(name: "max-minutes-per-day"), .init(name: "seeds"),
        .init(name: "seed"), .init(name: "config"), .init(name: "workspace"), .init(name: "now"), .init(name: "format"),
        .init(name: "svg"), .init(name: "help", takesValue: false),
    ], usage: usage)

    static func run(_ arguments: [String], context: CommandContext) throws(CommandError) {
        let parsed = try parser.parse(arguments)
        if parsed.flag("help") {
            context.write(usage + "\n")
            return
        }
        guard parsed.positionals.isEmpty else {
            throw .usage("simulate takes no file argument (got '\(parsed.positionals[0])'); use --workspace FILE or --config FILE",
                         usage: usage)
        }
        let format = try OutputFormat.parse(parsed.value("format"), allowed: [.text, .json, .csv], usage: usage)
        let mode: SimulationMode
        switch parsed.value("mode") {
        case nil: mode = parsed.value("workspace") == nil ? .cards : .zhiXi
        case "cards": mode = .cards
        case "zhixi", "ZhiXi", "zhiXi": mode = .zhiXi
        case let other?: throw .usage("--mode '\(other)' must be cards or zhixi", usage: usage)
        }
        if mode == .cards, parsed.value("workspace") != nil {
            throw .usage("--workspace simulates lessons; use it with --mode zhixi (or without --mode)", usage: usage)
        }
        if mode == .zhiXi, parsed.value("config") != nil {
            throw .usage("--config takes fsrs-rs's card simulator fields; use it with --mode cards", usage: usage)
        }
        if parsed.value("retention") != nil, parsed.value("sweep") != nil {
            throw .usage("give either --retention or --sweep, not both", usage: usage)
        }
        let retentions = try parsed.value("sweep").map { (text) throws(CommandError) -> [Double] in try sweepRetentions(text) }
        let seedCount = try CommonOptions.positiveInteger(parsed, "seeds", default: retentions == nil ? 1 : 5, usage: usage)
        let firstSeed = try unsigned(parsed, "seed", default: 42)
        let seeds = (0 ..< UInt64(seedCount)).map { firstSeed &+ $0 }
        let parameters = try CommonOptions.parameters(parsed, usage: usage)

        let prepared = mode == .cards
            ? try cardsSimulation(parsed, parameters: parameters)
            : try zhiXiSimulation(parsed, parameters: parameters, context: context)
        let retention = try CommonOptions.retention(parsed, default: prepared.defaultRetention, usage: usage)
        let points: [Double] = retentions ?? [retention]
        let sweep: RetentionSweep
        do throws(SimulationConfigurationError) {
            sweep = try RetentionSweep(retentions: points, seeds: seeds)
        } catch {
            throw .usage(error.description, usage: usage)
        }

        let progress = ProgressLine(label: "simulating", total: points.count * seeds.count,
                                    enabled: ProgressLine.wanted(environment: context.environment))
        let result = blocking { await prepared.run(sweep) { done, _ in progress.update(done: done) } }
        progress.finish()

        var setting = prepared.setting
        setting.seeds = seeds
        let report = SimulationReport(outcome: retentions == nil ? .single(result.points[0]) : .sweep(result), setting: setting)
        if let path = parsed.value("svg") {
            try FileAccess.replaceAtomically(path, with: Data(SimulationChart.svg(report).utf8))
        }
        switch format {
        case .json: context.write(SimulationJSON.text(report))
        case .csv: context.write(SimulationCSV.text(report))
        default: context.write(SimulationTextReport.text(report))
        }
    }

    /// A simulator ready to sweep, with what describes it.
    struct Prepared {
        var setting: SimulationReport.Setting
        var defaultRetention: Double
        var run: @Sendable (RetentionSweep, @escaping @Sendable (Int, Int) -> Void) async -> RetentionSweepResult
    }

    /// Cards mode: fsrs-rs's defaults, then `--config`, then the options.
    static func cardsSimulation(_ parsed: ArgumentParser.Parsed, parameters: FSRSParameters) throws(CommandError) -> Prepared {
        var configuration = SimulatorConfiguration()
        if let path = parsed.value("config") {
            let data = try FileAccess.read(path)
            do throws(SimulationConfigurationError) {
                configuration = try SimulatorConfiguration(fsrsJSON: data)
            } catch {
                throw .dataError("\(path): \(error.description)")
            }
        }
        if parsed.value("days") != nil { configuration.learnSpanDays = try CommonOptions.positiveInteger(parsed, "days", default: 365, usage: usage) }
        if parsed.value("deck") != nil { configuration.deckSize = try CommonOptions.positiveInteger(parsed, "deck", default: 10_000, usage: usage) }
        if let text = parsed.value("new-per-day") {
            guard let value = Int(text), value >= 0 else {
                throw .usage("--new-per-day '\(text)' must be a whole number of cards ≥ 0 in cards mode", usage: usage)
            }
            configuration.learnLimitPerDay = value
        }
        if let text = parsed.value("max-minutes-per-day") {
            guard let minutes = Double(text), minutes >= 0, minutes.isFinite else {
                throw .usage("--max-minutes-per-day '\(text)' must be a number of minutes ≥ 0", usage: usage)
            }
            configuration.maximumCostPerDaySeconds = minutes * 60
        }
        let simulator: CardSimulator
        do throws(SimulationConfigurationError) {
            simulator = try CardSimulator(configuration: configuration, parameters: parameters)
        } catch {
            throw .usage(error.description, usage: usage)
        }
        let newPerDay = configuration.learnLimitPerDay == .max ? "new cards unlimited" : "at most \(configuration.learnLimitPerDay) new cards a day"
        let setting = SimulationReport.Setting(
            mode: .cards, spanDays: configuration.learnSpanDays, itemCount: configuration.deckSize, studiedAtStart: 0,
            dailyLimit: "at most \(SimulationTextReport.number(configuration.maximumCostPerDaySeconds, 0)) s a day",
            dailyLimitMinutes: configuration.maximumCostPerDaySeconds / 60, newPerDay: newPerDay, seeds: [], workspace: nil)
        return Prepared(setting: setting, defaultRetention: 0.9) { sweep, progress in await sweep.run(simulator, progress: progress) }
    }

    /// ZhiXi mode: a new course, or a learner's workspace as of `--now`.
    static func zhiXiSimulation(_ parsed: ArgumentParser.Parsed, parameters: FSRSParameters,
                                context: CommandContext) throws(CommandError) -> Prepared {
        var configuration = ZhiXiSimulationConfiguration()
        configuration.planner.parameters = parameters
        configuration.spanDays = try CommonOptions.positiveInteger(parsed, "days", default: 365, usage: usage)
        if let text = parsed.value("new-per-day") {
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw .usage("--new-per-day '\(text)' must be a number of lessons a day ≥ 0, e.g. 1 or 0.5", usage: usage)
            }
            configuration.newLessonsPerDay = value
        }
        var budget: Int?
        if let text = parsed.value("max-minutes-per-day") {
            guard let value = Int(text), value >= 0 else {
                throw .usage("--max-minutes-per-day '\(text)' must be a whole number of minutes ≥ 0 in ZhiXi mode", usage: usage)
            }
            budget = value
        }
        let start: ZhiXiStartingState
        var defaultRetention = 0.9
        var workspaceName: String?
        if let path = parsed.value("workspace") {
            if parsed.value("deck") != nil {
                throw .usage("--deck sets the size of a new course; with --workspace the course is the workspace's lessons", usage: usage)
            }
            let now = try CommonOptions.now(parsed, context: context, usage: usage)
            let (workspace, _) = try WorkspaceFile.read(path)
            let snapshot: PlannerMemorySnapshot
            do throws(PlannerError) {
                snapshot = try ReviewPlanner(configuration: configuration.planner).memorySnapshot(of: PlannerInput(workspace: workspace), now: now)
            } catch {
                throw .dataError("\(path): " + (error.path.map { "\($0): " } ?? "") + error.description)
            }
            start = ZhiXiStartingState(snapshot: snapshot, maximumWeakPointsPerLesson: configuration.weakPoints.maximumPerLesson)
            defaultRetention = snapshot.desiredRetention
            configuration.dailyMinutes = budget ?? snapshot.dailyMinutes
            workspaceName = URL(fileURLWithPath: path).lastPathComponent
        } else {
            let lessons = try CommonOptions.positiveInteger(parsed, "deck", default: 100, usage: usage)
            start = .newCourse(lessons: lessons, minutes: 20)
            configuration.dailyMinutes = budget ?? 30
        }
        let simulator: ZhiXiSimulator
        do throws(SimulationConfigurationError) {
            simulator = try ZhiXiSimulator(configuration: configuration, start: start)
        } catch {
            throw .usage(error.description, usage: usage)
        }
        let rate = SimulationTextReport.number(configuration.newLessonsPerDay, configuration.newLessonsPerDay == configuration.newLessonsPerDay.rounded() ? 0 : 2)
        let setting = SimulationReport.Setting(
            mode: .zhiXi, spanDays: configuration.spanDays, itemCount: start.lessons.count, studiedAtStart: start.studiedCount,
            dailyLimit: "budget \(configuration.dailyMinutes) min a day", dailyLimitMinutes: Double(configuration.dailyMinutes),
            newPerDay: "\(rate) new lesson\(configuration.newLessonsPerDay == 1 ? "" : "s") a day", seeds: [], workspace: workspaceName)
        return Prepared(setting: setting, defaultRetention: defaultRetention) { sweep, progress in
            await sweep.run(simulator, progress: progress)
        }
    }

    /// `--sweep FROM:TO:STEP` as its retentions.
    static func sweepRetentions(_ text: String) throws(CommandError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, let from = parts[0], let to = parts[1], let step = parts[2] else {
            throw .usage("--sweep '\(text)' must be FROM:TO:STEP, e.g. 0.70:0.97:0.01", usage: usage)
        }
        do throws(SimulationConfigurationError) {
            return try RetentionSweep.retentions(from: from, through: to, step: step)
        } catch {
            throw .usage("--sweep '\(text)': \(error.description)", usage: usage)
        }
    }

    /// A whole number ≥ 0 (a seed).
    static func unsigned(_ parsed: ArgumentParser.Parsed, _ name: String, default defaultValue: UInt64) throws(CommandError) -> UInt64 {
        guard let text = parsed.value(name) else { return defaultValue }
        guard let value = UInt64(text) else { throw .usage("--\(name) '\(text)' must be a whole number ≥ 0", usage: usage) }
        return value
    }

    /// Waits, on this thread, for async work run on the global executor (the command line is
    /// synchronous; the sweep runs its simulations in a task group).
    static func blocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
        let box = ResultBox<Value>()
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await operation()
            semaphore.signal()
        }
        semaphore.wait()
        return box.value!
    }
}

/// The result of async work, handed to the thread that waits for it (written once before the
/// semaphore is signalled, read once after).
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
