/// One retention's cost per item, the sweep's criterion (``RetentionRecommendation/criterion``),
/// with what it rests on: the study over the span divided by the items it bought, seed by
/// seed, and whether that quotient is a measurement at all.
///
/// The items are those memorized at the end (cards mode, fsrs-rs's criterion) or those
/// *gained* within the span, memorized at the end minus memorized at the start (ZhiXi mode).
/// The cost is ``Verdict/measured`` only when those items are clearly positive over the
/// seeds (`SeedNoise`) and positive in every seed; otherwise it is not reported as a
/// number: ``Verdict/notMeasurable`` (the items are within their noise, or some seed bought
/// none) or ``Verdict/nothingGained`` (the span ends with no more items than it started
/// with: the study kept what was known, at best).
public struct RetentionCost: Sendable, Hashable {
    /// Whether the cost is a measurement.
    public enum Verdict: String, Sendable, Hashable {
        /// The items bought are clearly positive over the seeds: the cost is a number.
        case measured
        /// The items bought are within their noise over the seeds, or some seed bought none.
        case notMeasurable
        /// The items bought are zero or fewer (clearly, or with one seed).
        case nothingGained
    }

    /// The desired retention.
    public let retention: Double
    /// ``SummaryMetric/secondsPerMemorized`` or ``SummaryMetric/secondsPerItemGained``.
    public let criterion: SummaryMetric
    /// Seconds of study per item, per seed: mean and standard deviation (infinite when a seed
    /// bought no item).
    public let secondsPerItem: MeanAndDeviation
    /// The items bought, per seed: memorized at the end, or gained within the span.
    public let items: MeanAndDeviation
    /// Whether ``secondsPerItem`` is a measurement.
    public let verdict: Verdict

    /// The cost of one retention's runs under `criterion`.
    /// - Complexity: O(seeds).
    public init(runs: SimulationRuns, criterion: SummaryMetric) {
        retention = runs.desiredRetention
        self.criterion = criterion
        secondsPerItem = runs.statistics(criterion)
        let bought = runs.runs.map { run in
            criterion == .secondsPerItemGained ? run.summary.memorizedAtEnd - run.summary.memorizedAtStart : run.summary.memorizedAtEnd
        }
        items = MeanAndDeviation(bought)
        if SeedNoise.isClearlyPositive(items), bought.allSatisfy({ $0 > 0 }), secondsPerItem.mean.isFinite {
            verdict = .measured
        } else if items.mean <= 0, SeedNoise.isMeasurable(items) || items.mean == 0 {
            verdict = .nothingGained
        } else {
            verdict = .notMeasurable
        }
    }

    /// The cost in minutes per item when measured, else `nil`.
    public var minutesPerItem: Double? { verdict == .measured ? secondsPerItem.mean / 60 : nil }
}
