import ZhiXiNetwork
import ZhiXiReading

/// The reading calls of the API for one learner: each call goes out only while that learner
/// is the one signed in, and is refused (`unauthorized`, as a signed-out session is) once
/// someone else, or nobody, is — so a flush of one learner's queue still running when they
/// sign out never sends their reading with the next learner's session. The client reads the
/// tokens when it sends, so a call that passed the check just before a sign-out and a
/// sign-in of another learner (a few microseconds) is the one window left.
struct LearnerBoundReadingServer: ReadingServerAPI {
    /// The calls.
    let base: any ReadingServerAPI
    /// The learner the calls are for.
    let userID: String
    /// The learner signed in now.
    let currentUserID: @Sendable () async -> String?

    private func check() async throws(APIError) {
        guard await currentUserID() == userID else { throw .unauthorized(.notSignedIn) }
    }

    func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse {
        try await check()
        return try await base.uploadReadingEvents(batch)
    }

    func continueLearning() async throws(APIError) -> ContinueLearningItem {
        try await check()
        return try await base.continueLearning()
    }

    func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress {
        try await check()
        return try await base.readingProgress(materialID: materialID, targetType: targetType)
    }
}
