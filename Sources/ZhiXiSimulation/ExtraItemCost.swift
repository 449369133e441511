/// What moving from one desired retention to another buys and costs over the span: the extra
/// minutes of study and the extra items memorized at the end, each as the mean of the
/// differences seed for seed (the two retentions share their seeds), and their quotient, the
/// minutes per extra item, when it means something (``Verdict``).
///
/// The difference in items decides first (`SeedNoise`): within its noise the quotient is
/// ``Verdict/notMeasurable``, however large it would print. A clear difference in items with a
/// clear difference in minutes of the same sign is a trade (``Verdict/measured``: minutes paid
/// per item gained, or saved per item given up); with minutes of the other sign or within
/// their noise (a cap that fixes the minutes) one side is better on both counts
/// (``Verdict/moreForLess`` when `to` remembers more for no more minutes,
/// ``Verdict/fewerForMore`` when it remembers fewer for no fewer). No negative cost is ever
/// reported as a number.
public struct ExtraItemCost: Sendable, Hashable {
    /// What the quotient means.
    public enum Verdict: String, Sendable, Hashable {
        /// Items and minutes both clearly move the same way: ``minutesPerExtraItem`` is the price.
        case measured
        /// The difference in items is within its noise over the seeds.
        case notMeasurable
        /// `to` remembers clearly more items for no clearly more minutes.
        case moreForLess
        /// `to` remembers clearly fewer items for no clearly fewer minutes.
        case fewerForMore
    }

    /// The retention compared from, and the one compared.
    public let fromRetention: Double
    /// The retention compared with ``fromRetention``.
    public let toRetention: Double
    /// Minutes of study over the span, `to` minus `from`, per seed.
    public let extraMinutes: MeanAndDeviation
    /// Items memorized at the end, `to` minus `from`, per seed.
    public let extraItems: MeanAndDeviation
    /// What the quotient means.
    public let verdict: Verdict

    /// The comparison of `to` against `from` (runs with the same seeds, in the same order).
    /// - Complexity: O(seeds).
    public init(from: SimulationRuns, to: SimulationRuns) {
        fromRetention = from.desiredRetention
        toRetention = to.desiredRetention
        let pairs = zip(from.runs, to.runs)
        extraMinutes = MeanAndDeviation(pairs.map { ($1.summary.totalSeconds - $0.summary.totalSeconds) / 60 })
        extraItems = MeanAndDeviation(pairs.map { $1.summary.memorizedAtEnd - $0.summary.memorizedAtEnd })
        let minutesMeasured = SeedNoise.isMeasurable(extraMinutes)
        if !SeedNoise.isMeasurable(extraItems) {
            verdict = .notMeasurable
        } else if extraItems.mean > 0 {
            verdict = minutesMeasured && extraMinutes.mean > 0 ? .measured : .moreForLess
        } else {
            verdict = minutesMeasured && extraMinutes.mean < 0 ? .measured : .fewerForMore
        }
    }

    /// Minutes of study per item of difference, always positive: paid per extra item when `to`
    /// remembers more, saved per item given up when it remembers fewer; `nil` unless
    /// ``Verdict/measured``.
    public var minutesPerExtraItem: Double? { verdict == .measured ? extraMinutes.mean / extraItems.mean : nil }

    /// Whether `to` remembers more than `from` (so ``minutesPerExtraItem`` is paid, not saved).
    public var buysMore: Bool { extraItems.mean > 0 }
}
