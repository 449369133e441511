import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiTraining

@Suite("Evaluation metrics")
struct EvaluationTests {
    @Test("AUC by ranks: perfect, reversed, chance with ties")
    func areaUnderCurve() {
        #expect(EvaluationMetrics.areaUnderCurve(predictions: [0.1, 0.2, 0.8, 0.9], labels: [false, false, true, true]) == 1)
        #expect(EvaluationMetrics.areaUnderCurve(predictions: [0.9, 0.8, 0.2, 0.1], labels: [false, false, true, true]) == 0)
        #expect(EvaluationMetrics.areaUnderCurve(predictions: [0.5, 0.5, 0.5, 0.5], labels: [false, true, false, true]) == 0.5)
        #expect(EvaluationMetrics.areaUnderCurve(predictions: [0.3, 0.6], labels: [true, true]) == nil)
    }

    @Test("log loss and RMSE (bins) of known predictions")
    func knownValues() {
        // Two bins; bin 1 predicts 0.8 for two items, one recalled: error 0.3; bin 2 is exact.
        let metrics = EvaluationMetrics(predictions: [0.8, 0.8, 1 - 1e-12, 0.5, 0.5], labels: [true, false, true, true, false],
                                        weights: [1, 1, 1, 1, 1], bins: [1, 1, 2, 3, 3])
        let expectedLoss = -(log(0.8) + log(0.2) + log(1 - 1e-7) + 2 * log(0.5)) / 5
        #expect(abs(metrics.logLoss - expectedLoss) < 1e-12)
        #expect(abs(metrics.rmseBins - (0.09 * 2 / 5).squareRoot()) < 1e-12)
    }

    @Test("the log loss alone is the metrics' log loss to the bit, and AUC with ties is the rank formula's",
          arguments: [EvaluationWeighting.recency, .uniform])
    func logLossAlone(weighting: EvaluationWeighting) throws {
        let dataset = SyntheticLearner.dataset(SyntheticLearner().reviews(cards: 200, reviewsPerCard: 6, seed: 9))
        var predictions = ModelEvaluator.predictions(of: .default, on: dataset)
        // Extremes that the clamp meets, and ties.
        predictions[0] = 1
        predictions[1] = 0
        predictions[2] = predictions[3]
        for items in [0 ..< dataset.itemCount, 10 ..< 50] {
            let part = Array(predictions[items])
            let metrics = ModelEvaluator.metrics(predictions: part, dataset: dataset, items: items, weighting: weighting)
            let alone = ModelEvaluator.logLoss(predictions: part, dataset: dataset, items: items, weighting: weighting)
            #expect(alone.bitPattern == metrics.logLoss.bitPattern)
            // The two-term formula, written out, gives the same bits as the one-logarithm one.
            let weights = ModelEvaluator.weights(count: items.count, weighting: weighting)
            var loss = 0.0, total = 0.0
            for (index, item) in items.enumerated() {
                let p = min(max(part[index], RecurrenceGradient.minimumProbability), RecurrenceGradient.maximumProbability)
                let y = dataset.ratings[Int(dataset.itemPositions[item])] > 1 ? 1.0 : 0.0
                loss -= (y * log(p) + (1 - y) * log(1 - p)) * weights[index]
                total += weights[index]
            }
            #expect((loss / total).bitPattern == alone.bitPattern)
        }
        #expect(EvaluationMetrics.areaUnderCurve(predictions: [0.2, 0.5, 0.5, 0.5, 0.9, 0.1], labels: [false, true, false, true, true, false])
                == 8.0 / 9.0)   // positives at ranks 4, 4 (a tie of three at 3–5) and 6: (14 − 6) / 9
    }

    @Test("time-series folds: equal parts in time order, the first only trained on, the last takes the rest")
    func folds() throws {
        let dataset = SyntheticLearner.dataset(SyntheticLearner().reviews(cards: 200, reviewsPerCard: 6, seed: 3))
        let evaluation = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, foldParameters: Array(repeating: .default, count: 4))
        let size = dataset.itemCount / 5
        #expect(evaluation.folds.map(\.testItems) == [size ..< 2 * size, 2 * size ..< 3 * size, 3 * size ..< 4 * size,
                                                      4 * size ..< dataset.itemCount])
        #expect(evaluation.folds.allSatisfy { $0.trainingItems == 0 ..< $0.testItems.lowerBound })
        // Given the defaults, both rows are the same.
        #expect(evaluation.candidate == evaluation.defaults)
        #expect(throws: EvaluationError.tooFewItems(items: dataset.itemCount, folds: dataset.itemCount + 1)) {
            try TimeSeriesEvaluator(foldCount: dataset.itemCount + 1).evaluate(dataset)
        }
    }
}

/// The real review log of `shared/data`, when present.
private func realLog() throws -> TrainingDataset? {
    let path = sharedReviewLog
    guard FileManager.default.fileExists(atPath: path.path) else { return nil }
    let log = try ReviewLogColumns(csv: Data(contentsOf: path, options: .alwaysMapped))
    return TrainingDataset(ReviewTimelines(log: log, calendar: .utc))
}

@Suite("Real review log (../shared/data)")
struct RealLogTests {
    @Test("items and the defaults' scores are fsrs-rs's: 6,276 items; log loss 0.4346, RMSE (bins) 0.0771, AUC 0.676 on folds 1-4",
          .enabled(if: (try? realLog()) != nil, "../shared/data/anki-revlog-josh-2024.csv is absent (a fresh clone has no shared/); skipped"))
    func defaultsMatchReference() throws {
        let dataset = try #require(try realLog())
        #expect(dataset.itemCount == 6_276)
        let evaluation = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset, foldParameters: Array(repeating: .default, count: 4))
        #expect(abs(evaluation.defaults.meanLogLoss - 0.4346) < 0.00005)
        #expect(abs(evaluation.defaults.meanRMSEBins - 0.0771) < 0.00005)
        #expect(abs(evaluation.defaults.auc! - 0.676) < 0.0005)
    }

    @Test("fitted on the reviews before each fold, our parameters reach fsrs-rs's figures: log loss ≤ 0.4306, RMSE (bins) ≤ 0.0656",
          .enabled(if: (try? realLog()) != nil, "../shared/data/anki-revlog-josh-2024.csv is absent (a fresh clone has no shared/); skipped"))
    func fittedReachReference() throws {
        let dataset = try #require(try realLog())
        let evaluation = try TimeSeriesEvaluator(foldCount: 5).evaluate(dataset)
        #expect(evaluation.candidate.meanLogLoss <= 0.4306)
        #expect(evaluation.candidate.meanRMSEBins <= 0.0656)
        #expect(evaluation.folds.allSatisfy { $0.optimization?.outcome == .fitted })
    }
}
