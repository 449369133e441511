import ZhiXiModel
import ZhiXiNetwork

/// The calls of the app's API that the reading pipeline makes: the seam between it and the
/// network. ``APIReadingServer`` makes them with an `APIClient`; tests may script them.
package protocol ReadingServerAPI: Sendable {
    /// `POST learning/reading-events/batch` with `{"events": […]}`: the server's answer,
    /// which lists the accepted and the rejected events.
    func uploadReadingEvents(_ batch: ReadingEventBatchRequest) async throws(APIError) -> ReadingEventBatchResponse

    /// `GET learning/continue`: what the learner was reading last.
    func continueLearning() async throws(APIError) -> ContinueLearningItem

    /// `GET materials/{id}/reading-progress?targetType=T`: where the server says the learner
    /// is in a material of that type.
    func readingProgress(materialID: String, targetType: ReadingTargetType) async throws(APIError) -> ReadingProgress
}
