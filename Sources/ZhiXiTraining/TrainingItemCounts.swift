/// Which of a dataset's items a fit trains on and why the others are left out: the counts
/// behind ``OptimizationResult/trainingItemCount``, for a report that says what "169 of 274
/// items" means.
package struct TrainingItemCounts: Sendable, Hashable {
    /// The items offered to the fit (all, or the first `itemLimit` in time order).
    package var items: Int
    /// Items left out by fsrs-rs's outlier filter: every item of a card whose (first rating,
    /// first interval) group is unusual (a reset, a manual due date, an import).
    package var outlierItems: Int
    /// The cards of those items.
    package var outlierCards: Int
    /// Items left out because their history is longer than
    /// ``OptimizerConfiguration/maximumSequenceLength`` reviews.
    package var longHistoryItems: Int

    /// The items trained on.
    package var trainingItems: Int { items - outlierItems - longHistoryItems }

    /// Counts what `ParameterOptimizer(configuration:)` would train on among the first
    /// `itemLimit` items of `dataset` (all when `nil`); when it fits, ``trainingItems`` is its
    /// ``OptimizationResult/trainingItemCount``.
    /// - Complexity: O(n log n).
    package init(dataset: TrainingDataset, itemLimit: Int? = nil, configuration: OptimizerConfiguration = OptimizerConfiguration()) {
        let limit = min(itemLimit ?? dataset.itemCount, dataset.itemCount)
        let candidates = (0 ..< Int32(limit)).map { $0 }
        let survivors = configuration.filtersOutliers
            ? OutlierFilter(dataset: dataset, items: candidates).survivors(of: candidates, in: dataset) : candidates
        var long = 0
        for item in survivors {
            let card = Int(dataset.itemCards[Int(item)])
            if Int(dataset.itemPositions[Int(item)]) - dataset.reviewStarts[card] + 1 > configuration.maximumSequenceLength { long += 1 }
        }
        let survivorSet = Set(survivors)
        var cards = Set<Int32>()
        for item in candidates where !survivorSet.contains(item) { cards.insert(dataset.itemCards[Int(item)]) }
        items = limit
        outlierItems = limit - survivors.count
        outlierCards = cards.count
        longHistoryItems = long
    }
}
