import ZhiXiModel
import ZhiXiNetwork

/// ``FeedbackService`` on an `APIClient`: bearer token, one refresh on a 401, no retry.
public struct APIFeedbackService: FeedbackService {
    /// The client that sends the call.
    public let client: APIClient

    /// Creates the service on `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// `POST feedback`.
    public func submit(_ feedback: FeedbackRequest) async throws(APIError) -> Feedback {
        try await client.request(.submitFeedback(feedback), as: Feedback.self)
    }
}
