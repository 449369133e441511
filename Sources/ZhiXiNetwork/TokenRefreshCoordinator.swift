/// Makes every caller that needs a token refresh at the same time share one
/// `POST auth/refresh`.
///
/// A refresh runs in an unstructured task that the actor remembers while it is in flight;
/// callers arriving meanwhile await the same task. The task forgets itself, on the actor,
/// the moment it ends, after the new tokens are saved, so a caller arriving later finds
/// the new tokens in the store instead of starting a second refresh. Cancelling a caller
/// does not cancel the shared refresh.
actor TokenRefreshCoordinator {
    private var inFlight: Task<RefreshedSession, any Error>?

    /// The session of the refresh in flight, or of a new one started with `refresh`.
    func refreshedSession(
        _ refresh: @escaping @Sendable () async throws(APIError) -> RefreshedSession
    ) async throws(APIError) -> RefreshedSession {
        let task: Task<RefreshedSession, any Error>
        if let inFlight {
            task = inFlight
        } else {
            task = Task { try await self.run(refresh) }
            inFlight = task
        }
        do {
            return try await task.value
        } catch let error as APIError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// Tokens to retry a call whose access token `rejected` was answered with a 401:
    /// those of the refresh in flight; else the store's, when they differ from `rejected`
    /// (a refresh finished after the call was sent); else those of a new refresh.
    func tokens(
        replacing rejected: String,
        in store: any TokenStoreProtocol,
        refresh: @escaping @Sendable () async throws(APIError) -> RefreshedSession
    ) async throws(APIError) -> AuthTokens {
        if inFlight == nil {
            guard let stored = store.loadTokens() else { throw .unauthorized(.notSignedIn) }
            if stored.accessToken != rejected { return stored }
        }
        return try await refreshedSession(refresh).tokens
    }

    /// Runs one refresh on behalf of all callers and forgets it when it ends.
    private func run(_ refresh: @Sendable () async throws(APIError) -> RefreshedSession) async throws(APIError) -> RefreshedSession {
        defer { inFlight = nil }
        return try await refresh()
    }
}
