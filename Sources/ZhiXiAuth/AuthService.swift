import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The auth service on an `APIClient`: its token store holds the session.
package final class AuthService: AuthServiceProtocol {
    /// The client the calls go through; its `APIClient/tokenStore` holds the tokens.
    package let client: APIClient
    private let now: @Sendable () -> Date

    /// A service on `client`; `now` dates the expiry of the tokens it saves.
    package init(client: APIClient, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.now = now
    }

    /// `true` when the token store holds readable tokens.
    package var hasStoredSession: Bool { client.tokenStore.loadTokens() != nil }

    /// Signs in with `credential`: `POST auth/apple` (no bearer token), the answer's tokens
    /// saved, its user returned.
    package func signIn(with credential: AppleCredential) async throws(AuthError) -> User {
        let response: AuthResponse
        do {
            response = try await client.request(.signInWithApple(credential.loginRequest), as: AuthResponse.self)
        } catch {
            throw .api(error)
        }
        do {
            try client.tokenStore.saveTokens(AuthTokens(response, receivedAt: now()))
        } catch {
            throw .storage(reason: String(describing: error))
        }
        return response.user
    }

    /// Obtains a credential from `provider` (on the main actor), then signs in with it.
    package func signIn(using provider: any AppleCredentialProvider) async throws(AuthError) -> User {
        let credential = try await provider.appleCredential()
        return try await signIn(with: credential)
    }

    /// Renews the session (joining a refresh already in flight) and returns the user.
    package func refresh() async throws(AuthError) -> User {
        do {
            return try await client.refreshSession().user
        } catch {
            throw .api(error)
        }
    }

    /// `GET users/me`.
    package func currentUser() async throws(AuthError) -> User {
        do {
            return try await client.request(.currentUser, as: User.self)
        } catch {
            throw .api(error)
        }
    }

    /// `POST auth/logout` with the saved refresh token, then the local tokens cleared
    /// whatever the server answered (or if it could not be reached, or the call was
    /// cancelled).
    /// - Throws: ``AuthError/storage(reason:)`` only when the local tokens cannot be cleared.
    @discardableResult
    package func logout() async throws(AuthError) -> LogoutOutcome {
        guard let tokens = client.tokenStore.loadTokens() else {
            try clearLocalTokens()
            return .wasSignedOut
        }
        var outcome = LogoutOutcome.serverConfirmed
        do {
            try await client.requestVoid(.logout(refreshToken: tokens.refreshToken))
        } catch {
            outcome = .serverNotTold(error)
        }
        try clearLocalTokens()
        return outcome
    }

    private func clearLocalTokens() throws(AuthError) {
        do {
            try client.tokenStore.clearTokens()
        } catch {
            throw .storage(reason: String(describing: error))
        }
    }
}
