import ZhiXiNetwork

/// The feedback endpoint of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `POST feedback` with a ``FeedbackRequest``: answers the stored `Feedback`. Not retried:
    /// a retry could store it twice.
    package static func submitFeedback(_ feedback: FeedbackRequest) -> APIEndpoint {
        APIEndpoint(method: .post, path: "feedback", body: feedback)
    }
}
