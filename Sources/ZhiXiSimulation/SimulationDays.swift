/// The per-day series of one simulation run, day 0 first, each `spanDays` long.
public struct SimulationDays: Sendable, Hashable {
    /// Reviews done each day (not counting first learning).
    public var reviews: [Int]
    /// New items learned each day (cards, or lessons studied for the first time).
    public var learned: [Int]
    /// Seconds of study each day.
    public var seconds: [Double]
    /// Items memorized at the end of each day: the sum of every learned item's probability of
    /// recall that day (fsrs-rs's `memorized_cnt_per_day`). In ZhiXi mode: lessons only.
    public var memorized: [Double]
    /// Reviews each day at which the item was recalled (first learning not counted).
    public var correctReviews: [Int]
    /// ZhiXi mode: tasks that did not fit the day's budget and moved to the next day (empty in
    /// cards mode).
    public var spilledTasks: [Int]
    /// ZhiXi mode: minutes of the tasks that moved to the next day.
    public var spilledMinutes: [Int]
    /// ZhiXi mode: minutes above the budget, when a single task longer than the whole budget
    /// was done alone on an otherwise empty day.
    public var overBudgetMinutes: [Int]
    /// ZhiXi mode: weak-point drills done each day (included in ``reviews``).
    public var weakPointDrills: [Int]
    /// ZhiXi mode: weak points still active at the end of each day.
    public var activeWeakPoints: [Int]
    /// Cards mode: reviews that were due and waited for the next day because the day was full
    /// (the daily cap on seconds, or the review limit). ZhiXi mode counts these as
    /// ``spilledTasks``.
    public var deferredReviews: [Int]
    /// Whether the daily cap on study time stopped the day: a due review (or task) or an
    /// available new item waited for a later day because it would not fit.
    public var capReached: [Bool]
    /// New items (cards, lessons) that the pace of new items a day had made available by the
    /// end of the day and that were not started by then: they waited for room in a day, or for
    /// a study day. The last day's are the available items never started, what a daily cap
    /// cost in new material.
    public var newWaiting: [Int]

    /// All-zero series for `dayCount` days; the ZhiXi series are empty in cards mode.
    init(dayCount: Int, mode: SimulationMode) {
        reviews = [Int](repeating: 0, count: dayCount)
        learned = reviews
        seconds = [Double](repeating: 0, count: dayCount)
        memorized = seconds
        correctReviews = reviews
        let zhiXiCount = mode == .zhiXi ? dayCount : 0
        spilledTasks = [Int](repeating: 0, count: zhiXiCount)
        spilledMinutes = spilledTasks
        overBudgetMinutes = spilledTasks
        weakPointDrills = spilledTasks
        activeWeakPoints = spilledTasks
        deferredReviews = reviews
        capReached = [Bool](repeating: false, count: dayCount)
        newWaiting = reviews
    }

    /// The days over which steady-state figures are averaged: the last 30 (or all, when fewer).
    public var steadyDays: Range<Int> { max(0, count - SimulationSummary.steadyStateDays) ..< count }

    /// The number of days.
    public var count: Int { reviews.count }
}

/// One per-day series of ``SimulationDays``, by the name it has in JSON and CSV output.
public enum DailyMetric: String, Sendable, Hashable, CaseIterable {
    /// ``SimulationDays/reviews``.
    case reviews
    /// ``SimulationDays/learned``.
    case learned
    /// ``SimulationDays/seconds``.
    case seconds
    /// ``SimulationDays/memorized``.
    case memorized
    /// ``SimulationDays/correctReviews``.
    case correctReviews
    /// ``SimulationDays/spilledTasks``.
    case spilledTasks
    /// ``SimulationDays/spilledMinutes``.
    case spilledMinutes
    /// ``SimulationDays/overBudgetMinutes``.
    case overBudgetMinutes
    /// ``SimulationDays/weakPointDrills``.
    case weakPointDrills
    /// ``SimulationDays/activeWeakPoints``.
    case activeWeakPoints

    /// The series a mode produces, in output order.
    /// - Complexity: O(1).
    public static func metrics(for mode: SimulationMode) -> [DailyMetric] {
        mode == .cards ? [.reviews, .learned, .seconds, .memorized, .correctReviews] : allCases
    }

    /// The series as numbers.
    /// - Complexity: O(days).
    public func values(in days: SimulationDays) -> [Double] {
        switch self {
        case .reviews: days.reviews.map(Double.init)
        case .learned: days.learned.map(Double.init)
        case .seconds: days.seconds
        case .memorized: days.memorized
        case .correctReviews: days.correctReviews.map(Double.init)
        case .spilledTasks: days.spilledTasks.map(Double.init)
        case .spilledMinutes: days.spilledMinutes.map(Double.init)
        case .overBudgetMinutes: days.overBudgetMinutes.map(Double.init)
        case .weakPointDrills: days.weakPointDrills.map(Double.init)
        case .activeWeakPoints: days.activeWeakPoints.map(Double.init)
        }
    }
}
