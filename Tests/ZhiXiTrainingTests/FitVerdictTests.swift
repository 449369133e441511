import Foundation
import Testing
import ZhiXiMemory
import ZhiXiModel
@testable import ZhiXiTraining

/// The verdict on fitted parameters, the counts behind "169 of 274 items", and calibration bins.
@Suite("Fit verdict, training item counts, calibration bins")
struct FitVerdictTests {
    static func sample() throws -> TrainingDataset {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: root.appendingPathComponent("data/sample-workspace.json")))
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z"))
        return try WorkspaceTrainingData(workspace: workspace, now: now).dataset
    }

    @Test("the items a fit trains on are the items less the outlier filter's and the long histories'")
    func trainingItemCounts() throws {
        let synthetic = SyntheticLearner.dataset(SyntheticLearner().reviews(cards: 300, reviewsPerCard: 8, seed: 5))
        for dataset in [try Self.sample(), synthetic] {
            let counts = TrainingItemCounts(dataset: dataset)
            let fit = ParameterOptimizer().optimize(dataset)
            #expect(fit.outcome == .fitted)
            #expect(counts.items == dataset.itemCount)
            #expect(counts.trainingItems == fit.trainingItemCount)
            #expect(counts.outlierItems >= 0 && counts.longHistoryItems == 0)
            // A short history limit leaves out the long ones, and the fit agrees.
            var configuration = OptimizerConfiguration()
            configuration.maximumSequenceLength = 4
            let short = TrainingItemCounts(dataset: dataset, configuration: configuration)
            #expect(short.longHistoryItems > 0)
            #expect(short.trainingItems == ParameterOptimizer(configuration: configuration).optimize(dataset).trainingItemCount)
        }
        let sample = TrainingItemCounts(dataset: try Self.sample())
        #expect(sample.items == 274 && sample.trainingItems == 169 && sample.outlierItems == 105 && sample.outlierCards > 0)
    }

    @Test("the verdict follows the held-out log loss; how sure comes from the per-review differences")
    func verdictRule() throws {
        let dataset = try Self.sample()
        let evaluation = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset)
        let verdict = FitVerdict(evaluation, dataset: dataset)
        #expect(verdict.candidateLogLoss == evaluation.candidate.meanLogLoss)
        #expect(verdict.defaultsLogLoss == evaluation.defaults.meanLogLoss)
        #expect(verdict.decision == (verdict.candidateLogLoss < verdict.defaultsLogLoss ? .useCandidate : .keepDefaults))
        #expect(verdict.scoredItemCount == evaluation.folds.reduce(0) { $0 + $1.testItems.count })
        // The mean difference is the difference of the two unweighted pooled log losses.
        let pooled = evaluation.candidate.pooled.logLoss - evaluation.defaults.pooled.logLoss
        #expect(abs(verdict.meanDifference - pooled) < 1e-12)
        #expect(verdict.differenceStandardError > 0)

        // The defaults given as the candidate: no difference at all, so keep the defaults.
        let same = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, parameters: .default)
        let tie = FitVerdict(same, dataset: dataset)
        #expect(tie.decision == .keepDefaults && tie.meanDifference == 0 && !tie.isClear)

        // Worse parameters lose.
        let worse = try FSRSParameters(Array(FSRSParameters.defaultWeights.prefix(4).map { $0 * 0.05 }) + FSRSParameters.defaultWeights.dropFirst(4))
        let bad = FitVerdict(try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, parameters: worse), dataset: dataset)
        #expect(bad.decision == .keepDefaults && bad.meanDifference > 0)

        // Folds too small to fit anything: nothing was tested.
        var configuration = OptimizerConfiguration()
        configuration.minimumItemCount = 1_000
        let unfitted = try TimeSeriesEvaluator(foldCount: 5, optimizer: ParameterOptimizer(configuration: configuration)).evaluate(dataset)
        #expect(FitVerdict(unfitted, dataset: dataset).decision == .nothingFitted)
        let last = try TimeSeriesEvaluator(foldCount: 5).evaluateLastFold(dataset)
        #expect(last.folds.count == 1 && last.folds[0] == evaluation.folds.last)
    }

    @Test("calibration bins: counts add up, each bin's mean prediction lies in it, the recall share is the labels'")
    func calibrationBins() throws {
        let dataset = try Self.sample()
        let items = Array(0 ..< dataset.itemCount)
        let predictions = ModelEvaluator.predictions(of: .default, on: dataset)
        let bins = CalibrationBins(predictions: predictions, dataset: dataset, items: items)
        #expect(bins.itemCount == dataset.itemCount)
        #expect(bins.bins.reduce(0) { $0 + $1.count } == dataset.itemCount)
        for bin in bins.bins {
            #expect(bin.count > 0 && bin.meanPredicted >= bin.lower && bin.meanPredicted <= bin.upper)
            #expect((0 ... 1).contains(bin.observedRecall))
            #expect(abs(bin.upper - bin.lower - 0.05) < 1e-12)
        }
        let recalled = items.filter { dataset.ratings[Int(dataset.itemPositions[$0])] > 1 }.count
        #expect(bins.bins.reduce(0.0) { $0 + $1.observedRecall * Double($1.count) }.rounded() == Double(recalled))
        #expect(zip(bins.bins, bins.bins.dropFirst()).allSatisfy { $0.upper <= $1.lower })
    }
}
