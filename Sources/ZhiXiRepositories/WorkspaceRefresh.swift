import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// The app's refresh of a learner's workspace kept on the device, in two steps, asking only
/// for what is newer than what is kept, the independent requests at once (at most
/// ``concurrentRequests`` in flight):
///
/// - ``current(kept:)`` — what a page needs before it can say it shows the server's word.
///   With nothing kept: everything, as `WorkspacePull` (the account, the study settings, the
///   knowledge bases with their paths and lessons, every page of sessions and analyses, the
///   review tasks). With a workspace kept: the review tasks only (`GET review-tasks`, the one
///   list without a `since` in the contract), and the knowledge (every base with its paths
///   and lessons) only when a pending task is of a lesson the device does not know.
/// - ``history(kept:)`` — the rest, after the page has shown: the study settings, the
///   knowledge bases (a base's paths and lessons only when its `updatedAt` is not the one
///   kept, or is absent), and the sessions and analyses from the newest ones kept on
///   (`?since=`, inclusive, following `nextCursor`).
///
/// `zhixi-review pull` keeps `WorkspacePull` (one request after another, in the order its
/// `--verbose` log shows); both merge by id into the same workspace (``WorkspaceRefresh/Update/merged(into:)``).
package struct WorkspaceRefresh: Sendable {
    /// What one step received, merged into the workspace kept with ``merged(into:)``.
    package struct Update: Sendable, Hashable {
        /// The learner's account, when asked.
        package var user: User?
        /// The study settings, when asked.
        package var profile: UserLearningProfile?
        /// The knowledge bases, when asked (all of them).
        package var knowledgeBases: [KnowledgeBase] = []
        /// The learning paths fetched (those of new or changed bases).
        package var learningPaths: [LearningPath] = []
        /// The lessons fetched (those of the paths fetched), in study order.
        package var lessons: [Lesson] = []
        /// The sessions since the newest one kept.
        package var sessions: [LearningSession] = []
        /// The analyses since the newest one kept.
        package var analyses: [AIAnalysis] = []
        /// The review tasks, when asked (all of them, in any status).
        package var reviewTasks: [ReviewTask]?

        /// `workspace` with everything received merged in by id (a new workspace when `nil`
        /// and the study settings came; else `nil` stays `nil`). O(records).
        package func merged(into workspace: LearnerWorkspace?) -> LearnerWorkspace? {
            guard var workspace = workspace ?? profile.map({ LearnerWorkspace(profile: $0) }) else { return nil }
            workspace.merge(user: user, profile: profile, knowledgeBases: knowledgeBases, learningPaths: learningPaths, lessons: lessons,
                            sessions: sessions, analyses: analyses, reviewTasks: reviewTasks ?? [])
            return workspace
        }

        /// What may be merged into `workspace`, as `WorkspacePull` decides for a pull
        /// (``WorkspacePull/Fetched/checked(against:)``): records out of the workspace's bounds
        /// or of a lesson nobody knows are left out. O(records).
        /// - Throws: `APIError.decoding` when the account or the study settings are out of
        ///   bounds: nothing of the answer may be merged.
        package func mergeable(into workspace: LearnerWorkspace?) throws(APIError) -> Update {
            var kept = self
            var tasks = reviewTasks ?? []
            do throws(WorkspaceBoundsViolation) {
                _ = try WorkspacePull.keepMergeable(user: user, profile: profile, knowledgeBases: &kept.knowledgeBases,
                                                    learningPaths: &kept.learningPaths, lessons: &kept.lessons,
                                                    sessions: &kept.sessions, analyses: &kept.analyses, reviewTasks: &tasks,
                                                    against: workspace)
            } catch {
                throw .decoding(path: error.path, reason: error.reason)
            }
            if kept.reviewTasks != nil { kept.reviewTasks = tasks }
            return kept
        }
    }

    /// At most this many requests of a step in flight at once: 6.
    package static let concurrentRequests = 6

    /// The services asked.
    package let services: AppServices

    /// A refresh through `services`.
    package init(services: AppServices) {
        self.services = services
    }

    /// What a page needs now (see the type's description).
    /// - Throws: the first failed request's `APIError`.
    package func current(kept: LearnerWorkspace?) async throws(APIError) -> Update {
        guard let kept else { return try await everything() }
        var update = Update()
        let tasks = try await services.review.reviewTasks(ReviewTaskQuery())
        update.reviewTasks = tasks
        let known = Set(kept.lessons.map(\.id))
        if tasks.contains(where: { $0.status == .pending && !known.contains($0.lessonID) }) {
            // The bases may say nothing changed though a lesson is missing: fetch it all.
            let knowledge = try await self.knowledge(kept: nil)
            update.knowledgeBases = knowledge.knowledgeBases
            update.learningPaths = knowledge.learningPaths
            update.lessons = knowledge.lessons
        }
        return update
    }

    /// The rest, after a page has shown (see the type's description).
    /// - Throws: the first failed request's `APIError`.
    package func history(kept: LearnerWorkspace) async throws(APIError) -> Update {
        let services = services
        async let profile = Self.attempt { () async throws(APIError) -> UserLearningProfile in try await services.profile.learningProfile() }
        async let knowledge = Self.attempt { () async throws(APIError) -> Update in try await self.knowledge(kept: kept) }
        async let sessions = Self.attempt { () async throws(APIError) -> [LearningSession] in
            try await services.learning.allSessions(since: kept.newestSessionRecordedAt)
        }
        async let analyses = Self.attempt { () async throws(APIError) -> [AIAnalysis] in
            try await services.ai.allAnalyses(since: kept.newestAnalysisCreatedAt)
        }
        var update = try await knowledge.get()
        update.profile = try await profile.get()
        update.sessions = try await sessions.get()
        update.analyses = try await analyses.get()
        return update
    }

    /// Everything, for a learner nothing is kept of.
    private func everything() async throws(APIError) -> Update {
        let services = services
        async let user = Self.attempt { () async throws(APIError) -> User in try await services.currentUser() }
        async let profile = Self.attempt { () async throws(APIError) -> UserLearningProfile in try await services.profile.learningProfile() }
        async let knowledge = Self.attempt { () async throws(APIError) -> Update in try await self.knowledge(kept: nil) }
        async let sessions = Self.attempt { () async throws(APIError) -> [LearningSession] in try await services.learning.allSessions(since: nil) }
        async let analyses = Self.attempt { () async throws(APIError) -> [AIAnalysis] in try await services.ai.allAnalyses(since: nil) }
        async let tasks = Self.attempt { () async throws(APIError) -> [ReviewTask] in try await services.review.reviewTasks(ReviewTaskQuery()) }
        var update = try await knowledge.get()
        update.user = try await user.get()
        update.profile = try await profile.get()
        update.sessions = try await sessions.get()
        update.analyses = try await analyses.get()
        update.reviewTasks = try await tasks.get()
        return update
    }

    /// Every knowledge base; the paths and lessons of those that are new, changed (another
    /// `updatedAt` than the one kept) or cannot tell (no `updatedAt`).
    private func knowledge(kept: LearnerWorkspace?) async throws(APIError) -> Update {
        let services = services
        let bases = try await services.knowledge.knowledgeBases()
        let keptBases = Dictionary((kept?.knowledgeBases ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = bases.filter { base in
            guard let updatedAt = base.updatedAt, let known = keptBases[base.id] else { return true }
            return known.updatedAt != updatedAt
        }
        let paths = try await Self.map(changed, width: Self.concurrentRequests) { (base) async throws(APIError) -> [LearningPath] in
            try await services.knowledge.learningPaths(knowledgeBaseID: base.id)
        }.flatMap { $0 }
        let lessons = try await Self.map(paths, width: Self.concurrentRequests) { (path) async throws(APIError) -> [Lesson] in
            try await services.knowledge.lessons(learningPathID: path.id)
        }.flatMap { $0 }
        return Update(knowledgeBases: bases, learningPaths: paths, lessons: lessons)
    }

    /// `body`'s result, or its error.
    static func attempt<Value>(_ body: () async throws(APIError) -> Value) async -> Result<Value, APIError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    /// `body` of every item, at most `width` at a time, the results in the items' order. The
    /// first failure cancels the calls still running and is thrown.
    static func map<Item: Sendable, Value: Sendable>(_ items: [Item], width: Int,
                                                     _ body: @escaping @Sendable (Item) async throws(APIError) -> Value) async throws(APIError) -> [Value] {
        guard !items.isEmpty else { return [] }
        let outcome = await withTaskGroup(of: (Int, Result<Value, APIError>).self) { group -> Result<[Value], APIError> in
            var values = [Value?](repeating: nil, count: items.count)
            var next = 0
            while next < items.count {
                if next >= max(1, width) {
                    guard let (index, result) = await group.next() else { break }
                    guard case .success(let value) = result else {
                        group.cancelAll()
                        return result.map { [$0] }
                    }
                    values[index] = value
                }
                let index = next
                group.addTask { (index, await attempt { () async throws(APIError) -> Value in try await body(items[index]) }) }
                next += 1
            }
            while let (index, result) = await group.next() {
                guard case .success(let value) = result else {
                    group.cancelAll()
                    return result.map { [$0] }
                }
                values[index] = value
            }
            return .success(values.map { $0! })
        }
        return try outcome.get()
    }
}
