import Foundation
import ZhiXiModel
import ZhiXiNetwork

/// The auth service on an `APIClient`: its token store holds the session.
public final class AuthService: AuthServiceProtocol {
    /// The client the calls go through; its `APIClient/tokenStore` holds the tokens.
    public let client: APIClient
    private let now: @Sendable () -> Date

    /// A service on `client`; `now` dates the expiry of the tokens it saves.
    public init(client: APIClient, now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client
        self.now = now
    }

    /// `true` when the token store holds readable tokens.
    public var hasStoredSession: Bool { client.tokenStore.loadTokens() != nil }

    /// Signs in with `credential`: `POST auth/apple` (no bearer token), the answer's tokens
    /// saved, its user returned.
    public func signIn(with credential: AppleCredential) async throws(AuthError) -> User {
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
    public func signIn(using provider: any AppleCredentialProvider) async throws(AuthError) -> User {
        let credential = try await provider.appleCredential()
        return try await signIn(with: credential)
    }

    /// Renews the session (joining a refresh already in flight) and returns the user.
    public func refresh() async throws(AuthError) -> User {
        do {
            return try await client.refreshSession().user
        } catch {
            throw .api(error)
        }
    }

    /// `GET users/me`.
    public func currentUser() async throws(AuthError) -> User {
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
    public func logout() async throws(AuthError) -> LogoutOutcome {
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
