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
            example: FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-example-params.json").path, file: .written,
            help: "also write the parameters (the JSON array) to FILE, whole or not at all")
        let seed = TrainingInput.seed
        let skipBadRows = TrainingInput.skipBadRows
        let noCheck = CommandOption<Bool>.flag(
            "no-check", help: "skip the held-out check (one more fit, on the items before the latest fifth) and so the verdict")
        let batch = CommandOption<String>.text(
            "batch", placeholder: "FILE|-", example: "-", file: .read,
            help: "fit a whole fleet: JSON lines in (one workspace per line; - reads standard input), one JSON line out per "
                + "learner, in the same order (instead of REVLOG.csv|WORKSPACE.json)")
        let language = LanguageChoice.report
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "optimize",
        summary: "fit the 21 FSRS-6 parameters to a review log or a learner's sessions",
        arguments: [TrainingInput.argument],
        discussion: """
        Fits the memory model to a learner's own history, as fsrs-rs's compute_parameters does:
        items are the reviews on a later study day than the card's previous one, each with the
        card's whole history; cards whose first interval is an outlier are left out; the initial
        stabilities are pre-trained on the first intervals, then all 21 parameters are fitted by
        Adam (learning rate 0.04 annealed along a cosine, 5 epochs of batches of 512 items,
        recency-weighted cross-entropy plus a pull towards the starting values, fsrs-rs's
        bounds). From a workspace, each lesson and each weak point is an item of its own, with
        the reviews the planner gives it (sessions rated by the mastery-score scale).
        Then a held-out check: the same fit on the items before the latest fifth (evaluate's
        fold 5 of 5) scores those latest items against the FSRS-6 defaults, and the verdict
        line says whether to use the parameters (their held-out log loss is lower) or keep the
        defaults, with how sure that is.
        Progress goes to standard error; standard output ends with the parameters as a JSON
        array, ready for Anki, fsrs-rs, and the params option of plan, states and simulate. With too little data
        (fewer than 8 items) the result is the FSRS-6 defaults, and a note says so. As Anki
        does, the fit replaces the current parameters (--params; without it the FSRS-6
        defaults, a preset without parameters) only when it scores better on the same items
        (log loss weighted by recency); otherwise the current parameters are kept, and the
        verdict line says so instead of the held-out check.
        """,
        options: options,
        epilogue: """
        Exit status 65 for a log row that cannot be read (its line is named) unless
        --skip-bad-rows is given.

        --batch: each output line is {"userId": …, "parameters": [21 numbers], "reviews": N,
        "items": N, "logLoss": …} (and "note": "…" when there was too little data for a full
        fit: the defaults or the initial stabilities only, and why), or {"line": N, "userId":
        …|null, "error": "…"} for a line that is not a workspace the planner can read.
        --timezone, --day-start and --seed apply to every learner; a batch makes no held-out
        check. Learners are fitted on all
        cores, a few in flight, and written in input order. Exit status 0 when every line was
        read, 65 when any was not (the others are still written).
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        // Read in batch mode too, where it changes nothing: --batch writes JSON, whose notes are English.
        let words = LanguageChoice.reportLanguage(try arguments.value(of: LanguageChoice.report), context: context).localization
        if let batchPath = try arguments.value(of: options.batch) {
            try await OptimizeBatch.run(batchPath, arguments: arguments, context: context)
            return
        }
        let path = try arguments.singleInput()
        var configuration = OptimizerConfiguration()
        configuration.seed = UInt64(try arguments.value(of: TrainingInput.seed))
        let outPath = try arguments.value(of: options.out)
        let outTarget = try OutputTarget.prepare(options.out, of: arguments)   // refused now, not after the fit
        let current = try ParameterSource.load(arguments, context: context)
        let currentName = try ParameterSource.describe(arguments)
        let input = try TrainingInput.load(path, arguments: arguments, context: context)
        let dataset = input.dataset
        context.writeError("zhixi-review: \(dataset.itemCount) items (reviews on a later day than the card's previous one) "
                           + "from \(input.description)")
        let counts = TrainingItemCounts(dataset: dataset, configuration: configuration)
        if counts.trainingItems >= configuration.minimumTrainingItemCount {
            context.writeError("zhixi-review: training on \(counts.trainingItems) of them; each epoch's figure is fsrs-rs's training "
                               + "objective (the recency-weighted log loss of the training items plus the pull towards the starting "
                               + "weights, per item): it compares epochs, not parameters")
        }
        // The blocking fit (the command is the whole process), so that progress is written
        // from this thread.
        func fit() -> OptimizationResult {
            ParameterOptimizer(configuration: configuration).optimize(dataset) { progress in
                context.writeError("zhixi-review: epoch \(progress.epoch)/\(progress.epochs): training objective "
                                   + TextFormatting.fixed(progress.loss, 4))
            }
        }
        let result = fit()
        let selection = ParameterSelection(fitted: result.parameters, current: current, dataset: dataset,
                                           relearningStepCount: input.relearningStepCount)
        let array = TrainingInput.jsonArray(selection.parameters)
        try outTarget?.write(Data((array + "\n").utf8), context: context)
        var output = TrainingInput.ankiSummary(input, arguments: arguments, parameters: false, words: words)
        if result.outcome == .fitted {
            var values = ["trained": String(result.trainingItemCount), "items": String(result.itemCount)]
            values["leftOut"] = TrainingReportText.leftOut(counts, maximumSequenceLength: configuration.maximumSequenceLength, words: words)
            output += words.sentence(values["leftOut"] == nil ? "optimize.fittedAll" : "optimize.fittedAllLeavingOut", in: .commands, values) + "\n"
        } else {
            context.writeError("zhixi-review: note: \(result.outcome)")
            output += "\(result.outcome)\n"
        }
        if let before = result.logLossBefore, let after = result.logLossAfter {
            output += words.sentence("optimize.trainingLoss", in: .commands, [
                "count": String(result.trainingItemCount), "defaults": TrainingReportText.loss(before), "fitted": TrainingReportText.loss(after),
            ]) + "\n"
        }
        if dataset.itemCount > 0, result.outcome.isFitted {
            output += allItemsLosses(result.parameters, dataset: dataset, words: words)
        }
        if selection.outcome == .keptCurrent {
            let kept = keptCurrentSentence(selection, name: currentName, items: dataset.itemCount, fit: result.parameters, words: words)
            output += words.sentence("report.verdict", in: .commands, ["text": kept]) + "\n"
        } else {
            let verdict = arguments.flag(options.noCheck)
                ? (figures: "", lines: words.text("optimize.verdict.notChecked", in: .commands) + "\n")
                : heldOutVerdict(result, dataset: dataset, configuration: configuration, context: context, words: words)
            output += verdict.figures
            for warning in warnings(result, words: words) { output += words.sentence("report.warning", in: .commands, ["text": warning]) + "\n" }
            output += verdict.lines
        }
        if let outPath { output += words.sentence("optimize.writtenTo", in: .commands, ["path": outPath]) + "\n" }
        context.write(output + array + "\n")
    }

    /// The held-out check of a fit and its verdict: the latest fifth of the items (evaluate's
    /// last fold of 5) scored by parameters fitted the same way on the items before them, and
    /// by the defaults. `figures` is the labelled log loss line, `lines` the verdict and how
    /// sure it is.
    static func heldOutVerdict(_ result: OptimizationResult, dataset: TrainingDataset, configuration: OptimizerConfiguration,
                               context: CommandContext, words: Localization) -> (figures: String, lines: String) {
        guard result.outcome.isFitted else {
            return ("", words.text("optimize.verdict.tooLittleData", in: .commands) + "\n")
        }
        let folds = 5
        let evaluation: TimeSeriesEvaluation
        do {
            evaluation = try TimeSeriesEvaluator(foldCount: folds, optimizer: ParameterOptimizer(configuration: configuration))
                .evaluateLastFold(dataset)
        } catch {
            return ("", words.sentence("optimize.verdict.tooFewToHoldOut", in: .commands, ["items": String(dataset.itemCount)]) + "\n")
        }
        guard let fold = evaluation.folds.first else { return ("", "") }
        context.writeError("zhixi-review: held-out check: fitted again on the first \(fold.trainingItems.count) items, "
                           + "scored on the latest \(fold.testItems.count)")
        let verdict = FitVerdict(evaluation, dataset: dataset, pooled: false)
        let figures = words.sentence("optimize.heldOut", in: .commands, [
            "tested": String(fold.testItems.count), "trained": String(fold.trainingItems.count), "folds": String(folds),
            "defaults": TrainingReportText.loss(fold.defaults.logLoss), "fitted": TrainingReportText.loss(fold.candidate.logLoss),
        ]) + "\n"
        var lines = TrainingReportText.verdictLine(verdict, candidate: .fitted, words: words) + "\n"
        if let sure = TrainingReportText.howSureLine(verdict, candidate: .fitted, words: words) { lines += sure + "\n" }
        return (verdict.decision == .nothingFitted ? "" : figures, lines)
    }

    /// The log loss of the defaults and of the result on every item, weighted by recency as
    /// fsrs-rs's `evaluate` (and `evaluate --splits 1`) weighs them, and unweighted.
    static func allItemsLosses(_ parameters: FSRSParameters, dataset: TrainingDataset, words: Localization) -> String {
        let items = 0 ..< dataset.itemCount
        let fitted = ModelEvaluator.predictions(of: parameters, on: dataset)
        let defaults = ModelEvaluator.predictions(of: .default, on: dataset)
        func loss(_ predictions: [Double], _ weighting: EvaluationWeighting) -> String {
            TextFormatting.fixed(ModelEvaluator.logLoss(predictions: predictions, dataset: dataset, items: items, weighting: weighting), 4)
        }
        return words.sentence("optimize.allItems", in: .commands, ["count": String(dataset.itemCount)]) + "\n"
            + words.sentence("optimize.allItems.recency", in: .commands, ["defaults": loss(defaults, .recency), "fitted": loss(fitted, .recency)])
            + "\n"
            + words.sentence("optimize.allItems.uniform", in: .commands, ["defaults": loss(defaults, .uniform), "fitted": loss(fitted, .uniform)])
            + "\n"
    }

    /// Why the current parameters were kept (Anki's rule), with both scores and the fit.
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
