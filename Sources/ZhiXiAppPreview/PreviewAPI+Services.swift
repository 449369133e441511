import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiReading
import ZhiXiRepositories
import ZhiXiServices

extension PreviewAPI: ReviewService {
    /// The tasks matching `query`, days in the learner's time zone, by time.
    package func reviewTasks(_ query: ReviewTaskQuery) async throws(APIError) -> [ReviewTask] {
        try await answer()
        let workspace = workspace
        let calendar = LearningFigures.calendar(of: workspace.profile)
        return workspace.reviewTasks.filter { task in
            let day = calendar.localDate(ofDay: calendar.dayNumber(of: task.scheduledAt))
            return (query.status.map { task.status == $0 } ?? true) && (query.from.map { day >= $0 } ?? true) && (query.to.map { day <= $0 } ?? true)
        }.sorted { ($0.scheduledAt, $0.id) < ($1.scheduledAt, $1.id) }
    }

    /// Completes the task (a completed one keeps its first time); a cancelled or unknown one is refused.
    package func completeTask(id: String, at completedAt: Date) async throws(APIError) -> ReviewTask {
        try await changeTask(id) { task in
            switch task.status {
            case .completed: return nil
            case .cancelled: return .http(status: 410, code: "TASK_CANCELLED", message: "the task was cancelled")
            default:
                task.status = .completed
                task.completedAt = completedAt
                return nil
            }
        }
    }

    /// Skips the task; a completed, cancelled or unknown one is refused.
    package func skipTask(id: String) async throws(APIError) -> ReviewTask {
        try await changeTask(id) { task in
            switch task.status {
            case .skipped: return nil
            case .completed: return .http(status: 409, code: "TASK_COMPLETED", message: "the task is completed")
            case .cancelled: return .http(status: 410, code: "TASK_CANCELLED", message: "the task was cancelled")
            default:
                task.status = .skipped
                return nil
            }
        }
    }

    private func changeTask(_ id: String, _ change: @Sendable (inout ReviewTask) -> APIError?) async throws(APIError) -> ReviewTask {
        try await answer()
        return try state.withLock { (state: inout State) throws(APIError) -> ReviewTask in
            guard let index = state.workspace.reviewTasks.firstIndex(where: { $0.id == id }) else {
                throw .http(status: 404, code: "TASK_NOT_FOUND", message: "no review task has this id")
            }
            if let refusal = change(&state.workspace.reviewTasks[index]) { throw refusal }
            return state.workspace.reviewTasks[index]
        }
    }
}

extension PreviewAPI: LearningService {
    /// Every session recorded at or after `since`, oldest first, in one page.
    package func sessions(since: Date?, cursor: String?) async throws(APIError) -> APIPage<LearningSession> {
        try await answer()
        let sessions = workspace.sessions.filter { session in since.map { (session.createdAt ?? session.startedAt) >= $0 } ?? true }
        return APIPage(items: sessions.sorted { ($0.createdAt ?? $0.startedAt, $0.id) < ($1.createdAt ?? $1.startedAt, $1.id) }, nextCursor: nil)
    }

    /// Records the session.
    package func recordSession(_ session: NewLearningSession) async throws(APIError) -> LearningSession {
        try await answer()
        let now = now()
        return state.withLock { state in
            let recorded = LearningSession(id: state.makeID("session"), userID: state.user.id, lessonID: session.lessonID,
                                           startedAt: session.startedAt, endedAt: session.endedAt, userInput: session.userInput,
                                           reviewType: session.reviewType, createdAt: now)
            state.workspace.sessions.append(recorded)
            return recorded
        }
    }
}

extension PreviewAPI: KnowledgeService {
    /// The knowledge bases.
    package func knowledgeBases() async throws(APIError) -> [KnowledgeBase] {
        try await answer()
        return workspace.knowledgeBases
    }

    /// The paths of a knowledge base, in their order.
    package func learningPaths(knowledgeBaseID: String) async throws(APIError) -> [LearningPath] {
        try await answer()
        return workspace.learningPaths.filter { $0.knowledgeBaseID == knowledgeBaseID }.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// The lessons of a path, in study order; an unknown path is 404.
    package func lessons(learningPathID: String) async throws(APIError) -> [Lesson] {
        try await answer()
        let workspace = workspace
        guard let path = workspace.learningPaths.first(where: { $0.id == learningPathID }) else {
            throw .http(status: 404, code: "LEARNING_PATH_NOT_FOUND", message: "no learning path has this id")
        }
        let byID = Dictionary(workspace.lessons.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = path.lessonIDs.compactMap { byID[$0] }
        return listed.isEmpty ? workspace.lessons.filter { $0.pathID == path.id }.sorted { ($0.order, $0.id) < ($1.order, $1.id) } : listed
    }
}

extension PreviewAPI: ProfileService {
    /// The study settings.
    package func learningProfile() async throws(APIError) -> UserLearningProfile {
        try await answer()
        return workspace.profile
    }

    /// Replaces the study settings.
    package func updateLearningProfile(_ profile: UserLearningProfile) async throws(APIError) -> UserLearningProfile {
        try await answer()
        return state.withLock { state in
            state.workspace.profile = profile
            state.workspace.profile.userID = state.user.id
            return state.workspace.profile
        }
    }

    /// The first-run choices: the profile takes them, the user is introduced.
    package func completeOnboarding(_ onboarding: OnboardingRequest) async throws(APIError) -> User {
        try await answer()
        return state.withLock { state in
            state.workspace.profile.dailyMinutes = onboarding.dailyMinutes
            state.workspace.profile.timeZone = onboarding.timeZone
            state.workspace.profile.preferredLanguage = onboarding.preferredLanguage.rawValue
            state.user.onboardingCompleted = true
            return state.user
        }
    }
}

extension PreviewAPI: AnalyticsService {
    /// The totals, counted as the server counts them.
    package func summary() async throws(APIError) -> LearningSummary {
        try await answer()
        return LearningFigures.summary(of: workspace, now: now())
    }

    /// The last `days` days.
    package func trend(days: Int) async throws(APIError) -> [DailyActivity] {
        try await activity(days: days)
    }

    /// The last `days` days.
    package func heatmap(days: Int) async throws(APIError) -> [DailyActivity] {
        try await activity(days: days)
    }

    private func activity(days: Int) async throws(APIError) -> [DailyActivity] {
        try await answer()
        return LearningFigures.activity(of: workspace, days: days, now: now()).map {
            DailyActivity(date: $0.date, minutes: $0.minutes, sessions: $0.sessions)
        }
    }
}

extension PreviewAPI: ReadingServerAPI {
    /// Accepts every event, or refuses every one as ``setReadingRefusal(_:)`` says.
    package func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse {
        try await answer()
        guard let code = state.withLock({ $0.readingRefusal }) else { return ReadingEventBatchResponse(accepted: batch.events.map(\.id)) }
        return ReadingEventBatchResponse(rejected: batch.events.map { ReadingEventRejection(eventID: $0.id, code: code) })
    }

    /// Nothing read yet: the sample learner has no reading materials.
    package func continueLearning() async throws(APIError) -> ContinueLearningItem {
        try await answer()
        return ContinueLearningItem(type: .nothing)
    }

    /// The progress kept of the material (``PreviewSample/readingProgress``); another one is 404.
    package func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress {
        try await answer()
        guard let progress = state.withLock({ $0.readingProgress[materialID] }) else {
            throw .http(status: 404, code: "MATERIAL_NOT_FOUND", message: "the preview knows no reading material with this id")
        }
        return progress
    }
}

extension PreviewAPI: FeedbackService {
    /// Keeps the feedback; empty text or a rating outside 1–5 is refused.
    package func submit(_ feedback: FeedbackRequest) async throws(APIError) -> Feedback {
        try await answer()
        guard !feedback.content.isEmpty, feedback.rating.map({ (1 ... 5).contains($0) }) ?? true else {
            throw .http(status: 400, code: "INVALID_REQUEST", message: "content must not be empty and rating must be 1 to 5")
        }
        let now = now()
        return state.withLock { state in
            let stored = Feedback(id: state.makeID("feedback"), userID: state.user.id, category: feedback.category, content: feedback.content,
                                  rating: feedback.rating, sessionID: feedback.sessionID, analysisID: feedback.analysisID, createdAt: now)
            state.feedback.append(stored)
            return stored
        }
    }
}
