import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiServices

/// `FeedbackRepository` on the feedback service (`POST feedback`, never retried by the client:
/// a retry could store it twice).
package struct FeedbackSubmissionRepository: FeedbackRepository {
    /// The service asked.
    package let service: any FeedbackService
    private let userID: @Sendable () async -> String?

    /// Creates the repository; `userID` gives the signed-in learner's id, `nil` when signed out.
    package init(service: any FeedbackService, userID: @escaping @Sendable () async -> String?) {
        self.service = service
        self.userID = userID
    }

    /// The repository on the API's feedback (`APIFeedbackService` on `client`).
    package init(client: APIClient, userID: @escaping @Sendable () async -> String?) {
        self.init(service: APIFeedbackService(client: client), userID: userID)
    }

    /// `POST feedback`.
    package func submit(_ draft: FeedbackDraft) async throws(RepositoryFailure) -> Feedback {
        guard await userID() != nil else { throw .signedOut }
        do {
            return try await service.submit(FeedbackRequest(category: draft.category, content: draft.content, rating: draft.rating,
                                                            sessionID: draft.sessionID, analysisID: draft.analysisID))
        } catch {
            throw RepositoryFailure(error)
        }
    }
}
