import Foundation
import ZhiXiCore
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
            "splits", range: 1...50, default: EvaluateCommand.defaultSplits)
        let predictions = CommandOption<String>.text(
            "predictions", placeholder: "FILE.csv",
            example: FileManager.default.temporaryDirectory.appendingPathComponent("zhixi-example-predictions.csv").path, file: .written)
        let svg = CommandOption<String>.text(
            "svg", placeholder: "FILE", example: "calibration.svg", file: .written)
        let format = SharedOptions.format([.text, .json])
        let input = TrainingInput.Reading()
        let seed = TrainingInput.seed
        let skipBadRows = TrainingInput.skipBadRows
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    /// The folds of `evaluate` without `--splits`, which `optimize`'s held-out check cuts too.
    static let defaultSplits = 5

    static let specification = CommandSpecification(
        name: "evaluate",
        arguments: [TrainingInput.argument],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: options.format)
        let splitCount = try arguments.value(of: options.splits)
        let predictionsPath = try arguments.value(of: options.predictions)
        let predictionsOutput = try OutputTarget.prepare(options.predictions, of: arguments)   // refused before the work
        let svgOutput = try OutputTarget.prepare(options.svg, of: arguments)
        let flagged: FSRSParameters? = try arguments.value(of: SharedOptions.parameters) == nil
            ? nil : try ParameterSource.load(arguments, context: context)
        let seed = UInt64(try arguments.value(of: TrainingInput.seed))
        let input = try TrainingInput.load(path, arguments: arguments, context: context)
        let words = context.chooseLanguage(workspace: input.workspace).localization
        let dataset = input.dataset
        let configuration = input.optimizerConfiguration(seed: seed)
        // The current parameters: --params, else an Anki preset's own.
        let presetParameters = flagged == nil ? try input.anki?.parameters() : nil
        let current = flagged ?? presetParameters
        let currentSource: TrainingReportText.CurrentSource? = current == nil ? nil : presetParameters != nil ? .preset : .given

        let comparison: ParameterComparison
        let configured = configuration
        do throws(EvaluationError) {
            comparison = try await WorkerPool.shared.run { () -> Result<ParameterComparison, EvaluationError> in
                do throws(EvaluationError) {
                    return .success(try ParameterComparison(dataset: dataset, splits: splitCount, current: current,
                                                            optimizer: ParameterOptimizer(configuration: configured)))
                } catch {
                    return .failure(error)
                }
            }.get()
        } catch {
            if splitCount == 1 {
                let name = FileAccess.displayName(path)
                throw CommandError.dataError("").worded { $0.sentence("evaluate.nothingToScore", in: .errors, ["path": name]) }
            }
            throw .dataError("\(FileAccess.displayName(path)): \(error.description)")
        }
        let rows = comparison.rows
        func rowName(_ row: ParameterComparison.Row, _ words: Localization) -> String {
            switch row.candidate {
            case .fit: words.text("evaluate.row.fittedPerFold", in: .commands)
            case .current: words.text(currentSource == .preset ? "evaluate.row.preset" : "evaluate.row.given", in: .commands)
            case .defaults: words.text("evaluate.row.defaults", in: .commands)
            }
        }

        if let predictionsOutput {
            let withCurrent = splitCount > 1 && current != nil
            var csv = "card_id,review_time,fold,elapsed_days,rating,recalled,predicted_recall,default_recall,weight"
                + (withCurrent ? ",current_recall\n" : "\n")
            csv.reserveCapacity(comparison.scoredItems.count * 90)
            let predicted: FitVerdict.Candidate = splitCount > 1 ? .fit : current == nil ? .defaults : .current
            for scored in comparison.scoredItems {
                let item = dataset.item(scored.item)
                csv += TextFormatting.csvField(dataset.cardIDs[item.card]) + "," + TextFormatting.iso8601UTC(item.secondsSince1970)
                    + ",\(scored.fold),\(Int(item.elapsedDays)),\(item.rating),\(item.recalled ? 1 : 0),"
                    + TextFormatting.fixed(scored.predictions[predicted] ?? .nan, 6) + ","
                    + TextFormatting.fixed(scored.predictions[.defaults] ?? .nan, 6) + "," + TextFormatting.fixed(scored.weight, 6)
                    + (withCurrent ? "," + TextFormatting.fixed(scored.predictions[.current] ?? .nan, 6) : "") + "\n"
            }
            try predictionsOutput.write(Data(csv.utf8), context: context)
        }
        if let svgOutput {
            let items = comparison.scoredItems.map(\.item)
            // The defaults first, then the other candidates in the table's order.
            let panels = ([rows[rows.count - 1]] + rows.dropLast()).map { row in
                CalibrationChart.Panel(name: rowName(row, .english), bins: CalibrationBins(
                    predictions: comparison.scoredItems.map { $0.predictions[row.candidate] ?? .nan }, dataset: dataset, items: items),
                    logLoss: row.metrics.logLoss, rmseBins: row.metrics.rmseBins)
            }
            let chart = CalibrationChart(
                title: splitCount == 1 ? "Calibration on all \(items.count) items"
                    : "Calibration on the \(items.count) held-out items (\(splitCount == 2 ? "fold 2" : "folds 2–\(splitCount)") of \(splitCount))",
                notes: ["\(dataset.itemCount) items from \(input.description)",
                        splitCount == 1 ? "Every item scored by " + (current == nil ? "the FSRS-6 defaults" : "the given parameters and the defaults")
                            : "Items in time order, cut into \(splitCount) folds: "
                            + TrainingReportText.scoredFolds(splitCount, current: currentSource, words: .english)],
                panels: panels)
            try svgOutput.write(Data(chart.svg().utf8), context: context)
        }

        switch format {
        case .json:
            func report(_ row: ParameterComparison.Row) -> EvaluationReport.Row {
                var parametersFrom: String?
                if row.candidate == .fit, let last = comparison.folds.last {
                    parametersFrom = "fold \(last.fold + 1) (fitted on the \(last.trainingItems.count) items before it); each fold's are in folds"   // JSON: parametersFrom
                }
                return EvaluationReport.Row(row, name: rowName(row, .english), parametersFrom: parametersFrom)
            }
            let foldReports = comparison.folds.map { fold in
                EvaluationReport.Fold(
                    fold: fold.fold + 1, trainingItems: fold.trainingItems.count, testItems: fold.testItems.count,
                    trainedItems: fold.optimization?.trainingItemCount,
                    candidate: EvaluationReport.Metrics(fold.candidate), current: fold.current.map(EvaluationReport.Metrics.init),
                    defaults: EvaluationReport.Metrics(fold.defaults),
                    parameters: ParameterList(parameters: fold.parameters), outcome: fold.optimization.map { $0.outcome.description } ?? "given")
            }
            let report = EvaluationReport(
                items: dataset.itemCount, splits: splitCount, candidate: report(rows[0]),
                current: splitCount > 1 ? comparison.row(.current).map(report) : nil, defaults: report(rows[rows.count - 1]),
                folds: foldReports, verdict: EvaluationReport.Verdict(comparison.verdict))
            context.write(try OutputJSON.report(report, style: .spaced, command: "evaluate"))
        default:
            func sentence(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence(key, in: .commands, values) }
            let itemsFrom = sentence("evaluate.itemsFrom", ["count": String(dataset.itemCount), "input": input.description(words)])
            let scoredFolds = TrainingReportText.scoredFolds(splitCount, current: currentSource, words: words)
            var output = splitCount == 1
                ? sentence(current == nil ? "evaluate.oneSplit.defaults" : currentSource == .preset ? "evaluate.oneSplit.preset" : "evaluate.oneSplit.given",
                           ["itemsFrom": itemsFrom]) + "\n"
                : sentence("evaluate.folds", ["folds": String(splitCount), "itemsFrom": itemsFrom, "scoredFolds": scoredFolds]) + "\n"
            output += TextFormatting.table(
                header: ["evaluate.column.parameters", "evaluate.column.logLoss", "evaluate.column.rmse", "evaluate.column.auc"].map { sentence($0) },
                rows: rows.map { [rowName($0, words), TextFormatting.fixed($0.metrics.logLoss, 4), TextFormatting.fixed($0.metrics.rmseBins, 4),
                                  $0.metrics.auc.map { TextFormatting.fixed($0, 4) } ?? "–"] },
                rightAligned: [1, 2, 3])
            let separator = words.text("evaluate.listSeparator", in: .commands)
            func figures(_ row: ParameterComparison.Row, _ values: (logLoss: Double, rmseBins: Double)?) -> String {
                let name = rowName(row, words)
                guard let values else { return sentence("evaluate.rowNoFigures", ["name": name]) }
                return sentence("evaluate.rowFigures", ["name": name, "logLoss": TextFormatting.fixed(values.logLoss, 4),
                                                        "rmse": TextFormatting.fixed(values.rmseBins, 4)])
            }
            if splitCount == 1 {
                output += sentence("evaluate.weighting.oneSplit") + "\n"
                output += sentence("evaluate.unweighted", ["list": rows.map { figures($0, ($0.unweighted.logLoss, $0.unweighted.rmseBins)) }
                    .joined(separator: separator)]) + "\n"
            } else {
                let scored = splitCount == 2 ? sentence("evaluate.scored.two") : sentence("evaluate.scored.many", ["folds": String(splitCount)])
                output += sentence("evaluate.weighting.folds", ["count": String(comparison.scoredItems.count), "scored": scored]) + "\n"
                output += sentence("evaluate.perFold", ["list": rows.map { figures($0, $0.perFoldMean.map { ($0.logLoss, $0.rmseBins) }) }
                    .joined(separator: separator)]) + "\n"
                output += sentence("evaluate.eachFold") + "\n"
                output += comparison.folds.map { TrainingReportText.foldLine($0, of: splitCount, current: currentSource, words: words) + "\n" }
                    .joined()
            }
            if let verdict = comparison.verdict {
                output += TrainingReportText.verdictLine(verdict, current: currentSource, wholeHistory: true, words: words) + "\n"
                if let sure = TrainingReportText.howSureLine(verdict, current: currentSource, words: words) { output += sure + "\n" }
            } else {
                output += sentence("evaluate.verdict.none") + "\n"
            }
            if let predictionsPath { output += sentence("evaluate.predictionsWritten", ["path": predictionsPath]) + "\n" }
            output += TrainingInput.ankiSummary(input, arguments: arguments, parameters: true, words: words)
            context.write(output)
        }
    }

    /// `--format json`: the candidates' rows, then each scored fold and the verdict.
    private struct EvaluationReport: Encodable {
        /// A row of the summary with the parameters it used.
        struct Row: Encodable {
            var name: String
            var parameters: ParameterList
            /// Where the fit's parameters come from, when fitted per fold.
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

            init(_ row: ParameterComparison.Row, name: String, parametersFrom: String?) {
                self.name = name
                parameters = ParameterList(parameters: row.parameters)
                self.parametersFrom = parametersFrom
                if let mean = row.perFoldMean {
                    weighting = "none: the scored folds pooled (fsrs-rs's evaluate_with_time_series_splits)"   // JSON: weighting
                    perFoldMean = FoldMean(logLoss: .fixed(mean.logLoss, 6), rmseBins: .fixed(mean.rmseBins, 6))
                }
                logLoss = .fixed(row.metrics.logLoss, 6)
                rmseBins = .fixed(row.metrics.rmseBins, 6)
                auc = .fixed(row.metrics.auc, 6)
                logLossUnweighted = .fixed(row.unweighted.logLoss, 6)
                rmseBinsUnweighted = .fixed(row.unweighted.rmseBins, 6)
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
            /// The current parameters' figures, when scored.
            var current: Metrics?
            var defaults: Metrics
            var parameters: ParameterList
            var outcome: String
        }

        /// `FitVerdict`: which parameters to use.
        struct Verdict: Encodable {
            var decision: String
            var heldOut: Bool
            var fitTested: Bool
            var logLoss: Scores
            var runnerUp: String?

            /// Each candidate's log loss on the scored reviews (`null`: not a candidate).
            struct Scores: Encodable {
                var fit: ReportNumber
                var current: ReportNumber
                var defaults: ReportNumber
            }
            var scoredItems: Int
            var meanDifference: ReportNumber
            var differenceStandardError: ReportNumber
            var clear: Bool

            static func key(_ candidate: FitVerdict.Candidate) -> String {
                switch candidate {
                case .fit: "fit"
                case .current: "current"
                case .defaults: "defaults"
                }
            }

            init(_ verdict: FitVerdict?) {
                switch verdict?.chosen {
                case .fit: decision = "useFit"
                case .current: decision = "keepCurrent"
                case .defaults: decision = "keepDefaults"
                case nil: decision = "none"
                }
                heldOut = verdict?.heldOut ?? false
                fitTested = verdict?.fitTested ?? false
                logLoss = Scores(fit: .fixed(verdict?.logLoss[.fit], 6), current: .fixed(verdict?.logLoss[.current], 6),
                                 defaults: .fixed(verdict?.logLoss[.defaults], 6))
                runnerUp = verdict?.runnerUp.map(Self.key)
                scoredItems = verdict?.scoredItemCount ?? 0
                meanDifference = .fixed(verdict?.meanDifference, 6)
                differenceStandardError = .fixed(verdict?.differenceStandardError, 6)
                clear = verdict?.isClear ?? false
            }
        }

        var items: Int
        var splits: Int
        var candidate: Row
        var current: Row?
        var defaults: Row
        var folds: [Fold]
        var verdict: Verdict
    }
}
