import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// A signed-in learner's whole workspace from the API, incrementally: the account
/// (`GET users/me`), the study settings, the knowledge bases with their paths and lessons,
/// every page of sessions and analyses since the newest ones the server sent before
/// (`?since=`, following `nextCursor`) and the review tasks. ``Fetched/merged(into:)`` merges
/// what came into a workspace by id (`LearnerWorkspace.merge`): a record from the server
/// replaces the one held, new records are added, the others stay.
///
/// What `zhixi-review pull` writes to a file and what the app's repositories keep on the
/// device: one rule for both.
///
/// - **Where a pull starts** (``Mark``): from the newest record the server itself sent (by the
///   time it recorded it), never from a record made on the device, and never from a date
///   more than ``futureTolerance`` ahead of the pull (a server's record dated 2199 would hide
///   every later one); a full pull (no `since`) now and then (``fullRecheckInterval``) catches
///   what an incremental one can miss.
/// - **What is merged** (``Fetched/checked(against:)``): only records within the workspace's
///   bounds (`WorkspaceBounds`) and whose lesson the workspace knows; the others are refused,
///   each named, and the rest is kept.
/// - **How much** : at most ``maximumPages`` pages a list; the client's own limits bound the
///   bytes and the time of the whole pull (`APIClientConfiguration`).
package struct WorkspacePull: Sendable {
    /// How far into the future a record's date is believed for where the next pull starts,
    /// in seconds: a day (clocks differ; a record dated later says nothing about now).
    package static let futureTolerance: Double = 86_400
    /// How often a pull asks for everything again instead of what is new, in seconds: a week.
    package static let fullRecheckInterval: Double = 7 * 86_400
    /// The most pages of one list a pull follows.
    package static let maximumPages = 1000

    /// Where the next pull starts, kept with what was pulled (`"pullState"` of a workspace file
    /// written by `zhixi-review pull`): `{"server", "sessionsThrough", "analysesThrough",
    /// "fullPullAt"}`, every member optional.
    package struct Mark: Sendable, Codable, Hashable {
        /// The server pulled from (its base URL, without user name or password): a mark is
        /// worth nothing for another server.
        package var server: String?
        /// The newest time the server recorded a session it sent (not ahead of its pull by more
        /// than the tolerance).
        package var sessionsThrough: Date?
        /// The newest creation time of an analysis the server sent (likewise).
        package var analysesThrough: Date?
        /// When the last full pull (no `since`) was made.
        package var fullPullAt: Date?

        /// Creates a mark.
        package init(server: String? = nil, sessionsThrough: Date? = nil, analysesThrough: Date? = nil, fullPullAt: Date? = nil) {
            self.server = server
            self.sessionsThrough = sessionsThrough
            self.analysesThrough = analysesThrough
            self.fullPullAt = fullPullAt
        }

        /// Whether a pull from `server` at `now` after this mark should ask for everything:
        /// another server, no full pull yet, the last one older than ``fullRecheckInterval``,
        /// or dated ahead of now (a clock set back).
        package func wantsFullPull(server: String, now: Date) -> Bool {
            guard self.server == server, let fullPullAt else { return true }
            let age = now.timeIntervalSince(fullPullAt)
            return age > WorkspacePull.fullRecheckInterval || age < -WorkspacePull.futureTolerance
        }
    }

    /// A record the server sent that was not merged, and why.
    package struct Refusal: Sendable, Hashable, CustomStringConvertible {
        /// What it is: `session`, `analysis`, `review task`, `lesson`, `learning path`,
        /// `knowledge base`.
        package var kind: String
        /// Its id.
        package var id: String
        /// Why, naming the field: `masteryScore: 1000 is outside 0–100`.
        package var reason: String

        /// `session s-9: masteryScore: 1000 is outside 0–100`.
        package var description: String { "\(kind) \(id): \(reason)" }
    }

    /// What one pull received from the server.
    package struct Fetched: Sendable, Hashable {
        /// The learner's account.
        package var user: User
        /// The study settings.
        package var profile: UserLearningProfile
        /// Every knowledge base.
        package var knowledgeBases: [KnowledgeBase]
        /// Every learning path of those knowledge bases.
        package var learningPaths: [LearningPath]
        /// Every lesson of those paths, in study order.
        package var lessons: [Lesson]
        /// The sessions recorded since the newest one held (all without a workspace).
        package var sessions: [LearningSession]
        /// The analyses made since the newest one held (all without a workspace).
        package var analyses: [AIAnalysis]
        /// Every review task, in any status.
        package var reviewTasks: [ReviewTask]

        /// Creates a result.
        package init(user: User, profile: UserLearningProfile, knowledgeBases: [KnowledgeBase], learningPaths: [LearningPath],
                    lessons: [Lesson], sessions: [LearningSession], analyses: [AIAnalysis], reviewTasks: [ReviewTask]) {
            self.user = user
            self.profile = profile
            self.knowledgeBases = knowledgeBases
            self.learningPaths = learningPaths
            self.lessons = lessons
            self.sessions = sessions
            self.analyses = analyses
            self.reviewTasks = reviewTasks
        }

        /// `workspace` (a new one for the learner when `nil`) with everything fetched merged
        /// in by id, in the current schema. O(records).
        package func merged(into workspace: LearnerWorkspace?) -> LearnerWorkspace {
            var workspace = workspace ?? LearnerWorkspace(profile: profile)
            workspace.merge(user: user, profile: profile, knowledgeBases: knowledgeBases, learningPaths: learningPaths,
                            lessons: lessons, sessions: sessions, analyses: analyses, reviewTasks: reviewTasks)
            return workspace
        }

        /// What may be merged into `workspace`: every record within the workspace's bounds
        /// (`WorkspaceBounds`), and every session and analysis of a lesson the workspace or the
        /// lessons kept know — a record that would make the workspace unreadable, or unplannable,
        /// is refused and named; the rest is kept. O(records).
        /// - Throws: `WorkspaceBoundsViolation` when the account or the study settings are
        ///   out of bounds: those cannot be left out, so nothing may be merged.
        package func checked(against workspace: LearnerWorkspace?) throws(WorkspaceBoundsViolation) -> (kept: Fetched, refused: [Refusal]) {
            var kept = self
            let refused = try WorkspacePull.keepMergeable(user: user, profile: profile, knowledgeBases: &kept.knowledgeBases,
                                                          learningPaths: &kept.learningPaths, lessons: &kept.lessons,
                                                          sessions: &kept.sessions, analyses: &kept.analyses,
                                                          reviewTasks: &kept.reviewTasks, against: workspace)
            return (kept, refused)
        }

        /// Where the next pull starts after this one, from `server` at `now`: the newest times
        /// among the records the server sent (not ahead of `now` by more than
        /// ``WorkspacePull/futureTolerance``), or those of `previous` when none is newer; the
        /// time of this pull as the last full one when it was (`full`). O(records).
        package func mark(after previous: Mark?, server: String, now: Date, full: Bool) -> Mark {
            let latest = now.addingTimeInterval(WorkspacePull.futureTolerance)
            let base = full || previous?.server != server ? nil : previous
            func newest(_ dates: [Date], _ earlier: Date?) -> Date? {
                ([earlier].compactMap { $0 } + dates.filter { $0 <= latest }).max()
            }
            return Mark(server: server,
                        sessionsThrough: newest(sessions.map(Self.recordedAt), base?.sessionsThrough),
                        analysesThrough: newest(analyses.map(\.createdAt), base?.analysesThrough),
                        fullPullAt: full ? now : base?.fullPullAt)
        }

        /// When the server recorded a session: its `createdAt`, else when it ended or began.
        static func recordedAt(_ session: LearningSession) -> Date {
            session.createdAt ?? session.endedAt ?? session.startedAt
        }
    }

    /// The services asked.
    package let services: AppServices

    /// A pull through `services`.
    package init(services: AppServices) {
        self.services = services
    }

    /// A pull through the API services on `client`.
    package init(client: APIClient) {
        self.init(services: AppServices(client: client))
    }

    /// The signed-in learner (`GET users/me`): a pull asks it first, so that a file of another
    /// learner is refused before anything else is asked.
    /// - Throws: the request's `APIError`.
    package func currentUser() async throws(APIError) -> User {
        try await services.currentUser()
    }

    /// Everything else the pull asks the server for, for `user`: sessions recorded at or after
    /// `sessionsSince` and analyses made at or after `analysesSince` (all when `nil`), the rest
    /// whole. Requests one after another: the profile, the knowledge bases, one request per
    /// base for its paths and per path for its lessons, the pages of sessions and analyses (at
    /// most ``maximumPages`` each), the review tasks.
    /// - Throws: the first request's `APIError`.
    package func fetch(for user: User, sessionsSince: Date?, analysesSince: Date?) async throws(APIError) -> Fetched {
        let profile = try await services.profile.learningProfile()
        let bases = try await services.knowledge.knowledgeBases()
        var paths: [LearningPath] = []
        for base in bases { paths += try await services.knowledge.learningPaths(knowledgeBaseID: base.id) }
        var lessons: [Lesson] = []
        for path in paths { lessons += try await services.knowledge.lessons(learningPathID: path.id) }
        let learning = services.learning, ai = services.ai
        let sessions = try await APIPage.collect(maximumPages: Self.maximumPages) { (cursor) async throws(APIError) in
            try await learning.sessions(since: sessionsSince, cursor: cursor)
        }
        let analyses = try await APIPage.collect(maximumPages: Self.maximumPages) { (cursor) async throws(APIError) in
            try await ai.analyses(since: analysesSince, cursor: cursor)
        }
        let tasks = try await services.review.reviewTasks(ReviewTaskQuery())
        return Fetched(user: user, profile: profile, knowledgeBases: bases, learningPaths: paths, lessons: lessons,
                       sessions: sessions, analyses: analyses, reviewTasks: tasks)
    }

    /// Everything the pull asks the server for: the account, then ``fetch(for:sessionsSince:analysesSince:)``.
    /// - Throws: the first request's `APIError`.
    package func fetch(sessionsSince: Date?, analysesSince: Date?) async throws(APIError) -> Fetched {
        try await fetch(for: try await currentUser(), sessionsSince: sessionsSince, analysesSince: analysesSince)
    }

    /// What is new for `workspace`, a cache of what the server sent (the app's): sessions and
    /// analyses from its newest ones on, leaving out dates more than ``futureTolerance`` after
    /// `now` (everything without a workspace).
    /// - Throws: the first request's `APIError`.
    package func fetch(newerThan workspace: LearnerWorkspace?, now: Date = Date()) async throws(APIError) -> Fetched {
        let latest = now.addingTimeInterval(Self.futureTolerance)
        let sessionsSince = workspace?.sessions.lazy.map(Fetched.recordedAt).filter { $0 <= latest }.max()
        let analysesSince = workspace?.analyses.lazy.map(\.createdAt).filter { $0 <= latest }.max()
        return try await fetch(sessionsSince: sessionsSince, analysesSince: analysesSince)
    }

    /// Leaves out of the records a server sent those that may not be merged into `workspace`
    /// (``Fetched/checked(against:)``'s rule, shared by every merge of a server's records) and
    /// names them. O(records).
    /// - Throws: `WorkspaceBoundsViolation` when the account or the study settings (when
    ///   sent) are out of bounds.
    static func keepMergeable(user: User?, profile: UserLearningProfile?, knowledgeBases: inout [KnowledgeBase],
                              learningPaths: inout [LearningPath], lessons: inout [Lesson], sessions: inout [LearningSession],
                              analyses: inout [AIAnalysis], reviewTasks: inout [ReviewTask],
                              against workspace: LearnerWorkspace?) throws(WorkspaceBoundsViolation) -> [Refusal] {
        if let user { try WorkspaceBounds.check(user, path: "user") }
        if let profile { try WorkspaceBounds.check(profile, path: "profile") }
        var refused: [Refusal] = []
        func keep<Record: Identifiable<String>>(_ records: [Record], _ kind: String,
                                                _ check: (Record) throws(WorkspaceBoundsViolation) -> Void) -> [Record] {
            records.filter { record in
                do throws(WorkspaceBoundsViolation) {
                    try check(record)
                    return true
                } catch {
                    refused.append(Refusal(kind: kind, id: record.id, reason: error.description))
                    return false
                }
            }
        }
        knowledgeBases = keep(knowledgeBases, "knowledge base") { (base) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(base, path: "") }
        learningPaths = keep(learningPaths, "learning path") { (path) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(path, path: "") }
        lessons = keep(lessons, "lesson") { (lesson) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(lesson, path: "") }
        let knownLessons = Set((workspace?.lessons ?? []).map(\.id)).union(lessons.map(\.id))
        func knows(_ lessonID: String?) throws(WorkspaceBoundsViolation) {
            guard let lessonID, !knownLessons.contains(lessonID) else { return }
            throw WorkspaceBoundsViolation(path: "lessonId", reason: "no lesson '\(lessonID)' is in the workspace or was sent")
        }
        sessions = keep(sessions, "session") { (session) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(session, path: "")
            try knows(session.lessonID)
        }
        analyses = keep(analyses, "analysis") { (analysis) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(analysis, path: "")
            try knows(analysis.lessonID)
        }
        reviewTasks = keep(reviewTasks, "review task") { (task) throws(WorkspaceBoundsViolation) in
            try WorkspaceBounds.check(task, path: "") }
        return refused.map { refusal in
            var refusal = refusal
            if refusal.reason.hasPrefix(".") { refusal.reason.removeFirst() }
            return refusal
        }
    }

    /// ``fetch(newerThan:now:)`` with what may not be merged into `workspace` left out
    /// (``Fetched/checked(against:)``): what the app's repositories merge into the workspace
    /// they keep.
    /// - Throws: the first request's `APIError`; `.decoding` naming the field when the account
    ///   or the study settings are out of bounds.
    package func fetchMergeable(newerThan workspace: LearnerWorkspace?, now: Date = Date()) async throws(APIError) -> Fetched {
        let fetched = try await fetch(newerThan: workspace, now: now)
        do throws(WorkspaceBoundsViolation) {
            return try fetched.checked(against: workspace).kept
        } catch {
            throw .decoding(path: error.path, reason: error.reason)
        }
    }
}
