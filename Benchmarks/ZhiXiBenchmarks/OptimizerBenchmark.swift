import Foundation
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-bench optimize`: the optimizer on the real review log (or a generated one when
/// it is absent), with the evaluation protocol of `shared/data/README.md`.
///
/// Reads the log (days start 04:00 UTC), builds fsrs-rs's items, runs the time-series
/// evaluation (`--folds 5`: 5 equal folds in time, folds 1–4 scored by parameters fitted on
/// the items before them) and prints the mean log loss and RMSE (bins) over folds and the
/// pooled AUC, for the fitted parameters and the FSRS-6 defaults; then times fitting the
/// whole log in the process (`--runs N`, median; reading and building the items excluded
/// and timed separately).
enum OptimizerBenchmark {
    static func run(arguments: [String]) throws {
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 15
        let folds = Int(BenchmarkSupport.option("folds", in: arguments) ?? "") ?? 5
        let json = arguments.contains("--json")
        let path = BenchmarkSupport.option("log", in: arguments) ?? BenchmarkSupport.sharedReviewLogPath()
        var source = "a generated log (1,205 cards)"
        var loadSeconds: [Double] = []
        var dataset: TrainingDataset?
        for _ in 0..<max(1, min(runs, 5)) {
            loadSeconds.append(try BenchmarkSupport.time {
                if let path {
                    let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
                    let log = try ReviewLogColumns(csv: data)
                    dataset = TrainingDataset(ReviewTimelines(log: log, calendar: .utc))
                    source = URL(fileURLWithPath: path).lastPathComponent
                } else {
                    let log = SyntheticReviewLog.log(cards: 1_205, seed: 7)
                    dataset = TrainingDataset(ReviewTimelines(log: log, calendar: .utc))
                }
            })
        }
        if path == nil {
            FileHandle.standardError.write(Data("note: ../shared/data/anki-revlog-josh-2024.csv is absent; using a generated log\n".utf8))
        }
        guard let dataset else { return }
        var configuration = OptimizerConfiguration()
        if let seed = BenchmarkSupport.option("seed", in: arguments).flatMap(UInt64.init) { configuration.seed = seed }
        if let epochs = BenchmarkSupport.option("epochs", in: arguments).flatMap(Int.init) { configuration.epochs = epochs }
        if let size = BenchmarkSupport.option("batch-size", in: arguments).flatMap(Int.init) { configuration.batchSize = size }
        if let rate = BenchmarkSupport.option("learning-rate", in: arguments).flatMap(Double.init) { configuration.learningRate = rate }
        if let restarts = BenchmarkSupport.option("restarts", in: arguments).flatMap(Int.init) { configuration.restarts = restarts }
        if let work = BenchmarkSupport.option("parallel-work", in: arguments).flatMap(Int.init) { configuration.minimumParallelWork = work }
        if arguments.contains("--length-sorted") { configuration.batchComposition = .lengthSorted }
        if arguments.contains("--phases") {
            return try phases(path: BenchmarkSupport.option("log", in: arguments), runs: runs, configuration: configuration)
        }
        let optimizer = ParameterOptimizer(configuration: configuration)
        var evaluation: TimeSeriesEvaluation?
        let evaluationSeconds = try BenchmarkSupport.time {
            evaluation = try TimeSeriesEvaluator(foldCount: folds, optimizer: optimizer).evaluate(dataset)
        }
        var fitSeconds: [Double] = []
        var fit: OptimizationResult?
        for _ in 0..<runs {
            fitSeconds.append(BenchmarkSupport.time { fit = optimizer.optimize(dataset) })
        }
        guard let evaluation, let fit else { return }
        let weights = "[" + fit.parameters.weights.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]"
        if json {
            print("""
            {"benchmark": "optimize", "source": \(BenchmarkSupport.jsonString(source)), "items": \(dataset.itemCount), \
            "reviews": \(dataset.reviewCount), "cards": \(dataset.cardCount), "folds": \(folds), \
            "fitted": {"logLoss": \(evaluation.candidate.meanLogLoss), "rmseBins": \(evaluation.candidate.meanRMSEBins), \
            "auc": \(evaluation.candidate.auc ?? .nan)}, \
            "defaults": {"logLoss": \(evaluation.defaults.meanLogLoss), "rmseBins": \(evaluation.defaults.meanRMSEBins), \
            "auc": \(evaluation.defaults.auc ?? .nan)}, \
            "evaluationSeconds": \(evaluationSeconds), "medianLoadSeconds": \(BenchmarkSupport.median(loadSeconds)), \
            "medianFitSeconds": \(BenchmarkSupport.median(fitSeconds)), "runs": \(runs), "parameters": \(weights)}
            """)
        } else {
            print("optimizer on \(source): \(dataset.reviewCount) reviews, \(dataset.cardCount) cards, \(dataset.itemCount) items")
            print("time-series evaluation, \(folds) folds (\(folds - 1) scored), per-fold recency-weighted means, pooled AUC:")
            for (name, summary) in [("fitted", evaluation.candidate), ("FSRS-6 defaults", evaluation.defaults)] {
                print(String(format: "  %-16@ log loss %.4f  RMSE (bins) %.4f  AUC %.4f", name as NSString,
                             summary.meanLogLoss, summary.meanRMSEBins, summary.auc ?? .nan))
            }
            for fold in evaluation.folds {
                print(String(format: "  fold %d: %5d items  fitted %.4f / %.4f  defaults %.4f / %.4f", fold.fold, fold.testItems.count,
                             fold.candidate.logLoss, fold.candidate.rmseBins, fold.defaults.logLoss, fold.defaults.rmseBins))
                if arguments.contains("--verbose"), let fit = fold.optimization {
                    print("    pretrained: " + (fit.pretrainedStabilities ?? []).map { String(format: "%.3f", $0) }.joined(separator: ","))
                    print("    epochs: " + fit.epochLosses.map { String(format: "%.5f", $0) }.joined(separator: " ")
                          + "  " + fit.parameters.weights.map { String(format: "%.3f", $0) }.joined(separator: ","))
                }
            }
            print(String(format: "  evaluation took %.1f ms", evaluationSeconds * 1000))
            print(String(format: "whole log: read and items %.2f ms, fit %.2f ms (medians of %d)",
                         BenchmarkSupport.median(loadSeconds) * 1000, BenchmarkSupport.median(fitSeconds) * 1000, runs))
            print("  \(fit.outcome); epochs: \(fit.epochLosses.map { String(format: "%.4f", $0) }.joined(separator: " "))")
            print("  \(weights)")
            print("  pretrained: \(fit.pretrainedStabilities ?? [])")
        }
    }

    /// `--phases`: the median time of each step from file to parameters, in milliseconds.
    static func phases(path: String?, runs: Int, configuration: OptimizerConfiguration) throws {
        guard let path = path ?? BenchmarkSupport.sharedReviewLogPath() else { return }
        var times: [String: [Double]] = [:]
        let names = ["read", "timelines", "items", "fit", "fit (1 descent)", "forward pass"]
        for _ in 0..<runs {
            var log: ReviewLogColumns?
            var timelines: ReviewTimelines?
            var dataset: TrainingDataset?
            times["read", default: []].append(try BenchmarkSupport.time {
                log = try ReviewLogColumns(csv: try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped))
            })
            times["timelines", default: []].append(BenchmarkSupport.time { timelines = ReviewTimelines(log: log!, calendar: .utc) })
            times["items", default: []].append(BenchmarkSupport.time { dataset = TrainingDataset(timelines!) })
            times["fit", default: []].append(BenchmarkSupport.time { _ = ParameterOptimizer(configuration: configuration).optimize(dataset!) })
            var single = configuration
            single.restarts = 1
            times["fit (1 descent)", default: []].append(BenchmarkSupport.time {
                _ = ParameterOptimizer(configuration: single).optimize(dataset!)
            })
            times["forward pass", default: []].append(BenchmarkSupport.time {
                _ = ModelEvaluator.predictions(of: .default, on: dataset!)
            })
        }
        print(names.map { String(format: "%@ %.2f ms", $0, BenchmarkSupport.median(times[$0]!) * 1000) }.joined(separator: ", "))
    }
}
