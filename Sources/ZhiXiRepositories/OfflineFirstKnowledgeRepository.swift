import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner
import ZhiXiScheduler
import ZhiXiServices

/// The knowledge library of the app, offline first.
///
/// - **The library** (``library(now:)``): the server's knowledge bases and their paths
///   (`GET knowledge-bases`, `GET knowledge-bases/{id}/learning-paths`), written into the
///   learner's workspace kept on the device; a learner with nothing kept gets the whole
///   workspace pulled first (``WorkspacePull``), so the counts of studied lessons are there.
///   When the server does not answer, the library is the one kept, marked offline.
/// - **A path** (``learningPath(id:now:)``): its lessons from the server
///   (`GET learning-paths/{id}/lessons`, in study order), kept too, each with what the learner
///   did and its next review in the plan the device makes of the workspace kept (the planner's
///   `LessonOverview`; completions and skips waiting in the outbox count as done), the same
///   planner as the review page's and the server's.
/// - **Signed out** is `RepositoryFailure.signedOut`; an unknown path `.notFound`.
package struct OfflineFirstKnowledgeRepository: KnowledgeRepository {
    /// The services asked.
    package let services: AppServices
    /// Where each learner's workspace and outbox are kept.
    package let storage: LearnerStorage
    private let userID: @Sendable () async -> String?
    private let planner: ReviewPlanner
    private let language: PlanLanguage?

    /// Creates the repository.
    /// - Parameters:
    ///   - services: the API's services.
    ///   - storage: the learners' files.
    ///   - planner: the planner's configuration for the next reviews (the reasons' language…).
    ///   - language: the reasons' language (the learner's, or fixed); `nil`: the planner configuration's.
    ///   - userID: the signed-in learner's id, `nil` when signed out.
    package init(services: AppServices, storage: LearnerStorage, planner: PlannerConfiguration = PlannerConfiguration(),
                language: PlanLanguage? = nil, userID: @escaping @Sendable () async -> String?) {
        self.services = services
        self.storage = storage
        self.userID = userID
        self.planner = ReviewPlanner(configuration: planner)
        self.language = language
    }

    /// The knowledge bases with their paths, from the server or, offline, as kept.
    package func library(now: Date) async throws(RepositoryFailure) -> KnowledgeLibrary {
        let place = try await place()
        let kept = try await place.cache.read()
        var pulled: WorkspacePull.Fetched?
        var serverBases: [(base: KnowledgeBase, paths: [LearningPath])]?
        var serverFailure: RepositoryFailure?
        do throws(APIError) {
            if kept == nil { pulled = try await WorkspacePull(services: services).fetch(newerThan: nil) }
            var fetched: [(base: KnowledgeBase, paths: [LearningPath])] = []
            for base in try await services.knowledge.knowledgeBases() {
                fetched.append((base, try await services.knowledge.learningPaths(knowledgeBaseID: base.id)))
            }
            serverBases = fetched
        } catch {
            serverFailure = try Self.offlineFailure(error)
        }
        if let pulled { try await place.cache.update { $0 = pulled.merged(into: $0) } }
        if let bases = serverBases {
            try await place.cache.update { $0?.merge(knowledgeBases: bases.map(\.base), learningPaths: bases.flatMap(\.paths)) }
        }
        guard !Task.isCancelled else { throw .cancelled }
        guard let workspace = try await place.cache.read() else { throw serverFailure ?? .unreachable }
        let bases = serverBases ?? workspace.knowledgeBases.map { base in (base, workspace.learningPaths.filter { $0.knowledgeBaseID == base.id }) }
        let studied = Set(workspace.sessions.filter { ($0.endedAt ?? $0.startedAt) <= now }.map(\.lessonID))
        let entries = bases.map { base, paths in
            KnowledgeBaseEntry(base: base, paths: Self.ordered(paths).map { path in
                let lessons = Self.lessons(of: path, in: workspace)
                return LearningPathEntry(path: path, lessonCount: lessons.count, studiedLessonCount: lessons.filter { studied.contains($0.id) }.count,
                                         totalMinutes: lessons.reduce(0) { $0 + $1.estimatedMinutes })
            })
        }
        return KnowledgeLibrary(bases: entries, isOffline: serverBases == nil, offlineCause: serverFailure.flatMap(OfflineCause.init))
    }

    /// The path's lessons with their next reviews, from the server or, offline, as kept.
    package func learningPath(id pathID: String, now: Date) async throws(RepositoryFailure) -> LearningPathDetail {
        let place = try await place()
        let knowsPath = try await place.cache.read()?.learningPaths.contains { $0.id == pathID } ?? false
        var pulled: WorkspacePull.Fetched?
        var serverLessons: [Lesson]?
        var serverFailure: RepositoryFailure?
        do throws(APIError) {
            if !knowsPath {
                let fetched = try await WorkspacePull(services: services).fetch(newerThan: try? await place.cache.read())
                pulled = fetched
                if fetched.learningPaths.contains(where: { $0.id == pathID }) { serverLessons = fetched.lessons.filter { $0.pathID == pathID } }
            } else {
                serverLessons = try await services.knowledge.lessons(learningPathID: pathID)
            }
        } catch {
            if case .http(404, _, _) = error { throw .notFound(id: pathID) }
            serverFailure = try Self.offlineFailure(error)
        }
        if let pulled { try await place.cache.update { $0 = pulled.merged(into: $0) } }
        if knowsPath, let lessons = serverLessons { try await place.cache.update { $0?.merge(lessons: lessons) } }
        guard !Task.isCancelled else { throw .cancelled }
        guard let kept = try await place.cache.read() else { throw serverFailure ?? .unreachable }
        guard let path = kept.learningPaths.first(where: { $0.id == pathID }) else { throw .notFound(id: pathID) }
        var workspace = kept
        let waiting: [ReviewTaskAction]
        do {
            waiting = try await place.outbox.waiting()
        } catch {
            throw .storage(reason: error.description)
        }
        workspace.reviewTasks = ReviewPlanAssembler.applying(waiting, to: workspace.reviewTasks)
        let lessons = serverLessons ?? Self.lessons(of: path, in: workspace)
        let result = try? PlanLanguage.planner(planner, language: language, for: workspace).plan(PlannerInput(workspace: workspace), now: now)
        let calendar = result?.calendar
            ?? (try? StudyCalendar(timeZoneIdentifier: workspace.profile.timeZone, dayStartHour: workspace.profile.dayStartHour)) ?? .utc
        let today = calendar.dayNumber(of: now)
        let overviews = result.map { result in
            Dictionary(LessonOverview.overviews(of: workspace, plan: result).map { ($0.lesson.id, $0) }, uniquingKeysWith: { first, _ in first })
        } ?? [:]
        let scores = Self.latestScores(workspace.sessions, upTo: now)
        let statuses = lessons.map { lesson in
            let overview = overviews[lesson.id]
            let next = overview?.nextReview.map { planned in
                ReviewItem(task: planned.task, lessonTitle: planned.explanation.lessonTitle ?? lesson.title,
                           estimatedMinutes: planned.explanation.estimatedMinutes, reason: planned.explanation.reason,
                           day: calendar.localDate(ofDay: max(today, calendar.dayNumber(of: planned.task.scheduledAt))), isDone: false)
            }
            return LessonStatus(lesson: lesson, sessionCount: overview?.sessionCount ?? 0, lastStudied: overview?.lastStudied,
                                lastStudiedDay: overview?.lastStudied.map { calendar.localDate(ofDay: calendar.dayNumber(of: $0)) },
                                lastScore: scores[lesson.id], nextReview: next, weakPointDrillCount: overview?.weakPointDrillCount ?? 0)
        }
        return LearningPathDetail(path: path, knowledgeBaseTitle: workspace.knowledgeBases.first { $0.id == path.knowledgeBaseID }?.title,
                                  lessons: statuses, today: calendar.localDate(ofDay: today), isOffline: serverLessons == nil,
                                  offlineCause: serverFailure.flatMap(OfflineCause.init))
    }

    // MARK: - Steps

    private func place() async throws(RepositoryFailure) -> LearnerPlace {
        guard let user = await userID() else { throw .signedOut }
        return try storage.place(forUser: user)
    }

    /// The server's failure when what the device keeps may stand in for its answer.
    /// - Throws: the failures nothing kept answers (signed out, cancelled, storage).
    private static func offlineFailure(_ error: APIError) throws(RepositoryFailure) -> RepositoryFailure {
        let failure = RepositoryFailure(error)
        guard failure.allowsOfflinePlan else { throw failure }
        return failure
    }

    /// Paths in their order (then by title, then id).
    static func ordered(_ paths: [LearningPath]) -> [LearningPath] {
        paths.sorted { ($0.order, $0.title, $0.id) < ($1.order, $1.title, $1.id) }
    }

    /// The lessons of `path` in study order: its `lessonIds` the workspace has, else the
    /// workspace's lessons on the path by their order.
    static func lessons(of path: LearningPath, in workspace: LearnerWorkspace) -> [Lesson] {
        let byID = Dictionary(workspace.lessons.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = path.lessonIDs.compactMap { byID[$0] }
        guard listed.isEmpty else { return listed }
        return workspace.lessons.filter { $0.pathID == path.id }.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// The mastery score of each lesson's latest scored session up to `now`.
    static func latestScores(_ sessions: [LearningSession], upTo now: Date) -> [String: Int] {
        var latest: [String: (end: Date, score: Int)] = [:]
        for session in sessions {
            let end = session.endedAt ?? session.startedAt
            guard end <= now, let score = session.masteryScore else { continue }
            if latest[session.lessonID].map({ end >= $0.end }) ?? true { latest[session.lessonID] = (end, score) }
        }
        return latest.mapValues(\.score)
    }
}
