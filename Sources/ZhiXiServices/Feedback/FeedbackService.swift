import ZhiXiModel
import ZhiXiNetwork

/// Sends what the learner says about the app to the team. ``APIFeedbackService`` makes the
/// call with an `APIClient`.
package protocol FeedbackService: Sendable {
    /// `POST feedback`: submits feedback; answers it as the server stored it (with its id).
    func submit(_ feedback: FeedbackRequest) async throws(APIError) -> Feedback
}
