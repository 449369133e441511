import Foundation
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiTraining

/// `zhixi-review evaluate REVLOG.csv|WORKSPACE.json`: how well fitted (or given) parameters
/// predict a learner's later reviews, against the FSRS-6 defaults.
enum EvaluateCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let parameters = SharedOptions.parameters
        let splits = CommandOption<Int>.integer(
            "splits", range: 1...50, default: 5,
            help: "equal folds in time; each fold after the first is scored by parameters fitted on the items before it "
                + "(1: score every item with --params or the defaults, fitting nothing)")
        let predictions = CommandOption<String>.text(
            "predictions", placeholder: "FILE.csv",
            example: FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-example-predictions.csv").path, file: .written,
            help: "write every scored review's predicted recall to FILE.csv, whole or not at all")
        let svg = CommandOption<String>.text(
            "svg", placeholder: "FILE", example: "calibration.svg", file: .written,
            help: "also draw the calibration, whole or not at all: predicted against observed recall by bin of predicted recall, "
                + "with each bin's count, for the FSRS-6 defaults and the candidate side by side")
        let format = SharedOptions.format([.text, .json])
        let input = TrainingInput.Reading()
        let seed = TrainingInput.seed
        let skipBadRows = TrainingInput.skipBadRows
        let language = LanguageChoice.report
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "evaluate",
        summary: "log loss, RMSE (bins) and AUC of fitted or given parameters on a review history",
        arguments: [TrainingInput.argument],
        discussion: """
        Cuts the items (reviews on a later study day than the card's previous one) into equal
        folds in time order. For each fold after the first, parameters are fitted on all items
        before it (as optimize does; or --params are used as given) and score the fold; the
        FSRS-6 defaults score it too. The table scores as fsrs-rs's
        evaluate_with_time_series_splits and Anki's evaluate_params do: every scored fold's
        items pooled, unweighted, one log loss, one RMSE (bins) and one AUC (their 5 splits are
        --splits 6: the same folds, scored the same way). Per fold, the figures are fsrs-rs's
        evaluate on the fold alone (items weighted by recency within the fold, 0.25 for its
        oldest to 1 for its latest, 0.25 + 0.75 (i/(n-1))^3); their mean follows the table
        under its own name. With --splits 1 every item is scored by --params or the defaults
        with recency weights, as fsrs-rs's evaluate and Anki's evaluate_params_legacy (Anki's
        "Evaluate" button) score them. The predictions file has each item's fold and weight, so
        every figure can be recomputed from it.
        """,
        options: options,
        epilogue: """
        The verdict line says whether to use the candidate: its log loss on held-out reviews
        (the table's) against the defaults', with how sure that is (the mean per-review
        difference and its standard error).

        JSON output: {"items", "splits", "candidate", "defaults", "folds", "verdict"}; candidate and
        defaults are {"name", "parameters" (a JSON array: when fitted per fold, the last fold's,
        named by "parametersFrom"), "weighting", "logLoss", "rmseBins", "auc",
        "logLossUnweighted", "rmseBinsUnweighted", and with more than one split
        "perFoldMean": {"logLoss", "rmseBins"}}, each fold {"fold", "trainingItems",
        "testItems", "trainedItems", "candidate", "defaults", "parameters", "outcome"}, verdict
        {"decision" (useCandidate, keepDefaults, nothingFitted or none), "heldOut", "candidateLogLoss",
        "defaultsLogLoss", "scoredItems", "meanDifference", "differenceStandardError", "clear"}.
        The predictions file has
        the columns card_id, review_time, fold, elapsed_days, rating, recalled,
        predicted_recall, default_recall, weight (the item's weight within its fold). Exit
        status 65 for a log row that cannot be read (its line is named) unless --skip-bad-rows
        is given.
        """)

    /// One row of the summary: a name and its figures (weighted by recency for one split,
    /// pooled and unweighted for more), the same unweighted, and with splits the mean of the
    /// folds' own figures.
    private struct Row {
        /// The key of its name in `Commands.strings` (`evaluate.row.*`): JSON and the chart
        /// name it in English, the text in the report's language.
        var nameKey: String
        /// The name in English.
        var name: String { Localization.english.text(nameKey, in: .commands) }
        var logLoss: Double
        var rmseBins: Double
        var auc: Double?
        var logLossUnweighted: Double
        var rmseBinsUnweighted: Double
        var perFoldMean: (logLoss: Double, rmseBins: Double)?
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: options.format)
        let words = LanguageChoice.reportLanguage(try arguments.value(of: LanguageChoice.report), context: context).localization
        let splitCount = try arguments.value(of: options.splits)
        let predictionsPath = try arguments.value(of: options.predictions)
        let predictionsOutput = try OutputTarget.prepare(options.predictions, of: arguments)   // refused before the work
        let svgOutput = try OutputTarget.prepare(options.svg, of: arguments)
        let flagged: FSRSParameters? = try arguments.value(of: SharedOptions.parameters) == nil
            ? nil : try ParameterSource.load(arguments, context: context)
        var configuration = OptimizerConfiguration()
        configuration.seed = UInt64(try arguments.value(of: TrainingInput.seed))
        let input = try TrainingInput.load(path, arguments: arguments, context: context)
        let dataset = input.dataset
        // An Anki preset's own parameters are the candidate unless --params is given.
        let presetParameters = flagged == nil ? try input.anki?.parameters() : nil
        let given = flagged ?? presetParameters
        let givenName = presetParameters != nil ? "evaluate.row.preset" : "evaluate.row.given"
        let candidateName = given == nil ? "evaluate.row.fittedPerFold" : givenName

        var rows: [Row] = []
        var foldLines: [String] = []
        var foldReports: [EvaluationReport.Fold] = []
        var predictionRows: [(item: Int, fold: Int, predicted: Double, defaults: Double, weight: Double)] = []
        var lastFoldParameters: (parameters: FSRSParameters, fold: Int, trainingItems: Int)?
        var verdict: FitVerdict?
        if splitCount == 1 {
            let items = 0 ..< dataset.itemCount
            guard !items.isEmpty else { throw .dataError("\(FileAccess.displayName(path)): no items to score (no card was reviewed on two days)") }
            let candidate = ModelEvaluator.predictions(of: given ?? .default, on: dataset)
            let defaults = ModelEvaluator.predictions(of: .default, on: dataset)
            func row(_ name: String, _ predictions: [Double]) -> Row {
                let weighted = ModelEvaluator.metrics(predictions: predictions, dataset: dataset, items: items, weighting: .recency)
                let plain = ModelEvaluator.metrics(predictions: predictions, dataset: dataset, items: items, weighting: .uniform)
                return Row(nameKey: name, logLoss: weighted.logLoss, rmseBins: weighted.rmseBins, auc: weighted.auc,
                           logLossUnweighted: plain.logLoss, rmseBinsUnweighted: plain.rmseBins)
            }
            rows = [row(given == nil ? "evaluate.row.defaults" : givenName, candidate)]
            if given != nil { rows.append(row("evaluate.row.defaults", defaults)) }
            let weights = ModelEvaluator.weights(count: items.count, weighting: .recency)
            predictionRows = items.map { ($0, 0, candidate[$0], defaults[$0], weights[$0]) }
            if given != nil {
                verdict = FitVerdict(candidate: candidate, defaults: defaults, dataset: dataset, items: items, weighting: .recency)
            }
        } else {
            let evaluation: TimeSeriesEvaluation
            do {
                evaluation = try await TimeSeriesEvaluator(foldCount: splitCount, optimizer: ParameterOptimizer(configuration: configuration))
                    .evaluate(dataset, parameters: given)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
            }
            // fsrs-rs's figures: the scored folds pooled, unweighted; the per-fold mean beside them.
            func row(_ name: String, _ summary: TimeSeriesSummary) -> Row {
                Row(nameKey: name, logLoss: summary.pooled.logLoss, rmseBins: summary.pooled.rmseBins, auc: summary.auc,
                    logLossUnweighted: summary.pooled.logLoss, rmseBinsUnweighted: summary.pooled.rmseBins,
                    perFoldMean: (summary.meanLogLoss, summary.meanRMSEBins))
            }
            rows = [row(candidateName, evaluation.candidate), row("evaluate.row.defaults", evaluation.defaults)]
            if let last = evaluation.folds.last {
                lastFoldParameters = (last.parameters, last.fold + 1, last.trainingItems.count)
            }
            verdict = FitVerdict(evaluation, dataset: dataset)
            for fold in evaluation.folds {
                let outcome = fold.optimization.map { $0.outcome.description } ?? "given"
                foldLines.append(TrainingReportText.foldLine(fold, of: splitCount, words: words))
                foldReports.append(EvaluationReport.Fold(
                    fold: fold.fold + 1, trainingItems: fold.trainingItems.count, testItems: fold.testItems.count,
                    trainedItems: fold.optimization?.trainingItemCount,
                    candidate: EvaluationReport.Metrics(fold.candidate), defaults: EvaluationReport.Metrics(fold.defaults),
                    parameters: ParameterList(parameters: fold.parameters), outcome: outcome))
                let weights = ModelEvaluator.weights(count: fold.testItems.count, weighting: .recency)
                for (offset, item) in fold.testItems.enumerated() {
                    predictionRows.append((item, fold.fold + 1, fold.predictions[offset], fold.defaultPredictions[offset], weights[offset]))
                }
            }
        }

        if let predictionsOutput {
            var csv = "card_id,review_time,fold,elapsed_days,rating,recalled,predicted_recall,default_recall,weight\n"
            csv.reserveCapacity(predictionRows.count * 80)
            for row in predictionRows {
                let item = dataset.item(row.item)
                csv += TextFormatting.csvField(dataset.cardIDs[item.card]) + "," + TextFormatting.iso8601UTC(item.secondsSince1970)
                    + ",\(row.fold),\(Int(item.elapsedDays)),\(item.rating),\(item.recalled ? 1 : 0),"
                    + TextFormatting.fixed(row.predicted, 6) + "," + TextFormatting.fixed(row.defaults, 6) + ","
                    + TextFormatting.fixed(row.weight, 6) + "\n"
            }
            try predictionsOutput.write(Data(csv.utf8), context: context)
        }
        if let svgOutput {
            let items = predictionRows.map(\.item)
            let chart = CalibrationChart(
                title: splitCount == 1 ? "Calibration on all \(items.count) items"
                    : "Calibration on the \(items.count) held-out items (\(splitCount == 2 ? "fold 2" : "folds 2–\(splitCount)") of \(splitCount))",
                notes: ["\(dataset.itemCount) items from \(input.description)",
                        splitCount == 1 ? "Every item scored by " + (given == nil ? "the FSRS-6 defaults" : "the given parameters and the defaults")
                            : "Items in time order, cut into \(splitCount) folds: " + TrainingReportText.scoredFolds(splitCount, given: given != nil)],
                panels: [
                    CalibrationChart.Panel(name: "FSRS-6 defaults", bins: CalibrationBins(
                        predictions: predictionRows.map(\.defaults), dataset: dataset, items: items),
                        logLoss: rows[rows.count - 1].logLoss, rmseBins: rows[rows.count - 1].rmseBins),
                ] + (given == nil && splitCount == 1 ? [] : [
                    CalibrationChart.Panel(name: Localization.english.text(candidateName, in: .commands), bins: CalibrationBins(
                        predictions: predictionRows.map(\.predicted), dataset: dataset, items: items),
                        logLoss: rows[0].logLoss, rmseBins: rows[0].rmseBins),
                ]))
            try svgOutput.write(Data(chart.svg().utf8), context: context)
        }

        switch format {
        case .json:
            var parametersFrom: String?
            let candidateParameters: FSRSParameters
            if let given {
                candidateParameters = given
            } else if let last = lastFoldParameters {
                candidateParameters = last.parameters
                parametersFrom = "fold \(last.fold) (fitted on the \(last.trainingItems) items before it); each fold's are in folds"   // JSON: parametersFrom
            } else {
                candidateParameters = .default
            }
            let report = EvaluationReport(
                items: dataset.itemCount, splits: splitCount,
                candidate: EvaluationReport.Row(rows[0], parameters: candidateParameters, parametersFrom: parametersFrom),
                defaults: EvaluationReport.Row(rows[rows.count - 1], parameters: .default, parametersFrom: nil),
                folds: foldReports, verdict: EvaluationReport.Verdict(verdict, heldOut: splitCount > 1))
            context.write(try OutputJSON.report(report, style: .spaced, command: "evaluate"))
        default:
            func sentence(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence(key, in: .commands, values) }
            let itemsFrom = sentence("evaluate.itemsFrom", ["count": String(dataset.itemCount), "input": input.description(words)])
            let scoredFolds = TrainingReportText.scoredFolds(splitCount, given: given != nil, words: words)
            var output = splitCount == 1
                ? sentence(given == nil ? "evaluate.oneSplit.defaults" : presetParameters != nil ? "evaluate.oneSplit.preset" : "evaluate.oneSplit.given",
                           ["itemsFrom": itemsFrom]) + "\n"
                : sentence("evaluate.folds", ["folds": String(splitCount), "itemsFrom": itemsFrom, "scoredFolds": scoredFolds]) + "\n"
            output += TextFormatting.table(
                header: ["evaluate.column.parameters", "evaluate.column.logLoss", "evaluate.column.rmse", "evaluate.column.auc"].map { sentence($0) },
                rows: rows.map { [words.text($0.nameKey, in: .commands), TextFormatting.fixed($0.logLoss, 4), TextFormatting.fixed($0.rmseBins, 4),
                                  $0.auc.map { TextFormatting.fixed($0, 4) } ?? "–"] },
                rightAligned: [1, 2, 3])
            let separator = words.text("evaluate.listSeparator", in: .commands)
            func figures(_ row: Row, _ values: (logLoss: Double, rmseBins: Double)?) -> String {
                let name = words.text(row.nameKey, in: .commands)
                guard let values else { return sentence("evaluate.rowNoFigures", ["name": name]) }
                return sentence("evaluate.rowFigures", ["name": name, "logLoss": TextFormatting.fixed(values.logLoss, 4),
                                                        "rmse": TextFormatting.fixed(values.rmseBins, 4)])
            }
            if splitCount == 1 {
                output += sentence("evaluate.weighting.oneSplit") + "\n"
                output += sentence("evaluate.unweighted", ["list": rows.map { figures($0, ($0.logLossUnweighted, $0.rmseBinsUnweighted)) }
                    .joined(separator: separator)]) + "\n"
            } else {
                let scored = splitCount == 2 ? sentence("evaluate.scored.two") : sentence("evaluate.scored.many", ["folds": String(splitCount)])
                output += sentence("evaluate.weighting.folds", ["count": String(predictionRows.count), "scored": scored]) + "\n"
                output += sentence("evaluate.perFold", ["list": rows.map { figures($0, $0.perFoldMean) }.joined(separator: separator)]) + "\n"
            }
            if !foldLines.isEmpty { output += sentence("evaluate.eachFold") + "\n" }
            output += foldLines.map { $0 + "\n" }.joined()
            let candidate: TrainingReportText.Candidate = given == nil ? .fittedPerFold : .given
            if let verdict {
                output += TrainingReportText.verdictLine(verdict, candidate: candidate, heldOut: splitCount > 1, words: words) + "\n"
                if let sure = TrainingReportText.howSureLine(verdict, candidate: candidate, heldOut: splitCount > 1, words: words) {
                    output += sure + "\n"
                }
            } else {
                output += sentence("evaluate.verdict.none") + "\n"
            }
            if let predictionsPath { output += sentence("evaluate.predictionsWritten", ["path": predictionsPath]) + "\n" }
            output += TrainingInput.ankiSummary(input, arguments: arguments, parameters: true, words: words)
            context.write(output)
        }
    }

    /// `--format json`: the two rows, then each scored fold.
    private struct EvaluationReport: Encodable {
        /// A row of the summary, weighted by recency, with the parameters it used.
        struct Row: Encodable {
            var name: String
            var parameters: ParameterList
            /// Where the candidate's parameters come from, when fitted per fold.
            var parametersFrom: String?
            var weighting = "recency"
            var logLoss: ReportNumber
            var rmseBins: ReportNumber
            var auc: ReportNumber
            var logLossUnweighted: ReportNumber
            var rmseBinsUnweighted: ReportNumber
            var perFoldMean: FoldMean?

            /// The mean over folds of each fold's recency-weighted figures.
            struct FoldMean: Encodable {
                var logLoss: ReportNumber
                var rmseBins: ReportNumber
            }

            init(_ row: EvaluateCommand.Row, parameters: FSRSParameters, parametersFrom: String?) {
                name = row.name
                self.parameters = ParameterList(parameters: parameters)
                self.parametersFrom = parametersFrom
                if let mean = row.perFoldMean {
                    weighting = "none: the scored folds pooled (fsrs-rs's evaluate_with_time_series_splits)"   // JSON: weighting
                    perFoldMean = FoldMean(logLoss: .fixed(mean.logLoss, 6), rmseBins: .fixed(mean.rmseBins, 6))
                }
                logLoss = .fixed(row.logLoss, 6)
                rmseBins = .fixed(row.rmseBins, 6)
                auc = .fixed(row.auc, 6)
                logLossUnweighted = .fixed(row.logLossUnweighted, 6)
                rmseBinsUnweighted = .fixed(row.rmseBinsUnweighted, 6)
            }
        }

        /// A fold's figures, weighted by recency.
        struct Metrics: Encodable {
            var logLoss: ReportNumber
            var rmseBins: ReportNumber
            var auc: ReportNumber

            init(_ metrics: EvaluationMetrics) {
                logLoss = .fixed(metrics.logLoss, 6)
                rmseBins = .fixed(metrics.rmseBins, 6)
                auc = .fixed(metrics.auc, 6)
            }
        }

        /// A scored fold (numbered from 1).
        struct Fold: Encodable {
            var fold: Int
            var trainingItems: Int
            var testItems: Int
            /// The items trained on (after the outlier filter), when fitted.
            var trainedItems: Int?
            var candidate: Metrics
            var defaults: Metrics
            var parameters: ParameterList
            var outcome: String
        }

        /// `FitVerdict`: whether to use the candidate.
        struct Verdict: Encodable {
            var decision: String
            var heldOut: Bool
            var candidateLogLoss: ReportNumber
            var defaultsLogLoss: ReportNumber
            var scoredItems: Int
            var meanDifference: ReportNumber
            var differenceStandardError: ReportNumber
            var clear: Bool

            init(_ verdict: FitVerdict?, heldOut: Bool) {
                switch verdict?.decision {
                case .useCandidate: decision = "useCandidate"
                case .keepDefaults: decision = "keepDefaults"
                case .nothingFitted: decision = "nothingFitted"
                case nil: decision = "none"
                }
                self.heldOut = heldOut
                candidateLogLoss = .fixed(verdict?.candidateLogLoss, 6)
                defaultsLogLoss = .fixed(verdict?.defaultsLogLoss, 6)
                scoredItems = verdict?.scoredItemCount ?? 0
                meanDifference = .fixed(verdict?.meanDifference, 6)
                differenceStandardError = .fixed(verdict?.differenceStandardError, 6)
                clear = verdict?.isClear ?? false
            }
        }

        var items: Int
        var splits: Int
        var candidate: Row
        var defaults: Row
        var folds: [Fold]
        var verdict: Verdict
    }
}
