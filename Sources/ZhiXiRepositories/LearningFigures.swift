import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiScheduler

/// The learner's figures counted from a workspace, by the rules the server's
/// `GET learning/summary`, `GET learning/trend` and `GET activity/heatmap` follow: a session
/// counts on the day it ended (its start when it has no end) in the learner's time zone, days
/// running midnight to midnight; its minutes are its length rounded to the minute; the streak
/// is the run of days with a session up to today; the reviews due are the pending tasks
/// scheduled before tomorrow.
package enum LearningFigures {
    /// The learner's calendar of the figures: the profile's time zone (UTC when unknown), days
    /// from midnight.
    package static func calendar(of profile: UserLearningProfile) -> StudyCalendar {
        (try? StudyCalendar(timeZoneIdentifier: profile.timeZone, dayStartHour: 0)) ?? utcMidnight
    }

    /// UTC, days from midnight.
    private static let utcMidnight = try! StudyCalendar(timeZone: TimeZone(secondsFromGMT: 0)!, dayStartHour: 0)

    /// Today in the learner's time zone.
    package static func today(of profile: UserLearningProfile, now: Date) -> CivilDate {
        let calendar = calendar(of: profile)
        return calendar.localDate(ofDay: calendar.dayNumber(of: now))
    }

    /// The totals of `workspace` as of `now`; the due reviews counted among `reviewTasks`
    /// (default: the workspace's). O(sessions + tasks).
    package static func summary(of workspace: LearnerWorkspace, reviewTasks: [ReviewTask]? = nil, now: Date) -> LearningSummary {
        let calendar = calendar(of: workspace.profile)
        let scores = workspace.sessions.compactMap(\.masteryScore)
        let days = Set(workspace.sessions.map { calendar.dayNumber(of: $0.endedAt ?? $0.startedAt) })
        let today = calendar.dayNumber(of: now)
        var streak = 0
        while days.contains(today - streak) { streak += 1 }
        let tomorrow = calendar.start(ofDay: today + 1)
        return LearningSummary(
            totalMinutes: workspace.sessions.reduce(0) { $0 + minutes(of: $1) }, sessionCount: workspace.sessions.count,
            lessonCount: Set(workspace.sessions.map(\.lessonID)).count,
            averageMastery: scores.isEmpty ? nil : Double(scores.reduce(0, +)) / Double(scores.count), streakDays: streak,
            dueReviewCount: (reviewTasks ?? workspace.reviewTasks).filter { $0.status == .pending && $0.scheduledAt < tomorrow }.count)
    }

    /// Minutes and sessions of each of the `days` days ending today, oldest first, every day
    /// present. O(sessions + days).
    package static func activity(of workspace: LearnerWorkspace, days: Int, now: Date) -> [ActivityDay] {
        let calendar = calendar(of: workspace.profile)
        var byDay: [Int: (minutes: Int, sessions: Int)] = [:]
        for session in workspace.sessions {
            let day = calendar.dayNumber(of: session.endedAt ?? session.startedAt)
            byDay[day, default: (0, 0)].minutes += minutes(of: session)
            byDay[day, default: (0, 0)].sessions += 1
        }
        let today = calendar.dayNumber(of: now)
        return LearningProgress.window(byDay.map { day, figures in
            ActivityDay(date: calendar.localDate(ofDay: day), minutes: figures.minutes, sessions: figures.sessions)
        }, count: days, endingOn: calendar.localDate(ofDay: today))
    }

    /// A session's length in whole minutes.
    static func minutes(of session: LearningSession) -> Int {
        Int(((session.endedAt ?? session.startedAt).timeIntervalSince(session.startedAt) / 60).rounded())
    }
}
