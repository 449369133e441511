#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ZhiXiMemory
import ZhiXiScheduler

/// Fits the 21 FSRS-6 weights to a learner's review history, as fsrs-rs's
/// `compute_parameters` does:
///
/// 1. **Items and filtering.** The training items are the dataset's items (all, or the first
///    `itemLimit` in time order), less the cards whose first interval is an outlier
///    (``OutlierFilter``). Fewer than ``OptimizerConfiguration/minimumItemCount`` (8) items:
///    the FSRS-6 defaults are returned, and the result says so.
/// 2. **Pre-training** fits the initial stabilities `w[0]…w[3]` to the recall after each
///    first rating (``InitialStabilityFit``). Fewer than
///    ``OptimizerConfiguration/minimumTrainingItemCount`` (64) items, or nothing beyond the
///    first intervals: that is the result, with the other weights at their defaults.
/// 3. **Training**: Adam (β 0.9, 0.999, ε 10⁻⁸) over all 21 weights, from the pre-trained
///    stabilities and the defaults, for 5 epochs of batches of 512 items whose order is
///    shuffled each epoch by a seeded generator (``ZhiXiScheduler/SplitMix64``); the learning
///    rate 0.04 is annealed to 0 along a cosine over all steps. The loss is the recency-weighted
///    binary cross-entropy of every item's predicted recall, plus an L2 pull of every weight
///    towards its starting value scaled by fsrs-rs's per-weight standard deviations and by the
///    batch's share of the items. Gradients are exact, computed in reverse mode through the
///    recurrence (``RecurrenceGradient``). After every step the weights are clamped to
///    fsrs-rs's bounds (``ZhiXiMemory/FSRSParameters/clamped(_:relearningStepCount:)``). The
///    epoch with the lowest training objective wins.
/// 4. The fitted initial stabilities are put in rating order and missing ratings filled in as
///    pre-training does.
///
/// Differences from fsrs-rs, none of which changes what is optimised: arithmetic is `Double`
/// throughout (fsrs-rs: `f32` forward, `f64` gradients); batches hold whole cards, sorted by
/// length as fsrs-rs's card-grouped batches are, so a card's history is replayed once per
/// step for all its items; the cosine runs over the actual number of steps; the shuffle uses
/// SplitMix64, not Rust's `StdRng`.
///
/// Deterministic: the same dataset, limit and configuration give the same weights, on any
/// number of cores (work is split into chunks chosen from the data, added up in order).
/// Complexity: O(epochs · reviews) for training, on all cores for large batches.
public struct ParameterOptimizer: Sendable {
    /// The training settings.
    public var configuration: OptimizerConfiguration

    /// Creates an optimizer.
    public init(configuration: OptimizerConfiguration = OptimizerConfiguration()) {
        self.configuration = configuration
    }

    /// Fits the weights to the first `itemLimit` items of `dataset` (all when `nil`).
    /// - Parameter progress: called after every epoch, on the calling thread.
    public func optimize(_ dataset: TrainingDataset, itemLimit: Int? = nil,
                         progress: ((OptimizerProgress) -> Void)? = nil) -> OptimizationResult {
        let limit = min(itemLimit ?? dataset.itemCount, dataset.itemCount)
        let defaults = FSRSParameters.default

        // 1. Items and the outlier filter.
        let candidates = (0..<Int32(limit)).map { $0 }
        let filter = configuration.filtersOutliers ? OutlierFilter(dataset: dataset, items: candidates) : nil
        let items = filter.map { filter in candidates.filter { filter.keeps(item: $0, of: dataset) } } ?? candidates
        let initializationItems = filter?.initializationItems ?? candidates.filter {
            dataset.itemPositions[Int($0)] == dataset.firstLongTermPositions[Int(dataset.itemCards[Int($0)])]
        }
        func unfitted(_ outcome: OptimizationOutcome, _ parameters: FSRSParameters, stabilities: [Double]?) -> OptimizationResult {
            OptimizationResult(parameters: parameters, outcome: outcome, itemCount: limit, trainingItemCount: 0,
                               pretrainedStabilities: stabilities, epochLosses: [], logLossBefore: nil, logLossAfter: nil)
        }
        guard items.count >= configuration.minimumItemCount else {
            return unfitted(.defaultsForTooLittleData(items: items.count, needed: configuration.minimumItemCount), defaults,
                            stabilities: nil)
        }
        let averageRecall = Double(items.filter { dataset.ratings[Int(dataset.itemPositions[Int($0)])] > 1 }.count)
            / Double(items.count)

        // 2. Pre-training.
        let stabilities: [Double], ratingCounts: [Int: Int]
        do {
            (stabilities, ratingCounts) = try InitialStabilityFit.fit(dataset: dataset, items: initializationItems,
                                                                     averageRecall: averageRecall)
        } catch {
            return unfitted(.defaultsForTooLittleData(items: 0, needed: configuration.minimumItemCount), defaults,
                            stabilities: nil)
        }
        let start = FSRSParameters.clamped(stabilities + Array(FSRSParameters.defaultWeights[4...]),
                                           relearningStepCount: configuration.relearningStepCount)
        guard items.count != initializationItems.count, items.count >= configuration.minimumTrainingItemCount else {
            let parameters = (try? FSRSParameters(clamping: start, relearningStepCount: configuration.relearningStepCount)) ?? defaults
            return unfitted(.initialStabilitiesOnly(items: items.count, needed: configuration.minimumTrainingItemCount),
                            parameters, stabilities: stabilities)
        }

        // 3. Training.
        let set = TrainingSet(dataset: dataset, items: items, configuration: configuration)
        var (weights, epochLosses) = train(set, dataset: dataset, start: start, progress: progress)

        // 4. Initial stabilities in order, missing ratings filled in.
        let fitted = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, weights[$0 - 1]) })
        if let smoothed = try? InitialStabilityFit.smoothed(fitted, counts: ratingCounts) {
            weights.replaceSubrange(0..<4, with: smoothed)
        }
        let parameters = (try? FSRSParameters(clamping: weights, relearningStepCount: configuration.relearningStepCount)) ?? defaults
        if epochLosses.isEmpty { epochLosses = [] }
        let trained = set.itemIndices
        return OptimizationResult(
            parameters: parameters, outcome: .fitted, itemCount: limit, trainingItemCount: trained.count,
            pretrainedStabilities: stabilities, epochLosses: epochLosses,
            logLossBefore: Self.logLoss(of: defaults, on: dataset, items: trained),
            logLossAfter: Self.logLoss(of: parameters, on: dataset, items: trained))
    }

    /// Unweighted log loss of `parameters` on some items.
    static func logLoss(of parameters: FSRSParameters, on dataset: TrainingDataset, items: [Int32]) -> Double {
        let atReviews = ModelEvaluator.retrievabilities(of: parameters, on: dataset)
        var total = 0.0
        for item in items {
            let position = Int(dataset.itemPositions[Int(item)])
            total += RecurrenceGradient.crossEntropy(atReviews[position], recalled: dataset.ratings[position] > 1, weight: 1).loss
        }
        return total / Double(max(1, items.count))
    }

    /// Gradient descent from `start`; returns the best epoch's weights and every epoch's
    /// objective.
    private func train(_ set: TrainingSet, dataset: TrainingDataset, start: [Double],
                       progress: ((OptimizerProgress) -> Void)?) -> ([Double], [Double]) {
        let epochs = max(1, configuration.epochs)
        let totalSteps = Double(set.batches.count * epochs)
        var weights = start
        var best = start
        var bestLoss = Double.infinity
        var losses: [Double] = []
        var adam = AdamState()
        var generator = SplitMix64(seed: configuration.seed)
        var order = Array(set.batches.indices)
        var step = 0
        for epoch in 1...epochs {
            // Fisher–Yates with the seeded generator.
            for index in order.indices { order[index] = index }
            if order.count > 1 {
                for index in stride(from: order.count - 1, to: 0, by: -1) {
                    let other = Int(generator.next() % UInt64(index + 1))
                    order.swapAt(index, other)
                }
            }
            for batchIndex in order {
                step += 1
                let batch = set.batches[batchIndex]
                var gradient = set.lossAndGradient(batch: batch, dataset: dataset, weights: weights, withGradient: true)
                gradient.removeFirst()
                let share = configuration.regularization * Double(batch.itemCount) / Double(set.itemCount)
                for index in 0..<21 {
                    let deviation = parameterStandardDeviations[index]
                    gradient[index] += 2 * (weights[index] - start[index]) / (deviation * deviation) * share
                }
                let rate = configuration.learningRate * (1 + cos(Double.pi * Double(step) / totalSteps)) / 2
                adam.step(&weights, gradient: gradient, learningRate: rate)
                weights = FSRSParameters.clamped(weights, relearningStepCount: configuration.relearningStepCount)
            }
            // The epoch's objective over every batch, with the regularisation.
            let loss = set.objective(dataset: dataset, weights: weights, start: start, regularization: configuration.regularization)
            losses.append(loss)
            progress?(OptimizerProgress(epoch: epoch, epochs: epochs, loss: loss))
            if loss < bestLoss {
                bestLoss = loss
                best = weights
            }
        }
        return (best, losses)
    }
}

/// Adam's moments for the 21 weights (β₁ 0.9, β₂ 0.999, ε 10⁻⁸, bias-corrected).
struct AdamState {
    var first = [Double](repeating: 0, count: 21)
    var second = [Double](repeating: 0, count: 21)
    var steps = 0

    mutating func step(_ weights: inout [Double], gradient: [Double], learningRate: Double) {
        let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8
        steps += 1
        let correction1 = 1 - pow(beta1, Double(steps))
        let correction2 = 1 - pow(beta2, Double(steps))
        for index in 0..<21 {
            first[index] = beta1 * first[index] + (1 - beta1) * gradient[index]
            second[index] = beta2 * second[index] + (1 - beta2) * gradient[index] * gradient[index]
            let meanEstimate = first[index] / correction1
            let varianceEstimate = second[index] / correction2
            weights[index] -= learningRate * meanEstimate / (varianceEstimate.squareRoot() + epsilon)
        }
    }
}

/// The items of one training run laid out for the recurrence: a loss weight at every review
/// that is a training item (0 elsewhere), each card's trajectory up to its last training
/// item, and the batches.
struct TrainingSet {
    /// A batch: trajectories `trajectories` of the sorted list, their item count, and the
    /// chunks they are split into for the cores.
    struct Batch {
        var trajectories: Range<Int>
        var itemCount: Int
        var chunks: [Range<Int>]
    }

    /// The items trained on, in time order.
    let itemIndices: [Int32]
    /// Loss weight of every review of the dataset.
    let lossWeights: [Double]
    /// Cards with at least one training item, shortest trajectory first, and where each
    /// trajectory ends (exclusive, a review position).
    let trajectoryCards: [Int32]
    let trajectoryEnds: [Int]
    let batches: [Batch]
    /// Items trained on.
    var itemCount: Int { itemIndices.count }
    /// The longest trajectory, in reviews.
    let longestTrajectory: Int

    init(dataset: TrainingDataset, items: [Int32], configuration: OptimizerConfiguration) {
        // Recency weights over the filtered items, then the sequence-length limit.
        let span = max(Double(items.count) - 1, 1)
        var weights = [Double](repeating: 0, count: dataset.reviewCount)
        var ends = [Int](repeating: -1, count: dataset.cardCount)
        var counts = [Int](repeating: 0, count: dataset.cardCount)
        var kept: [Int32] = []
        kept.reserveCapacity(items.count)
        for (rank, item) in items.enumerated() {
            let position = Int(dataset.itemPositions[Int(item)])
            let card = Int(dataset.itemCards[Int(item)])
            guard position - dataset.reviewStarts[card] + 1 <= configuration.maximumSequenceLength else { continue }
            weights[position] = configuration.recencyWeighting ? 0.25 + 0.75 * pow(Double(rank) / span, 3) : 1
            ends[card] = max(ends[card], position + 1)
            counts[card] += 1
            kept.append(item)
        }
        var cards = (0..<Int32(dataset.cardCount)).filter { ends[Int($0)] >= 0 }
        cards.sort { left, right in
            let a = ends[Int(left)] - dataset.reviewStarts[Int(left)], b = ends[Int(right)] - dataset.reviewStarts[Int(right)]
            return a != b ? a < b : left < right
        }
        var batches: [Batch] = []
        var batchStart = 0, batchItems = 0
        func close(_ end: Int) {
            guard end > batchStart else { return }
            let range = batchStart ..< end
            let chunks = ChunkedReduction.ranges(count: range.count, minimumCost: configuration.minimumParallelWork) {
                let card = Int(cards[range.lowerBound + $0])
                return ends[card] - dataset.reviewStarts[card]
            }.map { ($0.lowerBound + range.lowerBound) ..< ($0.upperBound + range.lowerBound) }
            batches.append(Batch(trajectories: range, itemCount: batchItems, chunks: chunks))
            batchStart = end
            batchItems = 0
        }
        for (index, card) in cards.enumerated() {
            let itemsOfCard = counts[Int(card)]
            if batchItems > 0 && batchItems + itemsOfCard > configuration.batchSize { close(index) }
            batchItems += itemsOfCard
        }
        close(cards.count)
        itemIndices = kept
        lossWeights = weights
        trajectoryCards = cards
        trajectoryEnds = cards.map { ends[Int($0)] }
        self.batches = batches
        longestTrajectory = cards.map { ends[Int($0)] - dataset.reviewStarts[Int($0)] }.max() ?? 0
    }

    /// The batch's summed weighted loss followed by its 21 partial derivatives (zeros when
    /// `withGradient` is false).
    func lossAndGradient(batch: Batch, dataset: TrainingDataset, weights: [Double], withGradient: Bool) -> [Double] {
        let kernel = RecurrenceGradient(weights: weights)
        let longest = max(1, longestTrajectory)
        return dataset.ratings.withUnsafeBufferPointer { ratings in
            dataset.elapsedDays.withUnsafeBufferPointer { elapsed in
                lossWeights.withUnsafeBufferPointer { lossWeights in
                    ChunkedReduction.sum(chunkCount: batch.chunks.count) { chunk, partial in
                        withUnsafeTemporaryAllocation(of: RecurrenceGradient.Step.self, capacity: longest) { steps in
                            for trajectory in batch.chunks[chunk] {
                                let card = Int(trajectoryCards[trajectory])
                                let start = dataset.reviewStarts[card]
                                partial[0] += kernel.loss(
                                    ratings: ratings.baseAddress! + start, elapsed: elapsed.baseAddress! + start,
                                    weights: lossWeights.baseAddress! + start, count: trajectoryEnds[trajectory] - start,
                                    steps: withGradient ? steps.baseAddress! : nil, gradient: withGradient ? partial + 1 : nil)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The training objective per item: weighted cross-entropy of every batch plus the
    /// regularisation, divided by the number of items (fsrs-rs's epoch loss).
    func objective(dataset: TrainingDataset, weights: [Double], start: [Double], regularization: Double) -> Double {
        var penalty = 0.0
        for index in 0..<21 {
            let deviation = parameterStandardDeviations[index]
            penalty += (weights[index] - start[index]) * (weights[index] - start[index]) / (deviation * deviation)
        }
        var total = 0.0
        for batch in batches {
            total += lossAndGradient(batch: batch, dataset: dataset, weights: weights, withGradient: false)[0]
            total += penalty * regularization * Double(batch.itemCount) / Double(itemCount)
        }
        return total / Double(max(1, itemCount))
    }
}
