#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

/// Fits the 21 FSRS-6 weights to a learner's review history, as fsrs-rs's
/// `compute_parameters` does:
///
/// 1. **Items and filtering.** The training items are the dataset's items (all, or the first
///    `itemLimit` in time order), less the cards whose first interval is an outlier
///    (`OutlierFilter`). Fewer than ``OptimizerConfiguration/minimumItemCount`` (8) items:
///    the FSRS-6 defaults are returned, and the result says so.
/// 2. **Pre-training** fits the initial stabilities `w[0]…w[3]` to the recall after each
///    first rating (`InitialStabilityFit`). Fewer than
///    ``OptimizerConfiguration/minimumTrainingItemCount`` (64) items, or nothing beyond the
///    first intervals: that is the result, with the other weights at their defaults.
/// 3. **Training**: Adam (β 0.9, 0.999, ε 10⁻⁸) over all 21 weights, from the pre-trained
///    stabilities and the defaults, for 5 epochs of batches of 512 items whose order is
///    shuffled each epoch by a seeded generator (`SplitMix64`); the learning
///    rate 0.04 is annealed along a cosine over all steps, the first at the full rate as
///    fsrs-rs's `CosineAnnealingLR` takes it. The loss is the recency-weighted
///    binary cross-entropy of every item's predicted recall, plus an L2 pull of every weight
///    towards its starting value scaled by fsrs-rs's per-weight standard deviations and by the
///    batch's share of the items. Gradients are exact, computed in reverse mode through the
///    recurrence (`RecurrenceGradient`). After every step the weights are clamped to
///    fsrs-rs's bounds (`FSRSParameters.clamped(_:relearningStepCount:)`). The
///    epoch with the lowest training objective wins.
/// 4. The fitted initial stabilities are put in rating order and missing ratings filled in as
///    pre-training does.
/// 5. With ``OptimizerConfiguration/fsrsRsDescent`` (``OptimizerConfiguration/anki``),
///    fsrs-rs's own descent runs too and the result is whichever of the two scores lower on
///    every item by fsrs-rs's `evaluate` (Anki's scorer).
///
/// Differences of our descent from fsrs-rs's, none of which changes what is optimised:
/// arithmetic is `Double` throughout (fsrs-rs: `f32` forward, `f64` gradients); batches hold
/// whole cards (as fsrs-rs's card-grouped batches do, so a card's history is replayed once per
/// step for all its items), shuffled each epoch rather than sorted by length; three starts run
/// their first epoch and the best continues; the cosine runs over the actual number of steps;
/// the best epoch wins, not the last; the shuffle uses SplitMix64, not Rust's `StdRng`.
/// fsrs-rs's own descent (step 5) follows fsrs-rs in all of these but the arithmetic.
///
/// Deterministic: the same dataset, limit and configuration give the same weights, on any
/// number of cores and from any thread (work is split into chunks chosen from the data, added
/// up in order). Complexity: O(epochs · reviews) for training, on all cores for large batches.
///
/// **Threads.** The work fans out to the calling thread and to worker threads the library
/// owns (one per core), never to Dispatch's or Swift's shared pools, so a fit never waits for
/// work that a busy pool would have to start. From async code, call the `async` variant of
/// `optimize(_:itemLimit:progress:)` (`await optimizer.optimize(dataset)`): it runs
/// the whole fit on the library's workers and the task holds no thread of the cooperative pool
/// while it waits, so any number of fits can be started from a task group:
///
/// ```swift
/// let results = await withTaskGroup(of: OptimizationResult.self) { group in
///     for dataset in datasets { group.addTask { await ParameterOptimizer().optimize(dataset) } }
///     return await group.reduce(into: []) { $0.append($1) }
/// }
/// ```
public struct ParameterOptimizer: Sendable {
    /// The training settings.
    public var configuration: OptimizerConfiguration

    /// Creates an optimizer.
    /// - Complexity: O(1).
    public init(configuration: OptimizerConfiguration = OptimizerConfiguration()) {
        self.configuration = configuration
    }

    /// Fits the weights to the first `itemLimit` items of `dataset` (all when `nil`), on the
    /// calling thread helped by the library's worker threads; blocks the calling thread until
    /// the fit is done (milliseconds for a learner's log, about 10 ms for 12,000 reviews). From
    /// async code prefer the `async` variant, which holds no thread while it waits.
    /// - Parameters:
    ///   - dataset: the learner's items.
    ///   - itemLimit: train on the first this many items in time order (all when `nil`).
    ///   - progress: called after every epoch, on the calling thread.
    /// - Complexity: O(epochs · reviews), on all cores for large datasets.
    public func optimize(_ dataset: TrainingDataset, itemLimit: Int? = nil,
                         progress: ((OptimizerProgress) -> Void)? = nil) -> OptimizationResult {
        optimize(dataset, itemLimit: itemLimit, progress: progress, stopping: nil)
    }

    /// The fit of `optimize(_:itemLimit:progress:)`, which ends after the epoch during which
    /// `stopping` (asked after every epoch) first answers `true`; the result is then not to be
    /// used (the cancellable fits throw instead of returning it).
    func optimize(_ dataset: TrainingDataset, itemLimit: Int?, progress: ((OptimizerProgress) -> Void)?,
                  stopping: (@Sendable () -> Bool)?) -> OptimizationResult {
        let limit = min(itemLimit ?? dataset.itemCount, dataset.itemCount)
        let defaults = FSRSParameters.default

        // 1. Items and the outlier filter.
        let candidates = (0..<Int32(limit)).map { $0 }
        let filter = configuration.filtersOutliers ? OutlierFilter(dataset: dataset, items: candidates) : nil
        let items = filter?.survivors(of: candidates, in: dataset) ?? candidates
        let itemPositions = dataset.itemPositions, itemCards = dataset.itemCards
        let firstLongTerm = dataset.firstLongTermPositions, ratings = dataset.ratings
        let initializationItems = filter?.initializationItems ?? candidates.filter {
            itemPositions[Int($0)] == firstLongTerm[Int(itemCards[Int($0)])]
        }
        func unfitted(_ outcome: OptimizationOutcome, _ parameters: FSRSParameters, stabilities: [Double]?) -> OptimizationResult {
            OptimizationResult(parameters: parameters, outcome: outcome, itemCount: limit, trainingItemCount: 0,
                               pretrainedStabilities: stabilities, epochLosses: [], logLossBefore: nil, logLossAfter: nil)
        }
        guard items.count >= configuration.minimumItemCount else {
            return unfitted(.defaultsForTooLittleData(items: items.count, needed: configuration.minimumItemCount), defaults,
                            stabilities: nil)
        }
        let averageRecall = Double(items.reduce(0) { $0 + (ratings[Int(itemPositions[Int($1)])] > 1 ? 1 : 0) })
            / Double(items.count)

        // 2. Pre-training.
        let stabilities: [Double], ratingCounts: [Int: Int]
        do {
            (stabilities, ratingCounts) = try InitialStabilityFit.fit(dataset: dataset, items: initializationItems,
                                                                     averageRecall: averageRecall)
        } catch {
            return unfitted(.defaultsForNoFirstIntervals(items: items.count), defaults, stabilities: nil)
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
        let (weights, epochLosses) = bestOfRestarts(set, dataset: dataset, start: start, progress: progress, stopping: stopping)

        // 4. Initial stabilities in order, missing ratings filled in.
        func finished(_ weights: [Double]) -> FSRSParameters {
            var weights = weights
            let fitted = Dictionary(uniqueKeysWithValues: (1...4).map { ($0, weights[$0 - 1]) })
            if let smoothed = try? InitialStabilityFit.smoothed(fitted, counts: ratingCounts) {
                weights.replaceSubrange(0..<4, with: smoothed)
            }
            return (try? FSRSParameters(clamping: weights, relearningStepCount: configuration.relearningStepCount)) ?? defaults
        }
        var parameters = finished(weights)
        // 5. With fsrs-rs's own descent beside ours, the one Anki's scorer prefers.
        if configuration.fsrsRsDescent {
            var descent = Descent(fsrsRs: set, start: start, configuration: configuration)
            while descent.trainedEpochs < descent.epochs { descent.trainEpoch(dataset: dataset) }
            let theirs = finished(descent.weights)
            let scored = 0 ..< limit
            func score(_ parameters: FSRSParameters) -> Double {
                ModelEvaluator.logLoss(predictions: ModelEvaluator.predictions(of: parameters, on: dataset, items: scored), dataset: dataset,
                                       items: scored, weighting: .recency)
            }
            if score(theirs) < score(parameters) { parameters = theirs }
        }
        let trained = set.itemIndices
        var losses = [0.0, 0.0]
        losses.withUnsafeMutableBufferPointer { buffer in
            let target = SendablePointer(buffer.baseAddress!)
            ParallelChunks.forEach(chunkCount: 2) { index in
                target.pointer[index] = Self.logLoss(of: index == 0 ? defaults : parameters, on: dataset, items: trained)
            }
        }
        return OptimizationResult(
            parameters: parameters, outcome: .fitted, itemCount: limit, trainingItemCount: trained.count,
            pretrainedStabilities: stabilities, epochLosses: epochLosses,
            logLossBefore: losses[0], logLossAfter: losses[1])
    }

    /// Fits the weights as the synchronous `optimize(_:itemLimit:progress:)` does, with the
    /// same result to the last bit, on the library's worker threads: the calling
    /// task is suspended meanwhile and holds no thread of Swift's cooperative pool, so fits
    /// started from many tasks at once never wait on each other's threads. Fits start in the
    /// order they are called, as workers free up. Not cancellable once started.
    /// - Parameters:
    ///   - dataset: the learner's items.
    ///   - itemLimit: train on the first this many items in time order (all when `nil`).
    ///   - progress: called after every epoch, on the worker thread running the fit.
    /// - Complexity: O(epochs · reviews), on the library's worker threads.
    public func optimize(_ dataset: TrainingDataset, itemLimit: Int? = nil,
                         progress: (@Sendable (OptimizerProgress) -> Void)? = nil) async -> OptimizationResult {
        await optimize(dataset, itemLimit: itemLimit, progress: progress, on: .shared)
    }

    /// The `async` fit on a given pool of worker threads (the library uses
    /// `WorkerPool.shared`; tests give their own, to count what ran where).
    package func optimize(_ dataset: TrainingDataset, itemLimit: Int? = nil,
                          progress: (@Sendable (OptimizerProgress) -> Void)? = nil, on pool: WorkerPool) async -> OptimizationResult {
        let optimizer = self
        return await pool.run { optimizer.optimize(dataset, itemLimit: itemLimit, progress: progress) }
    }

    /// Unweighted log loss of `parameters` on some items.
    static func logLoss(of parameters: FSRSParameters, on dataset: TrainingDataset, items: [Int32]) -> Double {
        let atReviews = ModelEvaluator.retrievabilities(of: parameters, on: dataset)
        let positions = dataset.itemPositions, ratings = dataset.ratings
        var total = 0.0
        for item in items {
            let position = Int(positions[Int(item)])
            total += RecurrenceGradient.crossEntropy(atReviews[position], recalled: ratings[position] > 1, weight: 1).loss
        }
        return total / Double(max(1, items.count))
    }

    /// Starts ``OptimizerConfiguration/restarts`` descents from the same weights with batch
    /// orders from different seeds (the first from the seed itself, the others derived from
    /// it), runs their first epoch on all cores, and continues the one whose training
    /// objective is then lowest (the first on a tie). A descent that starts badly on a small
    /// training set does not recover, so this screening removes most of the dependence of the
    /// result on the seed at the cost of a few extra epochs.
    private func bestOfRestarts(_ set: TrainingSet, dataset: TrainingDataset, start: [Double],
                                progress: ((OptimizerProgress) -> Void)?, stopping: (@Sendable () -> Bool)?) -> ([Double], [Double]) {
        let seed = configuration.seed
        let count = max(1, configuration.restarts)
        let configuration = configuration
        var descents = (0..<count).map { restart in
            Descent(set: set, start: start, seed: restart == 0 ? seed : SplitMix64.mix(seed &+ UInt64(restart)),
                    configuration: configuration)
        }
        descents.withUnsafeMutableBufferPointer { buffer in
            let shared = SendablePointer(buffer.baseAddress!)
            ParallelChunks.forEach(chunkCount: count) { restart in
                shared.pointer[restart].runEpoch(dataset: dataset)
            }
        }
        let first = descents.map { $0.losses[0] }
        var chosen = descents[first.indices.min { (first[$0], $0) < (first[$1], $1) }!]
        progress?(OptimizerProgress(epoch: 1, epochs: chosen.epochs, loss: chosen.losses[0]))
        // The remaining epochs; each epoch's objective is computed on another core while the
        // next epoch trains (the values, and so the choice of the best epoch, are the same).
        // The objective is handed to an idle worker of the library's pool; when none has
        // started it by the time it is needed, this thread computes it itself, so nothing ever
        // waits for work that has not started.
        let pool = WorkerPool.current
        var pending: (objective: PendingWork<Double>, weights: [Double])?
        func settle() {
            guard let (objective, weights) = pending else { return }
            let loss = objective.result()
            chosen.record(loss: loss, weights: weights)
            progress?(OptimizerProgress(epoch: chosen.losses.count, epochs: chosen.epochs, loss: loss))
            pending = nil
        }
        while chosen.trainedEpochs < chosen.epochs, stopping?() != true {
            chosen.trainEpoch(dataset: dataset)
            settle()
            let weights = chosen.weights
            let regularization = configuration.regularization
            let objective = pool.start {
                set.objective(dataset: dataset, weights: weights, start: start, regularization: regularization)
            }
            pending = (objective, weights)
        }
        settle()
        return (chosen.best, chosen.losses)
    }
}

/// One gradient descent from a start, epoch by epoch: Adam with the cosine schedule, batches
/// as planned, the best epoch kept (ours) or the last (fsrs-rs's).
struct Descent {
    let set: TrainingSet
    let start: [Double]
    let configuration: OptimizerConfiguration
    /// Every epoch's batches, decided up front, so that the cosine can run over the actual
    /// number of steps.
    let plan: [TrainingSet.EpochPlan]
    /// The cosine's length in steps (`T`: the rate at step `t`, from 0, is `lr · (1 + cos(π t / T)) / 2`).
    let totalSteps: Double
    /// Whether the last epoch's weights are the result (fsrs-rs), not the best epoch's.
    let keepsLastEpoch: Bool
    var weights: [Double]
    var best: [Double]
    var bestLoss = Double.infinity
    var losses: [Double] = []
    var adam = AdamState()
    var step = 0

    /// Our descent: batches as ``OptimizerConfiguration/batchComposition`` plans them from
    /// `seed`, the cosine over the actual steps, the best epoch kept.
    init(set: TrainingSet, start: [Double], seed: UInt64, configuration: OptimizerConfiguration) {
        var generator = SplitMix64(seed: seed)
        let plan = (0..<max(1, configuration.epochs)).map { _ in
            set.epochBatches(composition: configuration.batchComposition, generator: &generator)
        }
        self.init(set: set, start: start, plan: plan, totalSteps: Double(plan.reduce(0) { $0 + $1.batches.count }),
                  keepsLastEpoch: false, configuration: configuration)
    }

    /// fsrs-rs's descent (`train` in `training.rs`): its batches in the order its `StdRng`
    /// visits them, its cosine over `(items / batch size + 1) · epochs` steps whatever the
    /// batches number, the last epoch's weights.
    init(fsrsRs set: TrainingSet, start: [Double], configuration: OptimizerConfiguration) {
        let epochs = max(1, configuration.epochs)
        self.init(set: set, start: start, plan: set.fsrsRsEpochs(epochs, seed: configuration.seed),
                  totalSteps: Double((set.itemCount / max(1, configuration.batchSize) + 1) * epochs),
                  keepsLastEpoch: true, configuration: configuration)
    }

    init(set: TrainingSet, start: [Double], plan: [TrainingSet.EpochPlan], totalSteps: Double, keepsLastEpoch: Bool,
         configuration: OptimizerConfiguration) {
        self.set = set
        self.start = start
        self.configuration = configuration
        self.plan = plan
        self.totalSteps = totalSteps
        self.keepsLastEpoch = keepsLastEpoch
        weights = start
        best = start
    }

    var epochs: Int { plan.count }
    /// Epochs trained so far (their objective may still be computing).
    var trainedEpochs = 0

    /// Runs the next epoch and records its objective.
    mutating func runEpoch(dataset: TrainingDataset) {
        trainEpoch(dataset: dataset)
        record(loss: set.objective(dataset: dataset, weights: weights, start: start, regularization: configuration.regularization),
               weights: weights)
    }

    /// Runs the next epoch's gradient steps.
    mutating func trainEpoch(dataset: TrainingDataset) {
        let epochPlan = plan[trainedEpochs]
        trainedEpochs += 1
        for batch in epochPlan.batches {
            step += 1
            var gradient = set.lossAndGradient(trajectories: epochPlan.order, chunks: batch.chunks, dataset: dataset,
                                               weights: weights, withGradient: true)
            gradient.removeFirst()
            let share = configuration.regularization * Double(batch.itemCount) / Double(set.itemCount)
            for index in 0..<21 {
                let deviation = parameterStandardDeviations[index]
                gradient[index] += 2 * (weights[index] - start[index]) / (deviation * deviation) * share
            }
            // fsrs-rs's cosine annealing: the first step at the full rate (t = 0), the last at t = steps − 1.
            let rate = configuration.learningRate * (1 + cos(Double.pi * Double(step - 1) / totalSteps)) / 2
            adam.step(&weights, gradient: gradient, learningRate: rate)
            weights = FSRSParameters.clamped(weights, relearningStepCount: configuration.relearningStepCount)
        }
    }

    /// Records an epoch's objective (epochs in order) and keeps the best weights (or the last).
    mutating func record(loss: Double, weights epochWeights: [Double]) {
        losses.append(loss)
        if loss < bestLoss || keepsLastEpoch {
            bestLoss = loss
            best = epochWeights
        }
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
/// that is a training item (0 elsewhere), and each card's trajectory up to its last
/// training item.
struct TrainingSet {
    /// Consecutive trajectories of an epoch's order that form one gradient step, with their
    /// item count and the chunks (ranges of the order) they are split into for the cores.
    struct Batch {
        var itemCount: Int
        var chunks: [Range<Int>]
    }

    /// One epoch: the order of the trajectories and its batches.
    struct EpochPlan {
        var order: [Int32]
        var batches: [Batch]
    }

    /// The items trained on, in time order.
    let itemIndices: [Int32]
    /// Loss weight of every review of the dataset.
    let lossWeights: [Double]
    /// Cards with at least one training item (in card order), where each trajectory starts
    /// and ends (review positions, end exclusive) and how many items it holds.
    let trajectoryStarts: [Int]
    let trajectoryEnds: [Int]
    let trajectoryItems: [Int]
    /// Trajectories shortest first (ties in card order), for ``BatchComposition/lengthSorted``.
    let lengthOrder: [Int32]
    /// Trajectories shortest first, ties by card id (numerically when every id is a number),
    /// as fsrs-rs orders its cards before packing them into batches.
    let fsrsRsOrder: [Int32]
    let batchSize: Int
    let minimumParallelWork: Int
    /// Items trained on.
    var itemCount: Int { itemIndices.count }
    /// The longest trajectory, in reviews.
    let longestTrajectory: Int
    /// Fixed chunks of all trajectories (in card order), for the epoch objective.
    let allChunks: [Range<Int>]

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
            let fraction = Double(rank) / span
            weights[position] = configuration.recencyWeighting ? 0.25 + 0.75 * fraction * fraction * fraction : 1
            ends[card] = max(ends[card], position + 1)
            counts[card] += 1
            kept.append(item)
        }
        let cards = (0..<dataset.cardCount).filter { ends[$0] >= 0 }
        itemIndices = kept
        lossWeights = weights
        trajectoryStarts = cards.map { dataset.reviewStarts[$0] }
        trajectoryEnds = cards.map { ends[$0] }
        trajectoryItems = cards.map { counts[$0] }
        let lengths = cards.map { ends[$0] - dataset.reviewStarts[$0] }
        lengthOrder = (0..<Int32(cards.count)).sorted { lengths[Int($0)] != lengths[Int($1)] ? lengths[Int($0)] < lengths[Int($1)] : $0 < $1 }
        let numericIDs = cards.map { Int64(dataset.cardIDs[$0]) }
        if numericIDs.allSatisfy({ $0 != nil }) {
            let ids = numericIDs.map { $0! }
            fsrsRsOrder = (0..<Int32(cards.count)).sorted {
                lengths[Int($0)] != lengths[Int($1)] ? lengths[Int($0)] < lengths[Int($1)] : ids[Int($0)] < ids[Int($1)]
            }
        } else {
            fsrsRsOrder = lengthOrder
        }
        longestTrajectory = lengths.max() ?? 0
        batchSize = configuration.batchSize
        minimumParallelWork = configuration.minimumParallelWork
        // The objective is a forward pass over every trajectory: worth both cores sooner.
        allChunks = ParallelChunks.ranges(count: cards.count, minimumCost: max(1, configuration.minimumParallelWork / 2)) {
            lengths[$0]
        }
    }

    /// The batches of one epoch: whole trajectories in `order`, added to a batch until the
    /// next would take it over ``batchSize`` items.
    func batches(of order: [Int32]) -> [Batch] {
        var batches: [Batch] = []
        var batchStart = 0, batchItems = 0
        func close(_ end: Int) {
            guard end > batchStart else { return }
            let chunks = ParallelChunks.ranges(count: end - batchStart, minimumCost: minimumParallelWork) {
                let trajectory = Int(order[batchStart + $0])
                return trajectoryEnds[trajectory] - trajectoryStarts[trajectory]
            }.map { ($0.lowerBound + batchStart) ..< ($0.upperBound + batchStart) }
            batches.append(Batch(itemCount: batchItems, chunks: chunks))
            batchStart = end
            batchItems = 0
        }
        for (index, trajectory) in order.enumerated() {
            let items = trajectoryItems[Int(trajectory)]
            if batchItems > 0 && batchItems + items > batchSize { close(index) }
            batchItems += items
        }
        close(order.count)
        return batches
    }

    /// An epoch's order and batches: cards shuffled then packed (``BatchComposition/shuffledCards``),
    /// or fsrs-rs's length-sorted batches visited in a shuffled order.
    func epochBatches(composition: BatchComposition, generator: inout SplitMix64) -> EpochPlan {
        switch composition {
        case .shuffledCards:
            var order = (0..<Int32(trajectoryStarts.count)).map { $0 }
            Self.shuffle(&order, &generator)
            return EpochPlan(order: order, batches: batches(of: order))
        case .lengthSorted:
            let sorted = batches(of: lengthOrder)
            var visit = Array(sorted.indices)
            Self.shuffle(&visit, &generator)
            return EpochPlan(order: lengthOrder, batches: visit.map { sorted[$0] })
        }
    }

    /// fsrs-rs's epochs (`train` in `training.rs`): its batches packed once from
    /// ``fsrsRsOrder``, and each epoch the batch indices in order, shuffled by one
    /// `StdRng::seed_from_u64(seed)` that runs on across the epochs.
    func fsrsRsEpochs(_ epochs: Int, seed: UInt64) -> [EpochPlan] {
        let sorted = batches(of: fsrsRsOrder)
        var generator = ChaCha12Generator(seedFromUInt64: seed)
        return (0..<epochs).map { _ in
            var visit = Array(sorted.indices)
            generator.shuffleAsRand(&visit)
            return EpochPlan(order: fsrsRsOrder, batches: visit.map { sorted[$0] })
        }
    }

    /// Fisher–Yates with the seeded generator (the same on every platform).
    static func shuffle<Element>(_ elements: inout [Element], _ generator: inout SplitMix64) {
        guard elements.count > 1 else { return }
        for index in stride(from: elements.count - 1, to: 0, by: -1) {
            elements.swapAt(index, Int(generator.next() % UInt64(index + 1)))
        }
    }

    /// The summed weighted loss of the trajectories `order[chunk]` for every chunk, followed
    /// by its 21 partial derivatives (zeros when `withGradient` is false).
    func lossAndGradient(trajectories order: [Int32]?, chunks: [Range<Int>], dataset: TrainingDataset, weights: [Double],
                         withGradient: Bool) -> [Double] {
        let kernel = RecurrenceGradient(weights: weights)
        let longest = max(1, longestTrajectory)
        return dataset.ratings.withUnsafeBufferPointer { ratings in
            dataset.elapsedDays.withUnsafeBufferPointer { elapsed in
                lossWeights.withUnsafeBufferPointer { lossWeights in
                    ParallelChunks.sum(chunkCount: chunks.count, width: 22) { chunk, partial in   // the loss, then 21 derivatives
                        // Two trajectories at a time (their forward passes side by side), the
                        // sums in trajectory order as one at a time would add them.
                        withUnsafeTemporaryAllocation(of: RecurrenceGradient.Step.self, capacity: 2 * longest) { steps in
                            func card(_ slot: Int, steps: UnsafeMutablePointer<RecurrenceGradient.Step>) -> RecurrenceGradient.Card {
                                let trajectory = order.map { Int($0[slot]) } ?? slot
                                let start = trajectoryStarts[trajectory]
                                return RecurrenceGradient.Card(
                                    ratings: ratings.baseAddress! + start, elapsed: elapsed.baseAddress! + start,
                                    weights: lossWeights.baseAddress! + start, count: trajectoryEnds[trajectory] - start,
                                    steps: withGradient ? steps : nil)
                            }
                            let range = chunks[chunk]
                            var slot = range.lowerBound
                            while slot + 1 < range.upperBound {
                                let (first, second) = kernel.lossOfTwo(card(slot, steps: steps.baseAddress!),
                                                                       card(slot + 1, steps: steps.baseAddress! + longest),
                                                                       gradient: withGradient ? partial + 1 : nil)
                                partial[0] += first
                                partial[0] += second
                                slot += 2
                            }
                            if slot < range.upperBound {
                                let last = card(slot, steps: steps.baseAddress!)
                                partial[0] += kernel.loss(ratings: last.ratings, elapsed: last.elapsed, weights: last.weights,
                                                          count: last.count, steps: last.steps, gradient: withGradient ? partial + 1 : nil)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The training objective per item: the weighted cross-entropy of every item plus the
    /// regularisation, divided by the number of items (fsrs-rs's epoch loss).
    func objective(dataset: TrainingDataset, weights: [Double], start: [Double], regularization: Double) -> Double {
        var penalty = 0.0
        for index in 0..<21 {
            let deviation = parameterStandardDeviations[index]
            penalty += (weights[index] - start[index]) * (weights[index] - start[index]) / (deviation * deviation)
        }
        let loss = lossAndGradient(trajectories: nil, chunks: allChunks, dataset: dataset, weights: weights, withGradient: false)[0]
        return (loss + penalty * regularization) / Double(max(1, itemCount))
    }
}
