import ZhiXiCore
import ZhiXiModel

/// Which study days have how many minutes: a daily budget, minutes per weekday that differ
/// from it, and days away. The planner's budget fill and load balancer, and the ZhiXi-mode
/// simulator, ask it for each day's budget.
///
/// Days are study day numbers: days since 1970-01-01 of the local study date, as
/// `StudyCalendar.dayNumber(of:)` counts them, so the weekday of day `d` is
/// `CivilDate.weekday(daysSince1970: d)`.
///
/// A budget is a number of minutes or no limit (`nil`). ``dailyMinutes`` 0 means no limit,
/// as it always has; a weekday's 0 (and every day of a break) means no study that day.
///
/// ```swift
/// let schedule = try StudySchedule(dailyMinutes: 45, weekdayMinutes: WeekdayMinutes(saturday: 15, sunday: 0),
///                                  breaks: [StudyBreak(from: CivilDate(year: 2026, month: 12, day: 24),
///                                                      to: CivilDate(year: 2026, month: 12, day: 27))])
/// schedule.minutes(onDay: CivilDate(year: 2026, month: 12, day: 5).daysSince1970)   // 15 (a Saturday)
/// ```
public struct StudySchedule: Sendable, Hashable {
    /// The budget of a day the weekday table leaves out, in minutes (0: no limit).
    public let dailyMinutes: Int
    /// The minutes per weekday, as given.
    public let weekdayMinutes: WeekdayMinutes?
    /// The days away, as day ranges: sorted, with overlapping and adjacent breaks merged.
    public let awayDays: [ClosedRange<Int>]
    /// Each weekday's budget, Sunday first (`nil`: no limit).
    private let budgetOfWeekday: [Int?]
    /// The largest budget of a weekday (`nil`: some weekday has no limit).
    public let largestMinutes: Int?
    /// Whether every day has the same budget: no weekday differs from the daily budget and
    /// there is no break. A uniform schedule plans exactly as a single daily budget does.
    public let isUniform: Bool

    /// A schedule of `dailyMinutes` a day (0: no limit), with `weekdayMinutes` where given
    /// and nothing on the days of `breaks`.
    /// - Throws: ``PlannerError/dailyMinutesNegative(_:)``,
    ///   ``PlannerError/weekdayMinutesOutOfRange(weekday:minutes:)`` (0–1440),
    ///   ``PlannerError/noStudyDay`` when every weekday has 0 minutes, and
    ///   ``PlannerError/breakEndsBeforeStart(index:from:to:)``.
    /// - Complexity: O(breaks · log(breaks)) to sort and merge the breaks.
    public init(dailyMinutes: Int, weekdayMinutes: WeekdayMinutes? = nil, breaks: [StudyBreak] = []) throws(PlannerError) {
        guard dailyMinutes >= 0 else { throw .dailyMinutesNegative(dailyMinutes) }
        var budgets: [Int?] = []
        for weekday in 1 ... 7 {
            if let minutes = weekdayMinutes?[weekday: weekday] {
                guard (0 ... 1440).contains(minutes) else {
                    throw .weekdayMinutesOutOfRange(weekday: WeekdayMinutes.keys[weekday - 1], minutes: minutes)
                }
                budgets.append(minutes)
            } else {
                budgets.append(dailyMinutes == 0 ? nil : dailyMinutes)
            }
        }
        guard budgets.contains(where: { $0 != 0 }) else { throw .noStudyDay }
        var ranges: [ClosedRange<Int>] = []
        for (index, away) in breaks.enumerated() {
            let first = away.from.daysSince1970, last = away.to.daysSince1970
            guard first <= last else {
                throw .breakEndsBeforeStart(index: index, from: away.from.description, to: away.to.description)
            }
            ranges.append(first ... last)
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound ... max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.dailyMinutes = dailyMinutes
        self.weekdayMinutes = weekdayMinutes
        awayDays = merged
        budgetOfWeekday = budgets
        largestMinutes = budgets.contains { $0 == nil } ? nil : budgets.compactMap { $0 }.max()
        isUniform = merged.isEmpty && budgets.allSatisfy { $0 == budgets[0] }
    }

    /// The budget of `day` in minutes: 0 on a day away or a weekday without study, `nil` for
    /// no limit.
    /// - Complexity: O(number of breaks).
    public func minutes(onDay day: Int) -> Int? {
        if isAway(onDay: day) { return 0 }
        return budgetOfWeekday[CivilDate.weekday(daysSince1970: day) - 1]
    }

    /// The budget of `day`'s weekday, ignoring breaks (`nil`: no limit).
    /// - Complexity: O(1).
    public func weekdayBudget(onDay day: Int) -> Int? {
        budgetOfWeekday[CivilDate.weekday(daysSince1970: day) - 1]
    }

    /// Whether `day` has study time: not away, and its weekday's budget is not 0.
    /// - Complexity: O(number of breaks).
    public func isStudyDay(_ day: Int) -> Bool { minutes(onDay: day) != 0 }

    /// Whether `day` falls in a break.
    /// - Complexity: O(number of breaks).
    public func isAway(onDay day: Int) -> Bool { awayRange(containing: day) != nil }

    /// The (merged) break that holds `day`, if any.
    /// - Complexity: O(number of breaks).
    public func awayRange(containing day: Int) -> ClosedRange<Int>? {
        for range in awayDays {
            if range.lowerBound > day { return nil }
            if range.contains(day) { return range }
        }
        return nil
    }

    /// The first study day on or after `day`: there is always one, since some weekday has study
    /// time and breaks end.
    /// - Complexity: O(days skipped · breaks).
    public func firstStudyDay(onOrAfter day: Int) -> Int {
        var candidate = day
        while true {
            if let range = awayRange(containing: candidate) {
                candidate = range.upperBound + 1
                continue
            }
            if weekdayBudget(onDay: candidate) != 0 { return candidate }
            candidate += 1
        }
    }

    /// The share of a full day that `day` has, 0–1, for drawing tasks towards lighter days:
    /// 0 on a day without study, 1 on a day with the week's largest budget (or no limit),
    /// the ratio of the two in between. When some weekday has no limit, a day with a finite
    /// budget counts as half a day (Anki's "reduced").
    /// - Complexity: O(number of breaks).
    public func share(ofDay day: Int) -> Double {
        guard let minutes = minutes(onDay: day) else { return 1 }
        guard minutes > 0 else { return 0 }
        guard let largest = largestMinutes else { return 0.5 }
        return Double(minutes) / Double(largest)
    }

    /// ``share(ofDay:)`` for a task of `minutes`: 0 on a day whose whole budget is shorter
    /// than the task, unless no weekday's budget is long enough (then the task takes a day of
    /// its own wherever it falls).
    /// - Complexity: O(number of breaks).
    public func share(ofDay day: Int, forMinutes minutes: Int) -> Double {
        if let budget = self.minutes(onDay: day), budget < minutes, largestMinutes.map({ minutes <= $0 }) ?? true { return 0 }
        return share(ofDay: day)
    }

    /// A day of `window` picked by `unit` in `0 ..< 1` when the load balancer does not choose
    /// (plain fuzz): each study day of the window with the same chance, or each day when the
    /// window has none.
    /// - Complexity: O(window days · breaks), no allocation.
    public func fuzzedDay(in window: ClosedRange<Int>, unit: Double) -> Int {
        var studyDays = 0
        for day in window where isStudyDay(day) { studyDays += 1 }
        guard studyDays > 0, studyDays < window.count else {
            return min(window.lowerBound + Int(unit * Double(window.count)), window.upperBound)
        }
        var remaining = min(Int(unit * Double(studyDays)), studyDays - 1)
        for day in window where isStudyDay(day) {
            if remaining == 0 { return day }
            remaining -= 1
        }
        return window.upperBound
    }
}
