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

    @Test("the verdict: the lowest held-out log loss of the fit, the current parameters and the defaults; how sure against the runner-up")
    func verdictRule() throws {
        let dataset = try Self.sample()
        let evaluation = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset)
        let verdict = FitVerdict(evaluation, dataset: dataset)
        // The table's figure: the scored folds pooled, as fsrs-rs's time-series evaluation scores them.
        #expect(verdict.logLoss[.fit] == evaluation.candidate.pooled.logLoss)
        #expect(verdict.logLoss[.defaults] == evaluation.defaults.pooled.logLoss)
        #expect(verdict.logLoss[.current] == nil && evaluation.current == nil)
        #expect(verdict.heldOut && verdict.fitTested)
        #expect(verdict.chosen == (verdict.logLoss[.fit]! < verdict.logLoss[.defaults]! ? .fit : .defaults))
        #expect(verdict.runnerUp == (verdict.chosen == .fit ? .defaults : .fit))
        #expect(verdict.scoredItemCount == evaluation.folds.reduce(0) { $0 + $1.testItems.count })
        // The mean difference is the difference of the two unweighted pooled log losses, the chosen's lower.
        let pooled = verdict.logLoss[verdict.chosen]! - verdict.logLoss[verdict.runnerUp!]!
        #expect(abs(verdict.meanDifference - pooled) < 1e-12 && verdict.meanDifference <= 0)
        #expect(verdict.differenceStandardError > 0)

        // The defaults as the current parameters: a tie with the defaults, which the current parameters win.
        let same = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, current: .default)
        #expect(same.current == same.defaults)
        let tie = FitVerdict(same, dataset: dataset)
        #expect(tie.logLoss[.current] == tie.logLoss[.defaults])
        #expect(tie.chosen == (verdict.chosen == .fit ? .fit : .current))

        // Worse current parameters lose to both.
        let worse = try FSRSParameters(Array(FSRSParameters.defaultWeights.prefix(4).map { $0 * 0.05 }) + FSRSParameters.defaultWeights.dropFirst(4))
        let bad = FitVerdict(try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, current: worse), dataset: dataset)
        #expect(bad.chosen != .current && bad.logLoss[.current]! > bad.logLoss[.defaults]!)
        // The fit as the current parameters of every fold: a tie, which the current parameters win.
        let fits = evaluation.folds.map(\.parameters)
        let given = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, foldParameters: fits)
        #expect(given.candidate == evaluation.candidate)

        // Folds too small to fit anything: no fit was tested; the current parameters and the defaults are compared.
        var configuration = OptimizerConfiguration()
        configuration.minimumItemCount = 1_000
        let unfitted = try TimeSeriesEvaluator(foldCount: 5, optimizer: ParameterOptimizer(configuration: configuration))
            .evaluate(dataset, current: worse)
        let untested = FitVerdict(unfitted, dataset: dataset)
        #expect(!untested.fitTested && untested.logLoss[.fit] == nil && untested.chosen == .defaults && untested.runnerUp == .current)

        // Without folds: the current parameters against the defaults on every item, weighted by recency.
        let items = 0 ..< dataset.itemCount
        let inSample = FitVerdict(current: ModelEvaluator.predictions(of: worse, on: dataset),
                                  defaults: ModelEvaluator.predictions(of: .default, on: dataset), dataset: dataset, items: items,
                                  weighting: .recency)
        #expect(!inSample.heldOut && inSample.chosen == .defaults && inSample.runnerUp == .current && inSample.isClear)
    }

    @Test("one comparison: with folds the fit per fold, the current parameters and the defaults; with one split no fit")
    func comparison() throws {
        let dataset = try Self.sample()
        let worse = try FSRSParameters(Array(FSRSParameters.defaultWeights.prefix(4).map { $0 * 0.05 }) + FSRSParameters.defaultWeights.dropFirst(4))
        let folds = try ParameterComparison(dataset: dataset, splits: 5, current: worse)
        #expect(folds.rows.map(\.candidate) == [.fit, .current, .defaults])
        #expect(folds.row(.fit)?.parameters == folds.folds.last?.parameters)
        #expect(folds.scoredItems.count == folds.verdict?.scoredItemCount)
        #expect(folds.scoredItems.allSatisfy { $0.predictions.count == 3 && (2 ... 5).contains($0.fold) })
        #expect(folds.verdict?.logLoss[.current] == folds.row(.current)?.metrics.logLoss)
        let none = try ParameterComparison(dataset: dataset, splits: 5, current: nil)
        #expect(none.rows.map(\.candidate) == [.fit, .defaults] && none.verdict?.logLoss[.current] == nil)
        // The fits do not depend on the current parameters.
        #expect(none.row(.fit) == folds.row(.fit))
        let one = try ParameterComparison(dataset: dataset, splits: 1, current: worse)
        #expect(one.rows.map(\.candidate) == [.current, .defaults] && one.folds.isEmpty && one.verdict?.heldOut == false)
        #expect(one.scoredItems.count == dataset.itemCount && one.scoredItems.allSatisfy { $0.fold == 0 })
        #expect(try ParameterComparison(dataset: dataset, splits: 1, current: nil).verdict == nil)
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
