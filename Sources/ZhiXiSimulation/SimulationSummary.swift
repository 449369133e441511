/// The totals of one simulation run.
public struct SimulationSummary: Sendable, Hashable {
    /// Days simulated.
    public var spanDays: Int
    /// Reviews done (first learning not counted; in ZhiXi mode, weak-point drills included).
    public var totalReviews = 0
    /// Items learned: cards, or lessons studied for the first time.
    public var totalLearned = 0
    /// Reviews at which the item was recalled.
    public var correctReviews = 0
    /// Seconds of study over the whole span.
    public var totalSeconds = 0.0
    /// Items memorized on the last day: the sum of the learned items' probabilities of recall
    /// (fsrs-rs's last `memorized_cnt_per_day`).
    public var memorizedAtEnd = 0.0
    /// Items memorized before the first day's study: the sum of the probabilities of recall on
    /// day 0 of the items the learner already had (existing cards, lessons studied before the
    /// start); 0 for a new deck or course.
    public var memorizedAtStart = 0.0
    /// Minutes of study a day averaged over the last ``steadyStateDays`` days of the span (all
    /// of it when shorter): what the learner pays once the workload has grown.
    public var steadyMinutesPerDay = 0.0
    /// Reviews a day averaged over the same last days as ``steadyMinutesPerDay``.
    public var steadyReviewsPerDay = 0.0
    /// Cards mode: reviews deferred to the next day because the day was full (a review that
    /// waited several days counts each time).
    public var deferredReviews = 0
    /// Days on which the daily cap on study time stopped the day (``SimulationDays/capReached``).
    public var capReachedDays = 0
    /// Items never started: new cards or lessons left at the end.
    public var notStarted = 0
    /// ZhiXi mode: tasks moved to the next day because the day's budget was full (a task
    /// moved on several days counts each time).
    public var spilledTasks = 0
    /// ZhiXi mode: days on which a single task longer than the whole budget was done.
    public var overBudgetDays = 0
    /// ZhiXi mode: weak points named by the AI over the span.
    public var weakPointsAppeared = 0
    /// ZhiXi mode: weak points retired (no longer named at a later assessment).
    public var weakPointsRetired = 0
    /// ZhiXi mode: weak-point drills done.
    public var weakPointDrills = 0
    /// ZhiXi mode: weak points active on the last day.
    public var activeWeakPointsAtEnd = 0
    /// ZhiXi mode: lesson reviews of each type (spaced repetition, Feynman, recall).
    public var spacedRepetitionReviews = 0
    /// See ``spacedRepetitionReviews``.
    public var feynmanReviews = 0
    /// See ``spacedRepetitionReviews``.
    public var recallReviews = 0

    /// The totals of a run's per-day series; the counters that the series do not hold
    /// (``notStarted``, weak points, review types) start at 0 for the simulator to set.
    /// O(days).
    init(days: SimulationDays) {
        spanDays = days.count
        totalReviews = days.reviews.reduce(0, +)
        totalLearned = days.learned.reduce(0, +)
        correctReviews = days.correctReviews.reduce(0, +)
        totalSeconds = days.seconds.reduce(0, +)
        memorizedAtEnd = days.memorized.last ?? 0
        spilledTasks = days.spilledTasks.reduce(0, +)
        overBudgetDays = days.overBudgetMinutes.lazy.filter { $0 > 0 }.count
        weakPointDrills = days.weakPointDrills.reduce(0, +)
        activeWeakPointsAtEnd = days.activeWeakPoints.last ?? 0
        deferredReviews = days.deferredReviews.reduce(0, +)
        capReachedDays = days.capReached.lazy.filter { $0 }.count
        let steady = days.steadyDays
        if !steady.isEmpty {
            steadyMinutesPerDay = days.seconds[steady].reduce(0, +) / 60 / Double(steady.count)
            steadyReviewsPerDay = Double(days.reviews[steady].reduce(0, +)) / Double(steady.count)
        }
    }

    /// The days at the end of a span over which the steady-state figures are averaged.
    public static let steadyStateDays = 30

    /// Minutes of study a day, averaged over the span.
    public var averageMinutesPerDay: Double { totalSeconds / 60 / Double(max(1, spanDays)) }
    /// Items memorized at the end per hour of study over the span (0 without study).
    public var memorizedPerHour: Double { totalSeconds > 0 ? memorizedAtEnd / (totalSeconds / 3_600) : 0 }
    /// Seconds of study per item memorized at the end: fsrs-rs's optimal-retention criterion
    /// (total cost / memorized). Infinite when nothing is memorized.
    public var secondsPerMemorized: Double { memorizedAtEnd > 0 ? totalSeconds / memorizedAtEnd : .infinity }
    /// Seconds of study per item gained over the span: total seconds divided by the items
    /// memorized at the end minus those memorized at the start (so items the learner already
    /// knew are not credited to the span's study). Infinite when nothing was gained. Equal to
    /// ``secondsPerMemorized`` for a new deck or course.
    public var secondsPerItemGained: Double {
        let gained = memorizedAtEnd - memorizedAtStart
        return gained > 0 ? totalSeconds / gained : .infinity
    }
    /// The share (0–1) of days on which the daily cap stopped the day.
    public var capReachedShare: Double { spanDays > 0 ? Double(capReachedDays) / Double(spanDays) : 0 }
    /// The share (0–1) of reviews at which the item was recalled (0 without reviews).
    public var reviewRecallRate: Double { totalReviews > 0 ? Double(correctReviews) / Double(totalReviews) : 0 }
}

/// One number of a ``SimulationSummary``, by the name it has in JSON and CSV output.
public enum SummaryMetric: String, Sendable, Hashable, CaseIterable {
    /// ``SimulationSummary/totalReviews``.
    case totalReviews
    /// ``SimulationSummary/totalLearned``.
    case totalLearned
    /// ``SimulationSummary/memorizedAtEnd``.
    case memorizedAtEnd
    /// ``SimulationSummary/averageMinutesPerDay``.
    case averageMinutesPerDay
    /// ``SimulationSummary/steadyMinutesPerDay``.
    case steadyMinutesPerDay
    /// ``SimulationSummary/steadyReviewsPerDay``.
    case steadyReviewsPerDay
    /// ``SimulationSummary/totalSeconds`` in minutes.
    case totalMinutes
    /// ``SimulationSummary/correctReviews``.
    case correctReviews
    /// ``SimulationSummary/reviewRecallRate``.
    case reviewRecallRate
    /// ``SimulationSummary/memorizedPerHour``.
    case memorizedPerHour
    /// ``SimulationSummary/secondsPerMemorized``.
    case secondsPerMemorized
    /// ``SimulationSummary/memorizedAtStart``.
    case memorizedAtStart
    /// ``SimulationSummary/secondsPerItemGained``.
    case secondsPerItemGained
    /// ``SimulationSummary/notStarted``.
    case notStarted
    /// ``SimulationSummary/deferredReviews``.
    case deferredReviews
    /// ``SimulationSummary/capReachedDays``.
    case capReachedDays
    /// ``SimulationSummary/spilledTasks``.
    case spilledTasks
    /// ``SimulationSummary/overBudgetDays``.
    case overBudgetDays
    /// ``SimulationSummary/weakPointsAppeared``.
    case weakPointsAppeared
    /// ``SimulationSummary/weakPointsRetired``.
    case weakPointsRetired
    /// ``SimulationSummary/weakPointDrills``.
    case weakPointDrills
    /// ``SimulationSummary/activeWeakPointsAtEnd``.
    case activeWeakPointsAtEnd
    /// ``SimulationSummary/spacedRepetitionReviews``.
    case spacedRepetitionReviews
    /// ``SimulationSummary/feynmanReviews``.
    case feynmanReviews
    /// ``SimulationSummary/recallReviews``.
    case recallReviews

    /// The numbers a mode produces, in output order.
    /// - Complexity: O(1).
    public static func metrics(for mode: SimulationMode) -> [SummaryMetric] {
        mode == .zhiXi ? allCases.filter { $0 != .deferredReviews }
            : Array(allCases.prefix(through: SummaryMetric.allCases.firstIndex(of: .capReachedDays)!))
    }

    /// The number in a summary.
    /// - Complexity: O(1).
    public func value(in summary: SimulationSummary) -> Double {
        switch self {
        case .totalReviews: Double(summary.totalReviews)
        case .totalLearned: Double(summary.totalLearned)
        case .memorizedAtEnd: summary.memorizedAtEnd
        case .averageMinutesPerDay: summary.averageMinutesPerDay
        case .steadyMinutesPerDay: summary.steadyMinutesPerDay
        case .steadyReviewsPerDay: summary.steadyReviewsPerDay
        case .totalMinutes: summary.totalSeconds / 60
        case .correctReviews: Double(summary.correctReviews)
        case .reviewRecallRate: summary.reviewRecallRate
        case .memorizedPerHour: summary.memorizedPerHour
        case .secondsPerMemorized: summary.secondsPerMemorized
        case .memorizedAtStart: summary.memorizedAtStart
        case .secondsPerItemGained: summary.secondsPerItemGained
        case .notStarted: Double(summary.notStarted)
        case .deferredReviews: Double(summary.deferredReviews)
        case .capReachedDays: Double(summary.capReachedDays)
        case .spilledTasks: Double(summary.spilledTasks)
        case .overBudgetDays: Double(summary.overBudgetDays)
        case .weakPointsAppeared: Double(summary.weakPointsAppeared)
        case .weakPointsRetired: Double(summary.weakPointsRetired)
        case .weakPointDrills: Double(summary.weakPointDrills)
        case .activeWeakPointsAtEnd: Double(summary.activeWeakPointsAtEnd)
        case .spacedRepetitionReviews: Double(summary.spacedRepetitionReviews)
        case .feynmanReviews: Double(summary.feynmanReviews)
        case .recallReviews: Double(summary.recallReviews)
        }
    }
}
