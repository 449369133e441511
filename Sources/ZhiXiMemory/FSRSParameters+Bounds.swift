extension FSRSParameters {
    /// The indices of the weights that sit at one of fsrs-rs's clipping bounds
    /// (``lowerBounds``, ``upperBounds(relearningStepCount:weights:)``, within
    /// ``boundTolerance``) where the default weight does not: a fit that ended there was
    /// stopped by the bound, not by the data (e.g. `w[3]`, the first stability after Easy, at
    /// 100 days when few cards were first rated Easy).
    /// - Complexity: O(21).
    public func indicesAtFittedBounds(relearningStepCount: Int = 1) -> [Int] {
        let lower = Self.lowerBounds
        let upper = Self.upperBounds(relearningStepCount: relearningStepCount, weights: weights)
        func atBound(_ value: Double, _ index: Int) -> Bool {
            abs(value - lower[index]) <= Self.boundTolerance * max(1, abs(lower[index]))
                || abs(value - upper[index]) <= Self.boundTolerance * max(1, abs(upper[index]))
        }
        return weights.indices.filter { atBound(weights[$0], $0) && !atBound(Self.defaultWeights[$0], $0) }
    }

    /// What weight `index` is, for messages: `w[3] (first stability after Easy)` for the four
    /// initial stabilities, `w[index]` otherwise. English, for JSON and diagnostics; a report in
    /// the learner's language names a weight from its language file (the command line's
    /// `optimize.weight.initial` and `optimize.weight` keys, which say this in English).
    /// - Complexity: O(1).
    public static func weightName(_ index: Int) -> String {
        let ratings = ["Again", "Hard", "Good", "Easy"]
        return index < 4 ? "w[\(index)] (first stability after \(ratings[index]))" : "w[\(index)]"
    }
}
