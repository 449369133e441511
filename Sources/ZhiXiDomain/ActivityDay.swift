import ZhiXiCore

/// One day of the learner's activity: the day in the learner's time zone, the minutes studied
/// and the sessions recorded.
package struct ActivityDay: Sendable, Hashable {
    /// The day.
    package var date: CivilDate
    /// Minutes studied.
    package var minutes: Int
    /// Sessions recorded.
    package var sessions: Int

    /// Creates a day.
    package init(date: CivilDate, minutes: Int, sessions: Int) {
        self.date = date
        self.minutes = minutes
        self.sessions = sessions
    }
}
