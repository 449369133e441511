/// Predicted against observed recall: items grouped into equal bins of predicted recall, each
/// bin's mean prediction beside the share of its items actually recalled, with its count —
/// what a calibration chart plots (the FSRS optimizer's calibration graph). Well-calibrated
/// predictions lie on the diagonal.
package struct CalibrationBins: Sendable, Hashable {
    /// One bin of predicted recall.
    package struct Bin: Sendable, Hashable {
        /// The range of predicted recall it holds, `lower ..< upper` (the last bin includes 1).
        package var lower: Double
        /// See ``lower``.
        package var upper: Double
        /// Items in it.
        package var count: Int
        /// Their mean predicted recall.
        package var meanPredicted: Double
        /// The share of them recalled.
        package var observedRecall: Double
    }

    /// The bins that hold items, in order of predicted recall.
    package var bins: [Bin]
    /// Items binned.
    package var itemCount: Int

    /// Bins `binCount` equal ranges of predicted recall over 0–1 (default 20: 0.05 wide).
    /// `predictions[i]` is the prediction of item `items[i]` of `dataset`.
    /// - Complexity: O(items).
    package init(predictions: [Double], dataset: TrainingDataset, items: [Int], binCount: Int = 20) {
        precondition(predictions.count == items.count && binCount > 0, "one prediction per item")
        var counts = [Int](repeating: 0, count: binCount), recalled = counts
        var predicted = [Double](repeating: 0, count: binCount)
        for (index, item) in items.enumerated() {
            let p = min(max(predictions[index], 0), 1)
            let bin = min(Int(p * Double(binCount)), binCount - 1)
            counts[bin] += 1
            predicted[bin] += p
            if dataset.ratings[Int(dataset.itemPositions[item])] > 1 { recalled[bin] += 1 }
        }
        bins = (0 ..< binCount).filter { counts[$0] > 0 }.map { bin in
            Bin(lower: Double(bin) / Double(binCount), upper: Double(bin + 1) / Double(binCount), count: counts[bin],
                meanPredicted: predicted[bin] / Double(counts[bin]), observedRecall: Double(recalled[bin]) / Double(counts[bin]))
        }
        itemCount = items.count
    }
}
