import ZhiXiCore

/// One day of the learner's activity: the day in the learner's time zone, the minutes studied
/// and the sessions recorded.
public struct ActivityDay: Sendable, Hashable {
    /// The day.
    public var date: CivilDate
    /// Minutes studied.
    public var minutes: Int
    /// Sessions recorded.
    public var sessions: Int

    /// Creates a day.
    public init(date: CivilDate, minutes: Int, sessions: Int) {
        self.date = date
        self.minutes = minutes
        self.sessions = sessions
    }
}
