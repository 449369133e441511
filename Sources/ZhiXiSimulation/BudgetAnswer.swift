/// The answer to "which desired retention fits B minutes a day", judged on every day of the
/// span from the first: a retention *fits* when no seed passes B (or the day's own minutes) on
/// any day (``BudgetCompliance/fits``); among those that fit, the answer is the one that
/// remembers the most items at the end (the higher retention among equal means) — under a cap
/// that binds, a higher retention spends the same minutes on more reviews and fewer new items,
/// so remembering peaks; where it does not bind, the highest retention that fits.
///
/// When none fits, "nothing fits" is the answer, with the retention that remembers the most
/// all the same (``closestIndex``), its days over and its worst week. Under the budget as the
/// daily cap (`simulate --budget`) a day passes it only by a single card or task longer than
/// the whole budget, which every retention meets alike (a course of 25-minute lessons under a
/// budget of 20 minutes passes it on each day it learns one): fewer days over would then only
/// mean fewer items learned, so the answer does not seek them.
///
/// How sure the pick is, as for the recommendation (`SeedNoise`): the retention each seed on
/// its own would pick among the same candidates (``seedChoices``), and the candidates whose
/// items at the end are not clearly fewer, seed for seed (``plausible``); the candidates are
/// the retentions that fit, or all of them when none does.
public struct BudgetAnswer: Sendable, Hashable {
    /// The budget, in minutes a day.
    public let minutesPerDay: Double
    /// Each retention's days over, worst day and week, and what the budget cost it, in sweep
    /// order.
    public let compliance: [BudgetCompliance]
    /// The answer's index into the sweep's points, when a retention fits.
    public let fittingIndex: Int?
    /// When none fits, the retention that remembers the most at the end (the higher among equal
    /// means); equal to ``fittingIndex`` when one fits.
    public let closestIndex: Int
    /// The retention each seed alone would pick (the most items at the end among the
    /// candidates, the higher among equal): mean and standard deviation.
    public let seedChoices: MeanAndDeviation
    /// The lowest and highest retention some seed alone would pick.
    public let seedChoiceRange: ClosedRange<Double>
    /// The candidates, in sweep order, that remember not clearly fewer items at the end than
    /// the pick: their shortfall, seed for seed, is within two standard errors (with one seed,
    /// the pick alone).
    public let plausible: [Double]

    /// The answer over a sweep's points. O(retentions · seeds · days).
    init(points: [SimulationRuns], minutesPerDay: Double, dayAllowances: [Double]?) {
        self.minutesPerDay = minutesPerDay
        let compliance = points.map { BudgetCompliance(runs: $0, minutesPerDay: minutesPerDay, dayAllowances: dayAllowances) }
        self.compliance = compliance
        let memorized = points.map { $0.statistics(.memorizedAtEnd).mean }
        var fitting: Int?
        for index in points.indices where compliance[index].fits {
            if fitting == nil || memorized[index] >= memorized[fitting!] { fitting = index }
        }
        fittingIndex = fitting
        if let fitting {
            closestIndex = fitting
        } else {
            var closest = 0
            for index in points.indices.dropFirst() where memorized[index] >= memorized[closest] { closest = index }
            closestIndex = closest
        }
        let chosen = closestIndex
        let candidates = fitting == nil ? Array(points.indices) : points.indices.filter { compliance[$0].fits }
        let perSeed = points.map { point in point.runs.map(\.summary.memorizedAtEnd) }
        let choices = perSeed[chosen].indices.map { seed -> Double in
            var best = candidates[0]
            for index in candidates.dropFirst() where perSeed[index][seed] >= perSeed[best][seed] { best = index }
            return points[best].desiredRetention
        }
        seedChoices = MeanAndDeviation(choices)
        seedChoiceRange = choices.min()! ... choices.max()!
        plausible = candidates.filter { index in
            if index == chosen { return true }
            guard perSeed[chosen].count > 1 else { return false }
            let shortfall = MeanAndDeviation(zip(perSeed[chosen], perSeed[index]).map { $0 - $1 })
            return !SeedNoise.isClearlyPositive(shortfall)
        }.map { points[$0].desiredRetention }
    }

    /// The retention the answer names: the one that fits, or the closest when none does.
    public var chosenIndex: Int { fittingIndex ?? closestIndex }
    /// Whether some retention fits.
    public var somethingFits: Bool { fittingIndex != nil }
}
