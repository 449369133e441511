import Foundation
import ZhiXiNetwork

/// The learning-session endpoints of the app's API, relative to a base URL ending in `/api`.
extension APIEndpoint {
    /// `GET learning/sessions?since=ISO&cursor=C`: answers a page of `LearningSession`s.
    public static func learningSessions(since: Date?, cursor: String?) -> APIEndpoint {
        APIEndpoint(method: .get, path: "learning/sessions", queryItems: pageQueryItems(since: since, cursor: cursor))
    }

    /// `POST learning/sessions` with a ``NewLearningSession``: answers the `LearningSession`.
    /// Not retried: a retry could record the session twice.
    public static func recordLearningSession(_ session: NewLearningSession) -> APIEndpoint {
        APIEndpoint(method: .post, path: "learning/sessions", body: session)
    }
}
