/// The desired retention a sweep recommends: the lowest cost per item, averaged over the
/// seeds. In cards mode the cost is fsrs-rs's criterion for its optimal retention, seconds of
/// study over the span divided by the items memorized at its end
/// (``SimulationSummary/secondsPerMemorized``); in ZhiXi mode it is seconds per item *gained*
/// within the span (``SimulationSummary/secondsPerItemGained``), so that lessons known before
/// the start are not credited to the span's study (``criterion``). With it, how sure the
/// choice is:
///
/// - ``nearOptimal``: every retention whose mean cost is within 2 % of the lowest
///   (``nearOptimalTolerance``); any of them costs about the same per item, so choose among
///   them by what they cost a day and buy.
/// - ``seedOptima``: the retention each seed on its own would have chosen; a small spread
///   means the optimum does not hinge on chance.
/// - ``plausibleRange``: the retentions whose cost is not clearly worse than the optimum's:
///   their cost exceeds it, seed for seed, by at most two standard errors of that difference
///   (with a single seed, only the optimum). Any retention in it is a defensible choice;
///   a wide range means the cost curve is flat there.
public struct RetentionRecommendation: Sendable, Hashable {
    /// The cost per item minimised: ``SummaryMetric/secondsPerMemorized`` (cards mode) or
    /// ``SummaryMetric/secondsPerItemGained`` (ZhiXi mode).
    public let criterion: SummaryMetric
    /// The recommended desired retention: the minimum of the sweep's mean cost per item (the
    /// lowest retention among equal minima).
    public let retention: Double
    /// Its cost per item (``criterion``), in seconds: mean and standard deviation over the
    /// seeds.
    public let secondsPerMemorized: MeanAndDeviation
    /// The retentions, in sweep order, whose mean cost per item is at most
    /// ``nearOptimalTolerance`` (2 %) above the lowest; the recommendation among them.
    public let nearOptimal: [Double]
    /// How far above the lowest cost (relative, 0.02: 2 %) a retention counts as near the optimum.
    public static let nearOptimalTolerance = 0.02

    /// The cost per item a sweep of `mode` minimises.
    public static func criterion(for mode: SimulationMode) -> SummaryMetric {
        mode == .zhiXi ? .secondsPerItemGained : .secondsPerMemorized
    }
    /// The retention each seed alone minimises: mean and standard deviation.
    public let seedOptima: MeanAndDeviation
    /// The lowest and highest retention that some seed alone minimises.
    public let seedOptimaRange: ClosedRange<Double>
    /// The lowest and highest retention not clearly costlier than the recommendation.
    public let plausibleRange: ClosedRange<Double>

    /// The recommendation of a sweep's points (at least one, all with the same seeds).
    /// O(retentions · seeds).
    init(points: [SimulationRuns]) {
        precondition(!points.isEmpty, "a recommendation needs at least one retention")
        let criterion = Self.criterion(for: points[0].mode)
        self.criterion = criterion
        let costs = points.map { point in point.runs.map { criterion.value(in: $0.summary) } }
        let means = costs.map { MeanAndDeviation($0).mean }
        var best = 0
        for index in means.indices where means[index] < means[best] { best = index }
        retention = points[best].desiredRetention
        secondsPerMemorized = MeanAndDeviation(costs[best])
        let lowest = means[best]
        nearOptimal = points.indices.filter {
            $0 == best || (lowest.isFinite && means[$0] <= lowest * (1 + Self.nearOptimalTolerance))
        }.map { points[$0].desiredRetention }

        let seedCount = costs[best].count
        let optima = (0 ..< seedCount).map { seed -> Double in
            var seedBest = 0
            for index in costs.indices where costs[index][seed] < costs[seedBest][seed] { seedBest = index }
            return points[seedBest].desiredRetention
        }
        seedOptima = MeanAndDeviation(optima)
        seedOptimaRange = optima.min()! ... optima.max()!

        var plausible: [Double] = []
        for index in costs.indices {
            if index == best {
                plausible.append(points[index].desiredRetention)
                continue
            }
            guard seedCount > 1 else { continue }
            let differences = MeanAndDeviation(zip(costs[index], costs[best]).map { $0 - $1 })
            if differences.mean.isFinite, differences.mean <= 2 * differences.standardError {
                plausible.append(points[index].desiredRetention)
            }
        }
        plausibleRange = plausible.min()! ... plausible.max()!
    }
}
