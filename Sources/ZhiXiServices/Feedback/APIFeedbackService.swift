import ZhiXiModel
import ZhiXiNetwork

/// ``FeedbackService`` on an `APIClient`: bearer token, one refresh on a 401, no retry.
package struct APIFeedbackService: FeedbackService {
    /// The client that sends the call.
    package let client: APIClient

    /// Creates the service on `client`.
    package init(client: APIClient) {
        self.client = client
    }

    /// `POST feedback`.
    package func submit(_ feedback: FeedbackRequest) async throws(APIError) -> Feedback {
        try await client.request(.submitFeedback(feedback), as: Feedback.self)
    }
}
