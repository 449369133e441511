import Foundation
import ZhiXiMemory
import ZhiXiTraining

/// `zhixi-review evaluate REVLOG.csv|WORKSPACE.json`: how well fitted (or given) parameters
/// predict a learner's later reviews, against the FSRS-6 defaults.
enum EvaluateCommand: Command {
    static let splits = CommandOption<Int>.integer(
        "splits", range: 1...50, default: 5,
        help: "equal folds in time; each fold after the first is scored by parameters fitted on the items before it "
            + "(1: score every item with --params or the defaults, fitting nothing)")
    static let predictions = CommandOption<String>.text(
        "predictions", placeholder: "FILE.csv",
        example: FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-example-predictions.csv").path,
        help: "write every scored review's predicted recall to FILE.csv, whole or not at all")
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "evaluate",
        summary: "log loss, RMSE (bins) and AUC of fitted or given parameters on a review history",
        arguments: [TrainingInput.argument],
        discussion: """
        Cuts the items (reviews on a later study day than the card's previous one) into equal
        folds in time order. For each fold after the first, parameters are fitted on all items
        before it (as optimize does; or --params are used as given) and score the fold; the
        FSRS-6 defaults score it too. A fold's log loss and RMSE (bins) are fsrs-rs's evaluate
        (later items weigh more); the table shows their mean over folds, and the AUC of all
        scored items together. fsrs-rs's evaluate_with_time_series_splits (5 splits) is
        --splits 6.
        """,
        options: [SharedOptions.parameters.erased, splits.erased, predictions.erased, format.erased,
                  TrainingInput.timeZone.erased, TrainingInput.dayStart.erased, TrainingInput.seed.erased,
                  TrainingInput.skipBadRows.erased],
        epilogue: """
        JSON output: {"items", "splits", "candidate", "defaults", "folds"}; candidate and
        defaults are {"parameters", "logLoss", "rmseBins", "auc"}, each fold {"fold",
        "trainingItems", "testItems", "candidate", "defaults", "parameters", "outcome"}. The
        predictions file has the columns card_id, review_time, fold, elapsed_days, rating,
        recalled, predicted_recall, default_recall. Exit status 65 for a log row that cannot be
        read (its line is named) unless --skip-bad-rows is given.
        """)

    /// One row of the summary: a name and its figures.
    private struct Row {
        var name: String
        var logLoss: Double
        var rmseBins: Double
        var auc: Double?
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: format, default: .text)
        let splitCount = try arguments.value(of: splits, default: 5)
        let predictionsPath = try arguments.value(of: predictions)
        let predictionsOutput = try OutputTarget.prepare(predictionsPath, option: "predictions")   // refused before the work
        let given: FSRSParameters? = try arguments.value(of: SharedOptions.parameters) == nil
            ? nil : try ParameterSource.load(arguments, context: context)
        var configuration = OptimizerConfiguration()
        configuration.seed = UInt64(try arguments.value(of: TrainingInput.seed, default: 2023))
        let input = try TrainingInput.load(path, arguments: arguments, context: context)
        let dataset = input.dataset
        let candidateName = given == nil ? "fitted per fold" : "given (--params)"

        var rows: [Row] = []
        var foldLines: [String] = []
        var foldJSON: [String] = []
        var predictionRows: [(item: Int, fold: Int, predicted: Double, defaults: Double)] = []
        if splitCount == 1 {
            let items = 0 ..< dataset.itemCount
            guard !items.isEmpty else { throw .dataError("\(FileAccess.displayName(path)): no items to score (no card was reviewed on two days)") }
            let candidate = ModelEvaluator.predictions(of: given ?? .default, on: dataset)
            let defaults = ModelEvaluator.predictions(of: .default, on: dataset)
            let candidateMetrics = ModelEvaluator.metrics(predictions: candidate, dataset: dataset, items: items, weighting: .recency)
            let defaultMetrics = ModelEvaluator.metrics(predictions: defaults, dataset: dataset, items: items, weighting: .recency)
            rows = [Row(name: given == nil ? "FSRS-6 defaults" : "given (--params)", logLoss: candidateMetrics.logLoss,
                        rmseBins: candidateMetrics.rmseBins, auc: candidateMetrics.auc)]
            if given != nil {
                rows.append(Row(name: "FSRS-6 defaults", logLoss: defaultMetrics.logLoss, rmseBins: defaultMetrics.rmseBins,
                                auc: defaultMetrics.auc))
            }
            predictionRows = items.map { ($0, 0, candidate[$0], defaults[$0]) }
        } else {
            let evaluation: TimeSeriesEvaluation
            do {
                evaluation = try TimeSeriesEvaluator(foldCount: splitCount, optimizer: ParameterOptimizer(configuration: configuration))
                    .evaluate(dataset, parameters: given)
            } catch {
                throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
            }
            rows = [
                Row(name: candidateName, logLoss: evaluation.candidate.meanLogLoss, rmseBins: evaluation.candidate.meanRMSEBins,
                    auc: evaluation.candidate.auc),
                Row(name: "FSRS-6 defaults", logLoss: evaluation.defaults.meanLogLoss, rmseBins: evaluation.defaults.meanRMSEBins,
                    auc: evaluation.defaults.auc),
            ]
            for fold in evaluation.folds {
                let outcome = fold.optimization.map { $0.outcome.description } ?? "given"
                foldLines.append("  fold \(fold.fold + 1) of \(splitCount): \(fold.testItems.count) items, trained on "
                                 + "\(fold.trainingItems.count): \(given == nil ? "fitted" : "given") "
                                 + "\(TextFormatting.fixed(fold.candidate.logLoss, 4)) / \(TextFormatting.fixed(fold.candidate.rmseBins, 4)), "
                                 + "defaults \(TextFormatting.fixed(fold.defaults.logLoss, 4)) / "
                                 + "\(TextFormatting.fixed(fold.defaults.rmseBins, 4))"
                                 + (fold.optimization.map { $0.outcome == .fitted ? "" : " (\($0.outcome))" } ?? ""))
                foldJSON.append("{\"fold\": \(fold.fold + 1), \"trainingItems\": \(fold.trainingItems.count), "
                                + "\"testItems\": \(fold.testItems.count), \"candidate\": \(metricsJSON(fold.candidate)), "
                                + "\"defaults\": \(metricsJSON(fold.defaults)), \"parameters\": \(TrainingInput.jsonArray(fold.parameters)), "
                                + "\"outcome\": \(TextFormatting.jsonString(outcome))}")
                for (offset, item) in fold.testItems.enumerated() {
                    predictionRows.append((item, fold.fold + 1, fold.predictions[offset], fold.defaultPredictions[offset]))
                }
            }
        }

        if let predictionsOutput {
            var csv = "card_id,review_time,fold,elapsed_days,rating,recalled,predicted_recall,default_recall\n"
            csv.reserveCapacity(predictionRows.count * 80)
            for row in predictionRows {
                let item = dataset.item(row.item)
                csv += TextFormatting.csvField(dataset.cardIDs[item.card]) + "," + TextFormatting.iso8601UTC(item.secondsSince1970)
                    + ",\(row.fold),\(Int(item.elapsedDays)),\(item.rating),\(item.recalled ? 1 : 0),"
                    + TextFormatting.fixed(row.predicted, 6) + "," + TextFormatting.fixed(row.defaults, 6) + "\n"
            }
            try predictionsOutput.write(Data(csv.utf8), context: context)
        }

        switch format {
        case .json:
            var output = "{\"items\": \(dataset.itemCount), \"splits\": \(splitCount), "
            output += "\"candidate\": " + rowJSON(rows[0], parameters: splitCount == 1 ? TrainingInput.jsonArray(given ?? .default)
                                                     : given.map(TrainingInput.jsonArray) ?? "\"fitted per fold\"")
            output += ", \"defaults\": " + rowJSON(rows.last!, parameters: TrainingInput.jsonArray(.default))
            output += ", \"folds\": [" + foldJSON.joined(separator: ", ") + "]}\n"
            context.write(output)
        default:
            var output = splitCount == 1
                ? "every item scored: \(dataset.itemCount) items from \(input.description)\n"
                : "\(splitCount) folds in time, folds 2–\(splitCount) scored: \(dataset.itemCount) items from \(input.description)\n"
            output += TextFormatting.table(
                header: ["PARAMETERS", "LOG LOSS", "RMSE (BINS)", "AUC"],
                rows: rows.map { [$0.name, TextFormatting.fixed($0.logLoss, 4), TextFormatting.fixed($0.rmseBins, 4),
                                  $0.auc.map { TextFormatting.fixed($0, 4) } ?? "–"] },
                rightAligned: [1, 2, 3])
            output += foldLines.map { $0 + "\n" }.joined()
            if let predictionsPath { output += "predictions written to \(predictionsPath)\n" }
            context.write(output)
        }
    }

    private static func metricsJSON(_ metrics: EvaluationMetrics) -> String {
        "{\"logLoss\": \(TextFormatting.fixed(metrics.logLoss, 6)), \"rmseBins\": \(TextFormatting.fixed(metrics.rmseBins, 6)), "
            + "\"auc\": \(metrics.auc.map { TextFormatting.fixed($0, 6) } ?? "null")}"
    }

    private static func rowJSON(_ row: Row, parameters: String) -> String {
        "{\"parameters\": \(parameters), \"logLoss\": \(TextFormatting.fixed(row.logLoss, 6)), "
            + "\"rmseBins\": \(TextFormatting.fixed(row.rmseBins, 6)), \"auc\": \(row.auc.map { TextFormatting.fixed($0, 6) } ?? "null")}"
    }
}
