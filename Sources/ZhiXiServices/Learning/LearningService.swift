import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The learner's learning sessions on the server: read them page by page, record a new one.
/// ``APILearningService`` makes the calls with an `APIClient`.
package protocol LearningService: Sendable {
    /// `GET learning/sessions?since=ISO&cursor=C`: one page of the sessions recorded at or
    /// after `since` (all when `nil`), oldest first; `cursor` is the previous page's
    /// `nextCursor` (`nil` for the first page).
    func sessions(since: Date?, cursor: String?) async throws(APIError) -> APIPage<LearningSession>

    /// `POST learning/sessions`: records a session and answers it as the server stored it
    /// (with its id).
    func recordSession(_ session: NewLearningSession) async throws(APIError) -> LearningSession

    /// `POST learning/sessions` with `Idempotency-Key: idempotencyKey`: a second call with the
    /// same key and session answers the session recorded by the first, and records nothing
    /// (see docs/APP.md). A service without keys records anew.
    func recordSession(_ session: NewLearningSession, idempotencyKey: String) async throws(APIError) -> LearningSession
}

extension LearningService {
    /// Records anew, ignoring the key (for services that keep no keys).
    package func recordSession(_ session: NewLearningSession, idempotencyKey: String) async throws(APIError) -> LearningSession {
        try await recordSession(session)
    }

    /// Every session recorded at or after `since`, all pages followed (see
    /// `APIPage.collect(maximumPages:_:)`). O(sessions).
    package func allSessions(since: Date?) async throws(APIError) -> [LearningSession] {
        try await APIPage.collect { (cursor) async throws(APIError) -> APIPage<LearningSession> in
            try await sessions(since: since, cursor: cursor)
        }
    }
}
