/// How many items are already due on each day of a window of days: the view of the future
/// workload that the load balancer needs to even it out.
///
/// Days are day numbers of the scheduler's ``ElapsedDaysPolicy`` (study days of a
/// `StudyCalendar`, or whole UTC days for 24-hour periods): see
/// ``CardScheduler/dayNumber(of:)``. The caller fills the counts (e.g. from its store, or with
/// ``CardScheduler/dueDayLoad(of:firstDay:dayCount:)``) and records each newly scheduled item
/// with ``add(onDay:count:)`` so that the next choice sees it. Days outside the window are
/// unknown, and the balancer does not balance over them.
///
/// **The window a review needs.** A review on day `d` is balanced over the days of its fuzz
/// range, `d + lower … d + upper`, and only when every one of them is in the window; otherwise
/// it falls back to uniform fuzz. Intervals above `LoadBalancer/maximumBalancedIntervalDays`
/// (90) are never balanced, so the farthest day a balanced review can land on is `d + 98`: a
/// window of ``balancingWindowDayCount`` (99) days starting on the review's day covers every
/// balanced review of that day (``CardScheduler/dueDayLoad(of:forReviewsOn:)`` builds it). A
/// window kept across several days must reach 98 days past the last of them.
///
/// ```swift
/// var load = DueDayLoad(firstDay: today, counts: [40, 35, 52, 18, 44])
/// load.add(onDay: today + 3)
/// load.dueCount(onDay: today + 3)   // 19
/// ```
public struct DueDayLoad: Sendable, Hashable {
    /// The day number of the first day of the window.
    public private(set) var firstDay: Int
    /// The number of items due on each day of the window, `counts[i]` on day `firstDay + i`.
    public private(set) var counts: [Int]

    /// Days from a review's day that cover every day the load balancer can choose for it:
    /// the review's day through the upper end of the fuzz range of the longest balanced
    /// interval (just under 91 days, range 84 … 98), 99 days.
    public static let balancingWindowDayCount =
        FuzzRange(intervalDays: Double(LoadBalancer.maximumBalancedIntervalDays + 1).nextDown, maximumIntervalDays: .max).upperDays + 1

    /// A window starting on `firstDay` with the given counts (negative counts count as 0).
    /// - Complexity: O(days).
    public init(firstDay: Int, counts: [Int]) {
        self.firstDay = firstDay
        self.counts = counts.map { max(0, $0) }
    }

    /// An empty window of `dayCount` days (at least 0) starting on `firstDay`.
    /// - Complexity: O(days).
    public init(firstDay: Int, dayCount: Int) {
        self.firstDay = firstDay
        self.counts = Array(repeating: 0, count: max(0, dayCount))
    }

    /// The days the window covers.
    @inlinable public var days: Range<Int> { firstDay ..< firstDay + counts.count }

    /// The number of items due on `day`, or `nil` if the day lies outside the window.
    /// - Complexity: O(1).
    @inlinable
    public func dueCount(onDay day: Int) -> Int? {
        let index = day - firstDay
        guard index >= 0, index < counts.count else { return nil }
        return counts[index]
    }

    /// Whether every day of `range` lies inside the window.
    /// - Complexity: O(1).
    @inlinable
    public func covers(_ range: ClosedRange<Int>) -> Bool {
        range.lowerBound >= firstDay && range.upperBound < firstDay + counts.count
    }

    /// Records `count` more items due on `day`; ignored outside the window.
    /// - Complexity: O(1).
    public mutating func add(onDay day: Int, count: Int = 1) {
        let index = day - firstDay
        guard index >= 0, index < counts.count else { return }
        counts[index] = max(0, counts[index] + count)
    }

    /// Records `count` fewer items due on `day` (never below 0); ignored outside the window.
    /// - Complexity: O(1).
    public mutating func remove(onDay day: Int, count: Int = 1) {
        add(onDay: day, count: -count)
    }
}
