import Foundation
import ZhiXiNetwork

/// The learning-session endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET learning/sessions?since=ISO&cursor=C`: answers a page of `LearningSession`s.
    package static func learningSessions(since: Date?, cursor: String?) -> APIEndpoint {
        APIEndpoint(method: .get, path: "learning/sessions", queryItems: pageQueryItems(since: since, cursor: cursor))
    }

    /// `POST learning/sessions` with a ``NewLearningSession``: answers the `LearningSession`.
    /// Without a key not retried: a retry could record the session twice. With
    /// `idempotencyKey` (sent as `Idempotency-Key`), the server answers a key it has seen with
    /// the session it recorded then, so the call is retried, and sent again by a later run,
    /// without a duplicate.
    package static func recordLearningSession(_ session: NewLearningSession, idempotencyKey: String? = nil) -> APIEndpoint {
        APIEndpoint(method: .post, path: "learning/sessions", body: session, idempotencyKey: idempotencyKey)
    }
}
