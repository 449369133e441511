import ZhiXiCore
import ZhiXiModel

/// The learner's progress: totals, minutes per day over the last 7 and the last 365 days.
package struct LearningProgress: Sendable, Hashable {
    /// The number of days of the trend: 7.
    package static let trendDays = 7
    /// The number of days of the heat map: 365.
    package static let heatmapDays = 365

    /// The totals.
    package var summary: LearningSummary
    /// The last ``trendDays`` days, oldest first, today last: every day present (0 for a day
    /// without study).
    package var trend: [ActivityDay]
    /// The last ``heatmapDays`` days, oldest first, today last, every day present.
    package var heatmap: [ActivityDay]
    /// Today in the learner's time zone.
    package var today: CivilDate
    /// The first day of the learner's week, 1 = Sunday … 7 = Saturday (the heat map's first row).
    package var firstWeekday: Int
    /// `true` when the server did not answer and the figures were counted on the device.
    package var isOffline: Bool
    /// Why the server's answer is missing, offline (`nil` online or unknown).
    package var offlineCause: OfflineCause?

    /// Creates the figures.
    package init(summary: LearningSummary, trend: [ActivityDay], heatmap: [ActivityDay], today: CivilDate, firstWeekday: Int,
                isOffline: Bool, offlineCause: OfflineCause? = nil) {
        self.summary = summary
        self.trend = trend
        self.heatmap = heatmap
        self.today = today
        self.firstWeekday = firstWeekday
        self.isOffline = isOffline
        self.offlineCause = offlineCause
    }

    /// `days` as one entry per day of the `count` days ending `today`, oldest first: a day
    /// missing is 0, a day outside the window left out, a day given twice counted once (the
    /// last). O(days + count).
    package static func window(_ days: [ActivityDay], count: Int, endingOn today: CivilDate) -> [ActivityDay] {
        guard count > 0 else { return [] }
        let last = today.daysSince1970
        let first = last - count + 1
        var byDay: [Int: ActivityDay] = [:]
        for day in days where (first ... last).contains(day.date.daysSince1970) { byDay[day.date.daysSince1970] = day }
        return (first ... last).map { number in byDay[number] ?? ActivityDay(date: CivilDate(daysSince1970: number), minutes: 0, sessions: 0) }
    }
}
