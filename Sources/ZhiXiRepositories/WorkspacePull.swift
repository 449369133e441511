import Foundation
import ZhiXiAIService
import ZhiXiLearningService
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReviewService

/// A signed-in learner's whole workspace from the API, incrementally: the account
/// (`GET users/me`), the study settings, the knowledge bases with their paths and lessons,
/// every page of sessions and analyses since the newest ones already held (`?since=`,
/// following `nextCursor`) and the review tasks. ``Fetched/merged(into:)`` merges what came
/// into a workspace by id (`LearnerWorkspace.merge`): a record from the server replaces the
/// one held, new records are added, the others stay.
///
/// What `zhixi-review pull` writes to a file and what the app's repositories keep on the
/// device: one rule for both.
public struct WorkspacePull: Sendable {
    /// What one pull received from the server.
    public struct Fetched: Sendable, Hashable {
        /// The learner's account.
        public var user: User
        /// The study settings.
        public var profile: UserLearningProfile
        /// Every knowledge base.
        public var knowledgeBases: [KnowledgeBase]
        /// Every learning path of those knowledge bases.
        public var learningPaths: [LearningPath]
        /// Every lesson of those paths, in study order.
        public var lessons: [Lesson]
        /// The sessions recorded since the newest one held (all without a workspace).
        public var sessions: [LearningSession]
        /// The analyses made since the newest one held (all without a workspace).
        public var analyses: [AIAnalysis]
        /// Every review task, in any status.
        public var reviewTasks: [ReviewTask]

        /// Creates a result.
        public init(user: User, profile: UserLearningProfile, knowledgeBases: [KnowledgeBase], learningPaths: [LearningPath],
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
        public func merged(into workspace: LearnerWorkspace?) -> LearnerWorkspace {
            var workspace = workspace ?? LearnerWorkspace(profile: profile)
            workspace.merge(user: user, profile: profile, knowledgeBases: knowledgeBases, learningPaths: learningPaths,
                            lessons: lessons, sessions: sessions, analyses: analyses, reviewTasks: reviewTasks)
            return workspace
        }
    }

    /// The services asked.
    public let services: AppServices

    /// A pull through `services`.
    public init(services: AppServices) {
        self.services = services
    }

    /// A pull through the API services on `client`.
    public init(client: APIClient) {
        self.init(services: AppServices(client: client))
    }

    /// Everything the pull asks the server for: sessions recorded at or after
    /// `sessionsSince` and analyses made at or after `analysesSince` (all when `nil`), the
    /// rest whole. Requests one after another: the account, the profile, the knowledge
    /// bases, one request per base for its paths and per path for its lessons, the pages of
    /// sessions and analyses, the review tasks.
    /// - Throws: the first request's `APIError`.
    public func fetch(sessionsSince: Date?, analysesSince: Date?) async throws(APIError) -> Fetched {
        let user = try await services.currentUser()
        let profile = try await services.profile.learningProfile()
        let bases = try await services.knowledge.knowledgeBases()
        var paths: [LearningPath] = []
        for base in bases { paths += try await services.knowledge.learningPaths(knowledgeBaseID: base.id) }
        var lessons: [Lesson] = []
        for path in paths { lessons += try await services.knowledge.lessons(learningPathID: path.id) }
        let sessions = try await services.learning.allSessions(since: sessionsSince)
        let analyses = try await services.ai.allAnalyses(since: analysesSince)
        let tasks = try await services.review.reviewTasks(ReviewTaskQuery())
        return Fetched(user: user, profile: profile, knowledgeBases: bases, learningPaths: paths, lessons: lessons,
                       sessions: sessions, analyses: analyses, reviewTasks: tasks)
    }

    /// What is new for `workspace`: sessions and analyses from its newest ones on (everything
    /// without a workspace).
    /// - Throws: the first request's `APIError`.
    public func fetch(newerThan workspace: LearnerWorkspace?) async throws(APIError) -> Fetched {
        try await fetch(sessionsSince: workspace?.newestSessionRecordedAt, analysesSince: workspace?.newestAnalysisCreatedAt)
    }
}
