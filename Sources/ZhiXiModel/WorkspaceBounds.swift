import Foundation
import ZhiXiCore

/// A value of a workspace outside the range the package can work with, and where: the JSON
/// path of the field (`lessons[3].estimatedMinutes`), the value and the range.
public struct WorkspaceBoundsViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the field, such as `lessons[3].estimatedMinutes`.
    public let path: String
    /// What is wrong, such as `10000000000 minutes is outside 0–1440`.
    public let reason: String

    /// A violation at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
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
public enum WorkspaceBounds {
    /// The workspace formats this version reads: the earlier ones (their former names are
    /// mapped when decoding), its own and the next one.
    public static let supportedSchemaVersions: ClosedRange<Int> = 1 ... LearnerWorkspace.currentSchemaVersion + 1
    /// The earliest instant accepted: 1900-01-01T00:00:00Z, in seconds since 1970.
    public static let earliestDate: Double = -2_208_988_800
    /// The first instant refused at the late end: 2201-01-01T00:00:00Z, in seconds since 1970.
    public static let dateLimit: Double = 7_289_654_400
    /// Minutes in a day: the largest daily budget or lesson length.
    public static let minutesPerDay: ClosedRange<Int> = 0 ... 1440
    /// Mastery scores.
    public static let scores: ClosedRange<Int> = 0 ... 100
    /// Orders of lessons and paths.
    public static let orders: ClosedRange<Int> = -1_000_000_000 ... 1_000_000_000

    /// The first value of `workspace` outside its range, or `nil` when every value fits.
    public static func firstViolation(in workspace: LearnerWorkspace) -> WorkspaceBoundsViolation? {
        do throws(WorkspaceBoundsViolation) {
            try check(workspace)
            return nil
        } catch {
            return error
        }
    }

    /// Checks every bounded field of `workspace`.
    /// - Throws: ``WorkspaceBoundsViolation`` for the first value out of range.
    public static func check(_ workspace: LearnerWorkspace) throws(WorkspaceBoundsViolation) {
        guard supportedSchemaVersions.contains(workspace.schemaVersion) else {
            throw WorkspaceBoundsViolation(path: "schemaVersion", reason: "version \(workspace.schemaVersion) is not one this "
                                           + "program reads (\(supportedSchemaVersions.lowerBound)–\(supportedSchemaVersions.upperBound))")
        }
        if let user = workspace.user {
            try date(user.createdAt, "user.createdAt")
            try date(user.lastLoginAt, "user.lastLoginAt")
        }
        let profile = workspace.profile
        try integer(profile.dailyMinutes, minutesPerDay, "profile.dailyMinutes", unit: " minutes")
        try integer(profile.dayStartHour, 0 ... 23, "profile.dayStartHour", unit: "")
        if !(profile.desiredRetention > 0 && profile.desiredRetention < 1) {
            throw WorkspaceBoundsViolation(path: "profile.desiredRetention",
                                           reason: "\(profile.desiredRetention) is not strictly between 0 and 1")
        }
        if let weekday = profile.firstWeekday { try integer(weekday, 1 ... 7, "profile.firstWeekday", unit: " (1 is Sunday, 7 Saturday)") }
        try date(profile.updatedAt, "profile.updatedAt")
        for (index, base) in workspace.knowledgeBases.enumerated() {
            try date(base.createdAt, "knowledgeBases[\(index)].createdAt")
            try date(base.updatedAt, "knowledgeBases[\(index)].updatedAt")
        }
        for (index, path) in workspace.learningPaths.enumerated() {
            try integer(path.order, orders, "learningPaths[\(index)].order", unit: "")
        }
        for (index, lesson) in workspace.lessons.enumerated() {
            try integer(lesson.estimatedMinutes, minutesPerDay, "lessons[\(index)].estimatedMinutes", unit: " minutes")
            try integer(lesson.order, orders, "lessons[\(index)].order", unit: "")
            try date(lesson.createdAt, "lessons[\(index)].createdAt")
            try date(lesson.updatedAt, "lessons[\(index)].updatedAt")
        }
        for (index, session) in workspace.sessions.enumerated() {
            try date(session.startedAt, "sessions[\(index)].startedAt")
            try date(session.endedAt, "sessions[\(index)].endedAt")
            if let end = session.endedAt, end < session.startedAt {
                throw WorkspaceBoundsViolation(path: "sessions[\(index)].endedAt",
                                               reason: "\(stamp(end)) is before the session's startedAt, \(stamp(session.startedAt))")
            }
            try date(session.reviewAt, "sessions[\(index)].reviewAt")
            try date(session.createdAt, "sessions[\(index)].createdAt")
            if let score = session.masteryScore { try integer(score, scores, "sessions[\(index)].masteryScore", unit: "") }
        }
        for (index, analysis) in workspace.analyses.enumerated() {
            try date(analysis.createdAt, "analyses[\(index)].createdAt")
            if let score = analysis.masteryScore { try integer(score, scores, "analyses[\(index)].masteryScore", unit: "") }
            if let cost = analysis.costEstimate, !(cost >= 0 && cost <= 1_000_000) {
                throw WorkspaceBoundsViolation(path: "analyses[\(index)].costEstimate", reason: "\(cost) is outside 0–1000000 (US dollars)")
            }
        }
        for (index, task) in workspace.reviewTasks.enumerated() {
            try date(task.scheduledAt, "reviewTasks[\(index)].scheduledAt")
            try date(task.completedAt, "reviewTasks[\(index)].completedAt")
        }
        for (index, item) in workspace.feedback.enumerated() {
            try date(item.createdAt, "feedback[\(index)].createdAt")
            if let rating = item.rating { try integer(rating, 1 ... 5, "feedback[\(index)].rating", unit: "") }
        }
    }

    private static func integer(_ value: Int, _ range: ClosedRange<Int>, _ path: @autoclosure () -> String,
                                unit: String) throws(WorkspaceBoundsViolation) {
        guard !range.contains(value) else { return }
        throw WorkspaceBoundsViolation(path: path(), reason: "\(value) is outside \(range.lowerBound)–\(range.upperBound)\(unit)")
    }

    private static func date(_ value: Date?, _ path: @autoclosure () -> String) throws(WorkspaceBoundsViolation) {
        guard let value else { return }
        let seconds = value.timeIntervalSince1970
        guard !(seconds >= earliestDate && seconds < dateLimit) else { return }
        throw WorkspaceBoundsViolation(path: path(), reason: "\(stamp(value)) is outside the years 1900–2200")
    }

    private static func stamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 2.5e11 else {
            return seconds.isFinite ? "a date in the year \(Int(seconds / 31_556_952) + 1970)" : "a date that is not finite"
        }
        return ISO8601Timestamp.string(from: date)
    }
}
