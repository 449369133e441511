import Foundation
import ZhiXiMemory
import ZhiXiLocalization
import ZhiXiTraining

/// `zhixi-review optimize REVLOG.csv|WORKSPACE.json`: fits the 21 FSRS-6 parameters to a
/// learner's history.
enum OptimizeCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let input = TrainingInput.Reading()
        let parameters = SharedOptions.parameters
        let out = CommandOption<String>.text(
            "out", placeholder: "FILE",
            example: FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-example-params.json").path, file: .written)
        let seed = TrainingInput.seed
        let skipBadRows = TrainingInput.skipBadRows
        let noCheck = CommandOption<Bool>.flag(
            "no-check")
        let batch = CommandOption<String>.text(
            "batch", placeholder: "FILE|-", example: "-", file: .read)
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "optimize",
        arguments: [TrainingInput.argument],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        // Read in batch mode too, where it changes nothing: --batch writes JSON, whose notes are English.
        if let batchPath = try arguments.value(of: options.batch) {
            try await OptimizeBatch.run(batchPath, arguments: arguments, context: context)
            return
        }
        let path = try arguments.singleInput()
        let seed = UInt64(try arguments.value(of: TrainingInput.seed))
        let outPath = try arguments.value(of: options.out)
        let outTarget = try OutputTarget.prepare(options.out, of: arguments)   // refused now, not after the fit
        let flagged: FSRSParameters? = try arguments.value(of: SharedOptions.parameters) == nil
            ? nil : try ParameterSource.load(arguments, context: context)
        let input = try TrainingInput.load(path, arguments: arguments, context: context)
        let words = context.chooseLanguage(workspace: input.workspace).localization
        let dataset = input.dataset
        let configuration = input.optimizerConfiguration(seed: seed)
        // The current parameters: --params, else an Anki preset's own.
        let presetParameters = flagged == nil ? try input.anki?.parameters() : nil
        let current = flagged ?? presetParameters
        let currentSource: TrainingReportText.CurrentSource? = current == nil ? nil : presetParameters != nil ? .preset : .given
        context.writeError("zhixi-review: " + words.sentence("optimize.progress.items", in: .commands, [
            "count": String(dataset.itemCount), "input": input.description(words),
        ]))
        let counts = TrainingItemCounts(dataset: dataset, configuration: configuration)
        if counts.trainingItems >= configuration.minimumTrainingItemCount {
            context.writeError("zhixi-review: " + words.sentence("optimize.progress.training", in: .commands, ["count": String(counts.trainingItems)]))
        }
        // The blocking fit (the command is the whole process), so that progress is written
        // from this thread.
        func fit() -> OptimizationResult {
            ParameterOptimizer(configuration: configuration).optimize(dataset) { progress in
                context.writeError("zhixi-review: " + words.sentence("optimize.progress.epoch", in: .commands, [
                    "epoch": String(progress.epoch), "epochs": String(progress.epochs), "loss": TextFormatting.fixed(progress.loss, 4),
                ]))
            }
        }
        let result = fit()
        var output = TrainingInput.ankiSummary(input, arguments: arguments, parameters: true, words: words)
        if result.outcome == .fitted {
            var values = ["trained": String(result.trainingItemCount), "items": String(result.itemCount)]
            values["leftOut"] = TrainingReportText.leftOut(counts, maximumSequenceLength: configuration.maximumSequenceLength, words: words)
            output += words.sentence(values["leftOut"] == nil ? "optimize.fittedAll" : "optimize.fittedAllLeavingOut", in: .commands, values) + "\n"
        } else {
            let outcome = result.outcome.text(language: context.language)
            context.writeError("zhixi-review: " + words.sentence("report.note", in: .commands, ["text": outcome]))
            output += outcome + "\n"
        }
        if let before = result.logLossBefore, let after = result.logLossAfter {
            output += words.sentence("optimize.trainingLoss", in: .commands, [
                "count": String(result.trainingItemCount), "defaults": TrainingReportText.loss(before), "fitted": TrainingReportText.loss(after),
            ]) + "\n"
        }
        if dataset.itemCount > 0, result.outcome.isFitted {
            output += allItemsLosses(result.parameters, current: current, currentSource: currentSource, dataset: dataset, words: words)
        }
        // The one verdict of the run, and what it says to use.
        var verdictLines = ""
        var chosen: FitVerdict.Candidate = result.outcome.isFitted ? .fit : current == nil ? .defaults : .current
        if !result.outcome.isFitted {
            verdictLines = words.sentence("optimize.verdict.tooLittleData", in: .commands,
                                          ["name": TrainingReportText.name(chosen, current: currentSource, words: words)]) + "\n"
        } else if arguments.flag(options.noCheck) {
            verdictLines = words.text("optimize.verdict.notChecked", in: .commands) + "\n"
        } else {
            switch heldOutCheck(dataset: dataset, current: current, configuration: configuration, context: context) {
            case .success(let comparison):
                let verdict = comparison.verdict!
                chosen = verdict.chosen
                let tested = comparison.scoredItems.count
                output += words.sentence("optimize.heldOut", in: .commands, [
                    "folds": String(comparison.splits), "tested": String(tested),
                    "by": currentSource == nil ? words.text("training.scoredBy.fitted", in: .commands)
                        : words.sentence("training.scoredBy.fittedAndCurrent", in: .commands,
                                         ["name": TrainingReportText.name(.current, current: currentSource, words: words)]),
                ]) + "\n"
                verdictLines = TrainingReportText.verdictLine(verdict, current: currentSource, words: words) + "\n"
                if let sure = TrainingReportText.howSureLine(verdict, current: currentSource, words: words) { verdictLines += sure + "\n" }
            case .failure:
                verdictLines = words.sentence("optimize.verdict.tooFewToHoldOut", in: .commands, ["items": String(dataset.itemCount)]) + "\n"
            }
        }
        for warning in warnings(result, words: words) { output += words.sentence("report.warning", in: .commands, ["text": warning]) + "\n" }
        output += verdictLines
        let parameters: FSRSParameters = switch chosen {
        case .fit: result.parameters
        case .current: current ?? .default
        case .defaults: .default
        }
        let array = TrainingInput.jsonArray(parameters)
        try outTarget?.write(Data((array + "\n").utf8), context: context)
        if chosen != .fit, result.outcome.isFitted {
            output += words.sentence("optimize.fitNotUsed", in: .commands, ["fit": TrainingInput.jsonArray(result.parameters)]) + "\n"
        }
        if let outPath {
            output += words.sentence("optimize.writtenTo", in: .commands, [
                "name": TrainingReportText.name(chosen, current: currentSource, words: words), "path": outPath,
            ]) + "\n"
        }
        context.write(output + array + "\n")
    }

    /// The held-out check of a fit: evaluate's comparison with its default folds (the fit per
    /// fold, the current parameters, the defaults), so that `optimize` and `evaluate` on the
    /// same input reach the same verdict; a failure when the items are too few to cut.
    static func heldOutCheck(dataset: TrainingDataset, current: FSRSParameters?, configuration: OptimizerConfiguration,
                             context: CommandContext) -> Result<ParameterComparison, EvaluationError> {
        let folds = EvaluateCommand.defaultSplits
        do throws(EvaluationError) {
            let comparison = try ParameterComparison(dataset: dataset, splits: folds, current: current,
                                                     optimizer: ParameterOptimizer(configuration: configuration))
            context.writeError("zhixi-review: " + context.words.sentence("optimize.progress.heldOut", in: .commands, [
                "folds": String(folds), "later": String(folds - 1),
            ]))
            return .success(comparison)
        } catch {
            return .failure(error)
        }
    }

    /// The log loss of the defaults, the current parameters and the fit on every item,
    /// weighted by recency as fsrs-rs's `evaluate` (and Anki's scorer) weighs them, and
    /// unweighted.
    static func allItemsLosses(_ parameters: FSRSParameters, current: FSRSParameters?, currentSource: TrainingReportText.CurrentSource?,
                               dataset: TrainingDataset, words: Localization) -> String {
        let items = 0 ..< dataset.itemCount
        var scored: [(FitVerdict.Candidate, [Double])] = [(.defaults, ModelEvaluator.predictions(of: .default, on: dataset))]
        if let current { scored.append((.current, ModelEvaluator.predictions(of: current, on: dataset))) }
        scored.append((.fit, ModelEvaluator.predictions(of: parameters, on: dataset)))
        func list(_ weighting: EvaluationWeighting) -> String {
            TrainingReportText.scores(scored.map { candidate, predictions in
                (candidate, ModelEvaluator.logLoss(predictions: predictions, dataset: dataset, items: items, weighting: weighting))
            }, current: currentSource, words: words)
        }
        return words.sentence("optimize.allItems", in: .commands, ["count": String(dataset.itemCount)]) + "\n"
            + words.sentence("optimize.allItems.recency", in: .commands, ["list": list(.recency)]) + "\n"
            + words.sentence("optimize.allItems.uniform", in: .commands, ["list": list(.uniform)]) + "\n"
    }

    /// Why the current parameters were kept (Anki's rule), with both scores and the fit: the
    /// note of a `--batch` line (in English).
    static func keptCurrentSentence(_ selection: ParameterSelection, name: String, items: Int, fit: FSRSParameters,
                                    words: Localization = .english) -> String {
        words.sentence("optimize.keptCurrent", in: .commands, [
            "name": name, "items": String(items), "current": TextFormatting.fixed(selection.currentLogLoss, 4),
            "fitted": TextFormatting.fixed(selection.fittedLogLoss, 4), "fit": TrainingInput.jsonArray(fit),
        ])
    }

    /// What makes fitted parameters doubtful: weights stopped at a bound of the fit, or a fit
    /// on fewer than 500 items.
    static func warnings(_ result: OptimizationResult, words: Localization) -> [String] {
        guard result.outcome.isFitted else { return [] }
        var warnings: [String] = []
        let atBounds = result.parameters.indicesAtFittedBounds()
        if !atBounds.isEmpty {
            let list = atBounds.map { TrainingReportText.weightName($0, words: words) + " = " + TextFormatting.fixed(result.parameters.weights[$0], 4) }
            warnings.append(words.sentence("optimize.warning.atBounds", in: .commands, ["list": list.joined(separator: ", ")]))
        }
        let items = result.outcome == .fitted ? result.trainingItemCount : result.itemCount
        if items < 500 {
            warnings.append(words.sentence("optimize.warning.fewItems", in: .commands, ["items": String(items)]))
        }
        return warnings
    }
}
