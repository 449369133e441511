import Foundation
import ZhiXiCore

/// A value of a workspace outside the range the package can work with, and where: the JSON
/// path of the field (`lessons[3].estimatedMinutes`), the value and the range.
package struct WorkspaceBoundsViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the field, such as `lessons[3].estimatedMinutes`.
    package let path: String
    /// What is wrong, such as `10000000000 minutes is outside 0–1440`.
    package let reason: String

    /// A violation at `path`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }
}

/// The ranges every numeric and date field of a ``LearnerWorkspace`` must lie in, checked in
/// one pass after decoding and before any planning, so that a value no learner could have
/// (a lesson of 10¹⁰ minutes, a date in the year 30000) is refused with its field's path
/// instead of costing gigabytes or crashing later.
///
/// | field | range |
/// | --- | --- |
/// | `schemaVersion` | ``supportedSchemaVersions`` (1 to this version's and the next) |
/// | every date | years 1900–2200 |
/// | `profile.dailyMinutes`, `lessons[i].estimatedMinutes` | 0–1440 minutes |
/// | `profile.dayStartHour` | 0–23 |
/// | `profile.desiredRetention` | strictly between 0 and 1 |
/// | `profile.firstWeekday` | 1 (Sunday) – 7 (Saturday) |
/// | `sessions[i].masteryScore`, `analyses[i].masteryScore` | 0–100 |
/// | `sessions[i].endedAt` | not before `startedAt` |
/// | `lessons[i].order`, `learningPaths[i].order` | ±1,000,000,000 |
/// | `analyses[i].costEstimate` | 0–1,000,000 (US dollars) |
/// | `feedback[i].rating` | 1–5 |
///
/// Cost: O(records), no allocation unless a value is out of range.
package enum WorkspaceBounds {
    /// The workspace formats this version reads: the earlier ones (their former names are
    /// mapped when decoding), its own and the next one.
    package static let supportedSchemaVersions: ClosedRange<Int> = 1 ... LearnerWorkspace.currentSchemaVersion + 1
    /// The earliest instant accepted: 1900-01-01T00:00:00Z, in seconds since 1970
    /// (`SupportedYears` of ZhiXiCore: the package's years everywhere).
    package static let earliestDate: Double = SupportedYears.earliestSecondsSince1970
    /// The first instant refused at the late end: 2201-01-01T00:00:00Z, in seconds since 1970.
    package static let dateLimit: Double = SupportedYears.limitSecondsSince1970
    /// Minutes in a day: the largest daily budget or lesson length.
    package static let minutesPerDay: ClosedRange<Int> = 0 ... 1440
    /// Mastery scores.
    package static let scores: ClosedRange<Int> = 0 ... 100
    /// Orders of lessons and paths.
    package static let orders: ClosedRange<Int> = -1_000_000_000 ... 1_000_000_000

    /// The first value of `workspace` outside its range, or `nil` when every value fits.
    package static func firstViolation(in workspace: LearnerWorkspace) -> WorkspaceBoundsViolation? {
        violation { () throws(WorkspaceBoundsViolation) in try check(workspace) }
    }

    /// The first value of a session outside its range (its paths start with `path`), or `nil`.
    package static func firstViolation(session: LearningSession, path: String = "session") -> WorkspaceBoundsViolation? {
        violation { () throws(WorkspaceBoundsViolation) in try check(session, path: path) }
    }

    /// The first value of an analysis outside its range (its paths start with `path`), or `nil`.
    package static func firstViolation(analysis: AIAnalysis, path: String = "analysis") -> WorkspaceBoundsViolation? {
        violation { () throws(WorkspaceBoundsViolation) in try check(analysis, path: path) }
    }

    /// What `check` throws, or `nil`.
    private static func violation(_ check: () throws(WorkspaceBoundsViolation) -> Void) -> WorkspaceBoundsViolation? {
        do throws(WorkspaceBoundsViolation) {
            try check()
            return nil
        } catch {
            return error
        }
    }

    /// Checks every bounded field of `workspace`.
    /// - Throws: ``WorkspaceBoundsViolation`` for the first value out of range.
    package static func check(_ workspace: LearnerWorkspace) throws(WorkspaceBoundsViolation) {
        guard supportedSchemaVersions.contains(workspace.schemaVersion) else {
            throw WorkspaceBoundsViolation(path: "schemaVersion", reason: "version \(workspace.schemaVersion) is not one this "
                                           + "program reads (\(supportedSchemaVersions.lowerBound)–\(supportedSchemaVersions.upperBound))")
        }
        if let user = workspace.user { try check(user, path: "user") }
        try check(workspace.profile, path: "profile")
        for (index, base) in workspace.knowledgeBases.enumerated() { try check(base, path: "knowledgeBases[\(index)]") }
        for (index, path) in workspace.learningPaths.enumerated() { try check(path, path: "learningPaths[\(index)]") }
        for (index, lesson) in workspace.lessons.enumerated() { try check(lesson, path: "lessons[\(index)]") }
        for (index, session) in workspace.sessions.enumerated() { try check(session, path: "sessions[\(index)]") }
        for (index, analysis) in workspace.analyses.enumerated() { try check(analysis, path: "analyses[\(index)]") }
        for (index, task) in workspace.reviewTasks.enumerated() { try check(task, path: "reviewTasks[\(index)]") }
        for (index, item) in workspace.feedback.enumerated() { try check(item, path: "feedback[\(index)]") }
    }

    // MARK: - One record each
    //
    // Each checks one record as the workspace holds it; `path` is where it stands (`sessions[3]`),
    // the start of the violation's path. What `pull` checks every record from a server with
    // before it is merged. O(1) each (O(weak points) for none).

    /// Checks the account's dates.
    package static func check(_ user: User, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(user.createdAt, path() + ".createdAt")
        try date(user.lastLoginAt, path() + ".lastLoginAt")
    }

    /// Checks the study settings.
    package static func check(_ profile: UserLearningProfile, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try integer(profile.dailyMinutes, minutesPerDay, path() + ".dailyMinutes", unit: " minutes")
        try integer(profile.dayStartHour, 0 ... 23, path() + ".dayStartHour", unit: "")
        if !(profile.desiredRetention > 0 && profile.desiredRetention < 1) {
            throw WorkspaceBoundsViolation(path: path() + ".desiredRetention",
                                           reason: "\(profile.desiredRetention) is not strictly between 0 and 1")
        }
        if let weekday = profile.firstWeekday { try integer(weekday, 1 ... 7, path() + ".firstWeekday", unit: " (1 is Sunday, 7 Saturday)") }
        try date(profile.updatedAt, path() + ".updatedAt")
    }

    /// Checks a knowledge base's dates.
    package static func check(_ base: KnowledgeBase, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(base.createdAt, path() + ".createdAt")
        try date(base.updatedAt, path() + ".updatedAt")
    }

    /// Checks a learning path's order.
    package static func check(_ learningPath: LearningPath, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try integer(learningPath.order, orders, path() + ".order", unit: "")
    }

    /// Checks a lesson's minutes, order and dates.
    package static func check(_ lesson: Lesson, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try integer(lesson.estimatedMinutes, minutesPerDay, path() + ".estimatedMinutes", unit: " minutes")
        try integer(lesson.order, orders, path() + ".order", unit: "")
        try date(lesson.createdAt, path() + ".createdAt")
        try date(lesson.updatedAt, path() + ".updatedAt")
    }

    /// Checks a session's dates (the end not before the start) and score.
    package static func check(_ session: LearningSession, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(session.startedAt, path() + ".startedAt")
        try date(session.endedAt, path() + ".endedAt")
        if let end = session.endedAt, end < session.startedAt {
            throw WorkspaceBoundsViolation(path: path() + ".endedAt",
                                           reason: "\(stamp(end)) is before the session's startedAt, \(stamp(session.startedAt))")
        }
        try date(session.reviewAt, path() + ".reviewAt")
        try date(session.createdAt, path() + ".createdAt")
        if let score = session.masteryScore { try integer(score, scores, path() + ".masteryScore", unit: "") }
    }

    /// Checks an analysis's date, score and cost.
    package static func check(_ analysis: AIAnalysis, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(analysis.createdAt, path() + ".createdAt")
        if let score = analysis.masteryScore { try integer(score, scores, path() + ".masteryScore", unit: "") }
        if let cost = analysis.costEstimate, !(cost >= 0 && cost <= 1_000_000) {
            throw WorkspaceBoundsViolation(path: path() + ".costEstimate", reason: "\(cost) is outside 0–1000000 (US dollars)")
        }
    }

    /// Checks a review task's dates.
    package static func check(_ task: ReviewTask, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(task.scheduledAt, path() + ".scheduledAt")
        try date(task.completedAt, path() + ".completedAt")
    }

    /// Checks a feedback's date and rating.
    package static func check(_ item: Feedback, path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        try date(item.createdAt, path() + ".createdAt")
        if let rating = item.rating { try integer(rating, 1 ... 5, path() + ".rating", unit: "") }
    }

    private static func integer(_ value: Int, _ range: ClosedRange<Int>, _ path: @autoclosure () -> String,
                                unit: String) throws(WorkspaceBoundsViolation) {
        guard !range.contains(value) else { return }
        throw WorkspaceBoundsViolation(path: path(), reason: "\(value) is outside \(range.lowerBound)–\(range.upperBound)\(unit)")
    }

    private static func date(_ value: Date?, _ path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        guard let value else { return }
        let seconds = value.timeIntervalSince1970
        guard !SupportedYears.contains(secondsSince1970: seconds) else { return }
        throw WorkspaceBoundsViolation(path: path(), reason: "\(stamp(value)) is outside the years \(SupportedYears.description)")
    }

    private static func stamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 2.5e11 else {
            return seconds.isFinite ? "a date in the year \(Int(seconds / 31_556_952) + 1970)" : "a date that is not finite"
        }
        return ISO8601Timestamp.string(from: date)
    }
}
