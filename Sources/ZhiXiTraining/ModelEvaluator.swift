#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZhiXiCore
import ZhiXiMemory

/// How well parameters predict a dataset's items: each item's predicted recall (the memory
/// model replays the card's history and reads its forgetting curve at the item's elapsed
/// days) against whether it was recalled.
public enum ModelEvaluator {
    /// The predicted probability of recall (0–1) of items `items` of `dataset` (all when
    /// `nil`), in item order.
    /// - Complexity: O(reviews): every card is replayed once, on all cores.
    public static func predictions(of parameters: FSRSParameters, on dataset: TrainingDataset, items: Range<Int>? = nil) -> [Double] {
        let items = items ?? 0 ..< dataset.itemCount
        let atReviews = retrievabilities(of: parameters, on: dataset)
        return items.map { atReviews[Int(dataset.itemPositions[$0])] }
    }

    /// The retrievability at every review of every card (1 at a card's first review and at
    /// same-day reviews). O(reviews), on all cores.
    static func retrievabilities(of parameters: FSRSParameters, on dataset: TrainingDataset) -> [Double] {
        let kernel = RecurrenceGradient(weights: parameters.weights)
        let chunks = ParallelChunks.ranges(count: dataset.cardCount, minimumCost: 32_768) {
            dataset.reviewStarts[$0 + 1] - dataset.reviewStarts[$0]
        }
        var output = [Double](repeating: 1, count: dataset.reviewCount)
        output.withUnsafeMutableBufferPointer { outputBuffer in
            let target = SendablePointer(outputBuffer.baseAddress!)
            dataset.ratings.withUnsafeBufferPointer { ratings in
                dataset.elapsedDays.withUnsafeBufferPointer { elapsed in
                    ParallelChunks.forEach(chunkCount: chunks.count) { chunk in
                        for card in chunks[chunk] {
                            let start = dataset.reviewStarts[card]
                            kernel.retrievabilities(ratings: ratings.baseAddress! + start, elapsed: elapsed.baseAddress! + start,
                                                    count: dataset.reviewStarts[card + 1] - start, into: target.pointer + start)
                        }
                    }
                }
            }
        }
        return output
    }

    /// Log loss, RMSE (bins) and AUC of predictions for items `items` (`predictions[i]` is
    /// item `items.lowerBound + i`'s) of `dataset`.
    ///
    /// - `weighting` `.recency` weights item `i` of the `n` scored as fsrs-rs's `evaluate`
    ///   does (`0.25 + 0.75 · (i / (n − 1))³`, in time order); `.uniform` weights all alike
    ///   (fsrs-rs's `evaluate_with_time_series_splits`). The AUC is always unweighted.
    /// - Complexity: O(n log n) for the AUC.
    public static func metrics(predictions: [Double], dataset: TrainingDataset, items: Range<Int>,
                               weighting: EvaluationWeighting) -> EvaluationMetrics {
        precondition(predictions.count == items.count, "one prediction per item")
        let weights = Self.weights(count: items.count, weighting: weighting)
        let labels = items.map { dataset.ratings[Int(dataset.itemPositions[$0])] > 1 }
        let bins = items.map { dataset.binKey(ofItemAt: Int(dataset.itemPositions[$0])) }
        return EvaluationMetrics(predictions: predictions, labels: labels, weights: weights, bins: bins)
    }

    /// The log loss of ``metrics(predictions:dataset:items:weighting:)`` alone, the same value
    /// to the bit, without the RMSE bins and the AUC's sort: what a caller that reports the
    /// log loss only needs.
    /// - Complexity: O(n).
    public static func logLoss(predictions: [Double], dataset: TrainingDataset, items: Range<Int>,
                               weighting: EvaluationWeighting) -> Double {
        precondition(predictions.count == items.count, "one prediction per item")
        let weights = Self.weights(count: items.count, weighting: weighting)
        var loss = 0.0, weightTotal = 0.0
        for (index, item) in items.enumerated() {
            loss -= EvaluationMetrics.itemLoss(predictions[index], recalled: dataset.ratings[Int(dataset.itemPositions[item])] > 1)
                * weights[index]
            weightTotal += weights[index]
        }
        return weightTotal > 0 ? loss / weightTotal : .nan
    }

    /// The weight of each of `count` items scored together, in time order: 1 each for
    /// `.uniform`; for `.recency` fsrs-rs's `0.25 + 0.75 · (i / (n − 1))³`, from 0.25 for the
    /// oldest to 1 for the latest. A weighted log loss is `Σ wᵢ · lossᵢ / Σ wᵢ`.
    /// - Complexity: O(count).
    public static func weights(count: Int, weighting: EvaluationWeighting) -> [Double] {
        switch weighting {
        case .uniform:
            return [Double](repeating: 1, count: count)
        case .recency:
            let span = max(Double(count) - 1, 1)
            return (0..<count).map { 0.25 + 0.75 * pow(Double($0) / span, 3) }
        }
    }
}

/// How items are weighted in a log loss and RMSE (bins).
public enum EvaluationWeighting: String, Sendable, Hashable, CaseIterable {
    /// All items alike.
    case uniform
    /// Later items more, as fsrs-rs's `evaluate` and training do.
    case recency
}

/// Quality of predicted recall against what happened.
public struct EvaluationMetrics: Sendable, Hashable {
    /// Weighted binary cross-entropy (lower is better; predictions clamped to 10⁻⁷…1 − 10⁻⁷).
    public var logLoss: Double
    /// fsrs-rs's RMSE (bins): items are binned by elapsed days, number of long-term reviews
    /// and earlier lapses (each on a log scale); the root of the weighted mean, over bins, of
    /// the squared difference between a bin's mean prediction and its recall rate (each bin
    /// weighing its items' total weight). Lower is better; 0–1.
    public var rmseBins: Double
    /// Area under the ROC curve of the predictions as a recall/forget classifier (0.5 is
    /// chance; ties count half); `nil` when only one outcome occurs.
    public var auc: Double?
    /// Items scored.
    public var itemCount: Int

    /// Creates metrics from their values.
    /// - Complexity: O(1).
    public init(logLoss: Double, rmseBins: Double, auc: Double?, itemCount: Int) {
        self.logLoss = logLoss
        self.rmseBins = rmseBins
        self.auc = auc
        self.itemCount = itemCount
    }

    /// Computes the metrics of predictions (0–1) against outcomes, with a weight and an
    /// RMSE bin per item. O(n log n).
    init(predictions: [Double], labels: [Bool], weights: [Double], bins: [UInt64]) {
        var loss = 0.0, weightTotal = 0.0
        var binTotals: [UInt64: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
        for index in predictions.indices {
            let y = labels[index] ? 1.0 : 0.0
            loss -= Self.itemLoss(predictions[index], recalled: labels[index]) * weights[index]
            weightTotal += weights[index]
            var entry = binTotals[bins[index], default: (0, 0, 0, 0)]
            entry.predicted += predictions[index]
            entry.actual += y
            entry.count += 1
            entry.weight += weights[index]
            binTotals[bins[index]] = entry
        }
        var squares = 0.0, binWeights = 0.0
        for key in binTotals.keys.sorted() {
            let entry = binTotals[key]!
            let difference = entry.predicted / entry.count - entry.actual / entry.count
            squares += difference * difference * entry.weight
            binWeights += entry.weight
        }
        logLoss = weightTotal > 0 ? loss / weightTotal : .nan
        rmseBins = binWeights > 0 ? (squares / binWeights).squareRoot() : .nan
        auc = Self.areaUnderCurve(predictions: predictions, labels: labels)
        itemCount = predictions.count
    }

    /// `y · log p + (1 − y) · log(1 − p)` of one item, its prediction clamped to
    /// 10⁻⁷…1 − 10⁻⁷, with one logarithm: for `y` of 0 or 1 the other term is an exact zero
    /// (a finite logarithm times 0) and adding it changes nothing, so this is that sum to the bit.
    @inline(__always)
    static func itemLoss(_ prediction: Double, recalled: Bool) -> Double {
        let p = min(max(prediction, RecurrenceGradient.minimumProbability), RecurrenceGradient.maximumProbability)
        return recalled ? log(p) : log(1 - p)
    }

    /// The AUC by the rank-sum (Mann–Whitney) formula, tied predictions sharing their mean
    /// rank. O(n log n).
    static func areaUnderCurve(predictions: [Double], labels: [Bool]) -> Double? {
        let positives = labels.filter { $0 }.count
        let negatives = labels.count - positives
        guard positives > 0, negatives > 0 else { return nil }
        // The predictions sorted with their labels beside them (the same stable sort on the
        // same keys as sorting their indices, without reaching back into the arrays).
        var sorted = zip(predictions, labels).map { (prediction: $0, recalled: $1) }
        sorted.sort { $0.prediction < $1.prediction }
        var rankSum = 0.0
        var start = 0
        while start < sorted.count {
            var end = start
            while end < sorted.count && sorted[end].prediction == sorted[start].prediction { end += 1 }
            let meanRank = Double(start + end + 1) / 2
            for index in start..<end where sorted[index].recalled { rankSum += meanRank }
            start = end
        }
        let p = Double(positives), n = Double(negatives)
        return (rankSum - p * (p + 1) / 2) / (p * n)
    }
}
