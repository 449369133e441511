import ZhiXiMemory

extension MemoryModel {
    /// Adds an item's probability of recall on each day of `days` to `memorized`: the item
    /// was last reviewed on day `lastDay` and has `stability` since. Days before 0 or past
    /// the end of `memorized` are skipped. O(days), no allocation.
    @inline(__always)
    func addRetrievability(to memorized: inout [Double], days: Range<Int>, lastDay: Int, stability: Double) {
        let lower = max(days.lowerBound, 0), upper = min(days.upperBound, memorized.count)
        guard lower < upper else { return }
        memorized.withUnsafeMutableBufferPointer { buffer in
            for day in lower ..< upper {
                buffer[day] += retrievability(elapsedDays: Double(day - lastDay), stability: stability)
            }
        }
    }

    /// A stability clamped to the model's range, 0.001 … 36,500 days, as fsrs-rs clamps every
    /// stability it computes.
    @inline(__always)
    static func clampedStability(_ stability: Double) -> Double {
        min(max(stability, FSRSParameters.minimumStability), FSRSParameters.maximumStability)
    }
}
