import Foundation
import ZhiXiModel

/// What the fake API keeps about one learner: the data every endpoint of the contract reads
/// and writes.
package struct FakeLearner: Sendable, Hashable {
    /// `GET`/`PUT users/me/learning-profile`.
    package var profile: UserLearningProfile
    /// `GET knowledge-bases`.
    package var knowledgeBases: [KnowledgeBase] = []
    /// `GET knowledge-bases/{id}/learning-paths`.
    package var learningPaths: [LearningPath] = []
    /// `GET learning-paths/{id}/lessons`.
    package var lessons: [Lesson] = []
    /// `GET`/`POST learning/sessions`.
    package var sessions: [LearningSession] = []
    /// `GET ai/analyses`, `POST ai/analyze-learning-input`.
    package var analyses: [AIAnalysis] = []
    /// `GET review-tasks`, `POST review-tasks/{id}/complete|skip`.
    package var reviewTasks: [ReviewTask] = []
    /// `POST feedback`.
    package var feedback: [Feedback] = []

    /// A learner with nothing but a profile.
    package init(profile: UserLearningProfile) {
        self.profile = profile
    }

    /// A learner with everything of `workspace` (its profile, knowledge, history and tasks).
    package init(workspace: LearnerWorkspace) {
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
    package static func recordedAt(_ session: LearningSession) -> Date {
        session.createdAt ?? session.endedAt ?? session.startedAt
    }
}
