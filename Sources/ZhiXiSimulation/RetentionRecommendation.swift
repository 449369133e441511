/// The desired retention a sweep recommends: the lowest cost per item, averaged over the
/// seeds, among the retentions whose cost is a measurement (``RetentionCost``). In cards mode
/// the cost is fsrs-rs's criterion for its optimal retention, seconds of study over the span
/// divided by the items memorized at its end (``SimulationSummary/secondsPerMemorized``); in
/// ZhiXi mode it is seconds per item *gained* within the span
/// (``SimulationSummary/secondsPerItemGained``), so that lessons known before the start are
/// not credited to the span's study (``criterion``). A retention whose items bought are within
/// their noise over the seeds (`SeedNoise`) takes no part: when no retention's cost is
/// measured there is no recommendation (the sweep's ``RetentionSweepResult/recommendation`` is `nil`), which a small
/// course over a short span may well get. With it, how sure the choice is, by the same rule:
///
/// - ``nearOptimal``: every measured retention whose mean cost is within 2 % of the lowest
///   (``nearOptimalTolerance``); any of them costs about the same per item, so choose among
///   them by what they cost a day and buy.
/// - ``seedOptima``: the measured retention each seed on its own would have chosen; a small
///   spread means the optimum does not hinge on chance.
/// - ``plausibleRange``: the measured retentions whose cost is not clearly worse than the
///   optimum's: their excess cost, seed for seed, is not measurable (`SeedNoise`: at most two
///   standard errors; with a single seed, only the optimum). Any retention in it is a
///   defensible choice; a wide range means the cost curve is flat there.
public struct RetentionRecommendation: Sendable, Hashable {
    /// The cost per item minimised: ``SummaryMetric/secondsPerMemorized`` (cards mode) or
    /// ``SummaryMetric/secondsPerItemGained`` (ZhiXi mode).
    public let criterion: SummaryMetric
    /// The recommended desired retention: the minimum of the sweep's mean cost per item among
    /// the measured retentions (the first in sweep order among equal minima).
    public let retention: Double
    /// Its cost per item (``criterion``), in seconds: mean and standard deviation over the
    /// seeds. (Named `secondsPerMemorized` before issue 27, though in ZhiXi mode it is per
    /// item gained.)
    public let secondsPerItem: MeanAndDeviation
    /// The measured retentions, in sweep order, whose mean cost per item is at most
    /// ``nearOptimalTolerance`` (2 %) above the lowest; the recommendation among them.
    public let nearOptimal: [Double]
    /// How far above the lowest cost (relative, 0.02: 2 %) a retention counts as near the optimum.
    public static let nearOptimalTolerance = 0.02

    /// The cost per item a sweep of `mode` minimises.
    /// - Complexity: O(1).
    public static func criterion(for mode: SimulationMode) -> SummaryMetric {
        mode == .zhiXi ? .secondsPerItemGained : .secondsPerMemorized
    }
    /// The retention each seed alone minimises: mean and standard deviation.
    public let seedOptima: MeanAndDeviation
    /// The lowest and highest retention that some seed alone minimises.
    public let seedOptimaRange: ClosedRange<Double>
    /// The lowest and highest retention not clearly costlier than the recommendation.
    public let plausibleRange: ClosedRange<Double>

    /// The recommendation of a sweep's points (at least one, all with the same seeds) and
    /// their costs (one per point, in the same order), or `nil` when no cost is measured.
    /// O(retentions · seeds).
    init?(points: [SimulationRuns], costs: [RetentionCost]) {
        precondition(!points.isEmpty && points.count == costs.count, "a recommendation needs a cost for each retention")
        let measured = costs.indices.filter { costs[$0].verdict == .measured }
        guard let first = measured.first else { return nil }
        let criterion = costs[0].criterion
        self.criterion = criterion
        let perSeed = points.map { point in point.runs.map { criterion.value(in: $0.summary) } }
        let means = costs.map(\.secondsPerItem.mean)
        var best = first
        for index in measured where means[index] < means[best] { best = index }
        retention = points[best].desiredRetention
        secondsPerItem = costs[best].secondsPerItem
        let lowest = means[best]
        nearOptimal = measured.filter { $0 == best || means[$0] <= lowest * (1 + Self.nearOptimalTolerance) }
            .map { points[$0].desiredRetention }

        let seedCount = perSeed[best].count
        let optima = (0 ..< seedCount).map { seed -> Double in
            var seedBest = best
            for index in measured where perSeed[index][seed] < perSeed[seedBest][seed] { seedBest = index }
            return points[seedBest].desiredRetention
        }
        seedOptima = MeanAndDeviation(optima)
        seedOptimaRange = optima.min()! ... optima.max()!

        var plausible: [Double] = []
        for index in measured {
            if index == best {
                plausible.append(points[index].desiredRetention)
                continue
            }
            guard seedCount > 1 else { continue }
            let excess = MeanAndDeviation(zip(perSeed[index], perSeed[best]).map { $0 - $1 })
            if excess.mean.isFinite, !(excess.mean > 0 && SeedNoise.isMeasurable(excess)) {
                plausible.append(points[index].desiredRetention)
            }
        }
        plausibleRange = plausible.min()! ... plausible.max()!
    }
}
