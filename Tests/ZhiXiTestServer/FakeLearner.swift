import Foundation
import ZhiXiModel

/// What the fake API keeps about one learner: the data every endpoint of the contract reads
/// and writes.
public struct FakeLearner: Sendable, Hashable {
    /// `GET`/`PUT users/me/learning-profile`.
    public var profile: UserLearningProfile
    /// `GET knowledge-bases`.
    public var knowledgeBases: [KnowledgeBase] = []
    /// `GET knowledge-bases/{id}/learning-paths`.
    public var learningPaths: [LearningPath] = []
    /// `GET learning-paths/{id}/lessons`.
    public var lessons: [Lesson] = []
    /// `GET`/`POST learning/sessions`.
    public var sessions: [LearningSession] = []
    /// `GET ai/analyses`, `POST ai/analyze-learning-input`.
    public var analyses: [AIAnalysis] = []
    /// `GET review-tasks`, `POST review-tasks/{id}/complete|skip`.
    public var reviewTasks: [ReviewTask] = []
    /// `POST feedback`.
    public var feedback: [Feedback] = []

    /// A learner with nothing but a profile.
    public init(profile: UserLearningProfile) {
        self.profile = profile
    }

    /// A learner with everything of `workspace` (its profile, knowledge, history and tasks).
    public init(workspace: LearnerWorkspace) {
        profile = workspace.profile
        knowledgeBases = workspace.knowledgeBases
        learningPaths = workspace.learningPaths
        lessons = workspace.lessons
        sessions = workspace.sessions
        analyses = workspace.analyses
        reviewTasks = workspace.reviewTasks
        feedback = workspace.feedback
    }

    /// When the server recorded a session: `createdAt`, else when it ended or began. The
    /// order and the `since` of `GET learning/sessions`.
    public static func recordedAt(_ session: LearningSession) -> Date {
        session.createdAt ?? session.endedAt ?? session.startedAt
    }
}
