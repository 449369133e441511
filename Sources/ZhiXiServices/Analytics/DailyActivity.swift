import ZhiXiCore

/// One day of `GET learning/trend` and `GET activity/heatmap`: `{"date": "2026-11-29",
/// "minutes", "sessions"}`, the day in the learner's time zone.
package struct DailyActivity: Sendable, Codable, Hashable {
    /// The day, `YYYY-MM-DD` in JSON.
    package var date: CivilDate
    /// Minutes studied that day.
    package var minutes: Int
    /// Sessions recorded that day.
    package var sessions: Int

    /// Creates a day.
    package init(date: CivilDate, minutes: Int, sessions: Int) {
        self.date = date
        self.minutes = minutes
        self.sessions = sessions
    }
}
