/// Why the planner cannot plan. Each case names the offending record by its position in
/// the input and its id, so a caller can point at the place in its file.
public enum PlannerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `sessions[index]` refers to a lesson that is not in the input.
    case unknownLessonInSession(index: Int, sessionID: String, lessonID: String)
    /// `analyses[index]` refers to a lesson that is not in the input.
    case unknownLessonInAnalysis(index: Int, analysisID: String, lessonID: String)
    /// `sessions[index].masteryScore` is outside 0–100.
    case sessionScoreOutOfRange(index: Int, sessionID: String, score: Int)
    /// `analyses[index].masteryScore` is outside 0–100.
    case analysisScoreOutOfRange(index: Int, analysisID: String, score: Int)
    /// The time zone is not an IANA identifier.
    case unknownTimeZone(String)
    /// The day-start hour is outside 0–23.
    case dayStartHourOutOfRange(Int)
    /// The desired retention is not strictly between 0 and 1.
    case desiredRetentionOutOfRange(Double)
    /// The daily budget is negative.
    case dailyMinutesNegative(Int)
    /// The planning horizon is shorter than one day.
    case horizonTooShort(Int)
    /// A weekday's minutes (`weekday` its JSON key, `mon` … `sun`) are outside 0–1440.
    case weekdayMinutesOutOfRange(weekday: String, minutes: Int)
    /// Every day of the week has 0 minutes: there is no day to study on.
    case noStudyDay
    /// `breaks[index]` ends before it starts.
    case breakEndsBeforeStart(index: Int, from: String, to: String)
    /// A request to postpone or advance a negative number of tasks.
    case negativeMoveCount(Int)

    /// The JSON path of the offending value in a workspace file, when there is one,
    /// e.g. `sessions[12].lessonID`.
    public var path: String? {
        switch self {
        case .unknownLessonInSession(let index, _, _): "sessions[\(index)].lessonId"
        case .unknownLessonInAnalysis(let index, _, _): "analyses[\(index)].lessonId"
        case .sessionScoreOutOfRange(let index, _, _): "sessions[\(index)].masteryScore"
        case .analysisScoreOutOfRange(let index, _, _): "analyses[\(index)].masteryScore"
        case .unknownTimeZone: "profile.timeZone"
        case .dayStartHourOutOfRange: "profile.dayStartHour"
        case .desiredRetentionOutOfRange: "profile.desiredRetention"
        case .dailyMinutesNegative: "profile.dailyMinutes"
        case .horizonTooShort: nil
        case .weekdayMinutesOutOfRange(let weekday, _): "profile.weekdayMinutes.\(weekday)"
        case .noStudyDay: "profile.weekdayMinutes"
        case .breakEndsBeforeStart(let index, _, _): "profile.breaks[\(index)]"
        case .negativeMoveCount: nil
        }
    }

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .unknownLessonInSession(_, let sessionID, let lessonID):
            "session '\(sessionID)' refers to lesson '\(lessonID)', which is not among the lessons; add the lesson or correct the id"
        case .unknownLessonInAnalysis(_, let analysisID, let lessonID):
            "analysis '\(analysisID)' refers to lesson '\(lessonID)', which is not among the lessons; add the lesson or correct the id"
        case .sessionScoreOutOfRange(_, let sessionID, let score):
            "session '\(sessionID)' has mastery score \(score); scores are 0–100"
        case .analysisScoreOutOfRange(_, let analysisID, let score):
            "analysis '\(analysisID)' has mastery score \(score); scores are 0–100"
        case .unknownTimeZone(let identifier):
            "unknown time zone '\(identifier)'; use an IANA identifier such as UTC, Asia/Shanghai or America/New_York"
        case .dayStartHourOutOfRange(let hour):
            "day-start hour \(hour) is outside 0–23"
        case .desiredRetentionOutOfRange(let value):
            "desired retention \(value) must be between 0 and 1 (exclusive), e.g. 0.9"
        case .dailyMinutesNegative(let minutes):
            "daily minutes \(minutes) is negative"
        case .horizonTooShort(let days):
            "the planning horizon must be at least 1 day, got \(days)"
        case .weekdayMinutesOutOfRange(let weekday, let minutes):
            "\(minutes) minutes on '\(weekday)' is outside 0–1440"
        case .noStudyDay:
            "every day of the week has 0 minutes; give at least one day some study time"
        case .breakEndsBeforeStart(_, let from, let to):
            "the break from \(from) to \(to) ends before it starts; give the first day away, then the last"
        case .negativeMoveCount(let count):
            "cannot postpone or advance \(count) tasks; give 0 or more"
        }
    }
}
