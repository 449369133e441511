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
            "days", range: 1...36_500, defaultValues: ["days": "\(cardDefaults.learnSpanDays)"], unit: "days")
        let deck = CommandOption<Int>.integer(
            "deck", range: 1...10_000_000,
            defaultValues: ["cards": "\(cardDefaults.deckSize)", "lessons": "\(SimulationRequest.defaultCourseLessons)"])
        let mode = CommandOption<SimulationMode>.choice(
            "mode", ["cards": .cards, "zhixi": .zhiXi])
        let retention = SharedOptions.retention(defaultValues: ["retention": "\(SimulationRequest.defaultDesiredRetention)"])
        let sweep = CommandOption<[Double]>(
            name: "sweep", placeholder: "FROM:TO:STEP",
            defaultDescription: nil, isFlag: false, isRepeatable: false, example: "0.70:0.97:0.01",
            expectation: OptionExpectation("sweep"),
            parse: sweepRetentions)
        let parameters = SharedOptions.parameters
        let newPerDay = CommandOption<Double>.number(
            "new-per-day", placeholder: "N", range: 0...1_000_000, example: "20")
        let maximumMinutes = CommandOption<Double>.number(
            "max-minutes-per-day", placeholder: "M", range: 0...1_440,
            defaultValues: ["minutes": "\(zhiXiDefaults.dailyMinutes)"], example: "30")
        let weekdayMinutes = SharedOptions.weekdayMinutes()
        let away = SharedOptions.away()
        let seeds = CommandOption<Int>.integer(
            "seeds", range: 1...10_000,
            defaultValues: ["single": "\(SimulationRequest.defaultSeedCount.single)", "sweep": "\(SimulationRequest.defaultSeedCount.sweep)"])
        let seed = CommandOption<UInt64>(
            name: "seed", placeholder: "S",
            defaultDescription: "\(SimulationRequest.defaultFirstSeed)", isFlag: false,
            isRepeatable: false, example: "7", expectation: OptionExpectation("whole", ["lower": "0", "upper": String(UInt64.max)]),
            parse: { UInt64($0.trimmingCharacters(in: .whitespaces)) })
        let config = CommandOption<String>.text(
            "config", placeholder: "FILE.json", example: "config.json",
            file: .read)
        let revlog = CommandOption<String>.text(
            "revlog", placeholder: "LOG.csv|COLLECTION", example: "revlog.csv", file: .read)
        let revlogDeck = ReviewLogSource.revlogDeck
        let preset = ReviewLogSource.preset
        let timeZone = SharedOptions.timeZone()
        let dayStart = SharedOptions.dayStart()
        let saveConfig = CommandOption<String>.text(
            "save-config", placeholder: "FILE.json", example: "habits.json", file: .written)
        let budget = CommandOption<Double>.number(
            "budget", placeholder: "MINUTES", range: 0...1_440, openBounds: true, example: "20")
        let workspace = CommandOption<String>.text(
            "workspace", placeholder: "FILE", example: "workspace.json", file: .read)
        let weakPointRate = CommandOption<[Double]>(
            name: "weak-point-rate", placeholder: "P|A,H,G,E", defaultDescription: nil,
            defaultValues: ["rates": zhiXiDefaults.weakPoints.newWeakPointProbabilities.map { "\($0)" }.joined(separator: ",")],
            isFlag: false, isRepeatable: false, example: "0.3",
            expectation: OptionExpectation("weakPointRate"), parse: weakPointRates)
        let now = CommandOption<Date>.timestamp("now")
        let format = SharedOptions.format([.text, .json, .csv])
        let svg = CommandOption<String>.text(
            "svg", placeholder: "FILE", example: "chart.svg", file: .written)
        let series = CommandOption<String>.text(
            "series", placeholder: "FILE.csv", example: "series.csv", file: .written)
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "simulate",
        options: options)

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
