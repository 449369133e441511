import Foundation
import ZhiXiModel

/// The app's API played by a ``TestHTTPServer``: Sign in with Apple, refresh with
/// rotation, logout, the current user, and the other endpoints as authenticated echoes.
///
/// Tokens look like `at-<UUID>` and `rt-<UUID>`; every token it issues, and every identity
/// token and authorization code it receives, is kept in ``secrets`` so a test can check
/// that none of them appears in a log. Tests change its state to make the server expire
/// tokens, and inject faults through ``server``'s ``TestHTTPServer/faults``.
///
/// Routes (under `/api`): `POST auth/apple`, `POST auth/refresh`, `POST auth/logout`,
/// `GET users/me`; and, answering ``EndpointEcho`` after checking the bearer token,
/// `POST learning/reading-events/batch`, `GET learning/continue`,
/// `GET materials/{id}/reading-progress`, `GET learning/summary`, `GET learning/trend`,
/// `GET activity/heatmap`, `GET review-tasks`, `POST review-tasks/{id}/complete`,
/// `POST feedback`, `POST ai/analyze-learning-input`, `POST ai/chat`. Register a route on
/// ``server`` to replace any of them.
public final class FakeZhiXiAPI: @unchecked Sendable {
    /// What the echo endpoints answer: which endpoint was called, for whom, with what.
    public struct EndpointEcho: Codable, Sendable, Hashable {
        /// `METHOD /api/path` of the route, such as `GET /api/materials/{id}/reading-progress`.
        public var endpoint: String
        /// The id of the authenticated user.
        public var userId: String
        /// The query parameters.
        public var query: [String: String]
        /// The route's path parameters.
        public var pathParameters: [String: String]
        /// The request body as text.
        public var body: String
    }

    /// The state of a refresh token.
    public enum RefreshTokenState: Sendable, Hashable {
        /// Usable once.
        case active
        /// Used by a refresh and replaced by a new one.
        case rotated
        /// Expired by ``FakeZhiXiAPI/expireRefreshTokens()``.
        case expired
        /// Revoked by a logout.
        case revoked
    }

    /// The model's JSON encoder (the contract's dates and keys).
    public static var encoder: JSONEncoder { ZhiXiJSON.makeEncoder() }
    /// The model's JSON decoder.
    public static var decoder: JSONDecoder { ZhiXiJSON.makeDecoder() }
    /// The identity token that `POST auth/apple` refuses with 401.
    public static let refusedIdentityToken = "refused-identity-token"
    /// When every user of the fake server was created: 2026-01-01T00:00:00Z.
    public static let createdAt = Date(timeIntervalSince1970: 1_767_225_600)

    /// The HTTP server.
    public let server: TestHTTPServer
    /// The `expiresIn` of issued access tokens, in seconds.
    public let accessTokenLifetime: Int

    private let lock = NSLock()
    private var users: [String: User] = [:]
    private var accessTokens: [String: (appleUserID: String, expired: Bool)] = [:]
    private var refreshTokens: [String: (appleUserID: String, state: RefreshTokenState)] = [:]
    private var receivedSecrets: [String] = []

    /// Starts the fake API on a new test server.
    public init(limits: TestServerLimits = TestServerLimits(), accessTokenLifetime: Int = 900) throws(TestServerError) {
        server = try TestHTTPServer(limits: limits)
        self.accessTokenLifetime = accessTokenLifetime
        registerRoutes()
    }

    /// `http://127.0.0.1:PORT/api`.
    public var apiBaseURL: URL { server.baseURL.appendingPathComponent("api") }

    // MARK: - State for tests

    /// Every token issued and every identity token and authorization code received.
    public var secrets: [String] {
        return lock.withLock { receivedSecrets + accessTokens.keys + refreshTokens.keys }
    }

    /// `POST auth/refresh` requests received so far (faulted ones included).
    public var refreshCount: Int { server.requestCount("POST", "/api/auth/refresh") }

    /// The user with this Apple user identifier, if they signed in.
    public func user(appleUserID: String) -> User? {
        return lock.withLock { users[appleUserID] }
    }

    /// The state of a refresh token, `nil` for one never issued.
    public func refreshTokenState(_ token: String) -> RefreshTokenState? {
        return lock.withLock { refreshTokens[token]?.state }
    }

    /// Every access token issued so far is answered 401 `TOKEN_EXPIRED` from now on.
    public func expireAccessTokens() {
        lock.lock()
        for token in accessTokens.keys { accessTokens[token]?.expired = true }
        lock.unlock()
    }

    /// Every active refresh token is answered 401 `REFRESH_TOKEN_EXPIRED` from now on.
    public func expireRefreshTokens() {
        lock.lock()
        for (token, grant) in refreshTokens where grant.state == .active { refreshTokens[token]?.state = .expired }
        lock.unlock()
    }

    /// Marks the user's first-run introduction done (or not).
    public func setOnboardingCompleted(_ completed: Bool, appleUserID: String) {
        lock.lock()
        users[appleUserID]?.onboardingCompleted = completed
        lock.unlock()
    }

    /// Answers `body(user)` for the user of the request's bearer token, or the 401 the API
    /// gives for a missing, unknown or expired token. For routes that tests add.
    public func authorized(_ request: TestHTTPRequest, _ body: (User) -> TestHTTPResponse) -> TestHTTPResponse {
        switch authenticate(request) {
        case .success(let user): body(user)
        case .failure(let refusal): refusal.response
        }
    }

    /// Signs `userIdentifier` in without a request, as `POST auth/apple` would, and returns
    /// the answer with the new tokens.
    public func signInDirectly(userIdentifier: String) -> AuthResponse {
        lock.lock()
        defer { lock.unlock() }
        let user = users[userIdentifier] ?? User(id: "user-\(users.count + 1)", appleUserID: userIdentifier, createdAt: Self.createdAt)
        users[userIdentifier] = user
        return issueTokens(for: user)
    }

    // MARK: - Routes

    private func registerRoutes() {
        server.route("POST", "/api/auth/apple") { [self] request in signIn(request) }
        server.route("POST", "/api/auth/refresh") { [self] request in refresh(request) }
        server.route("POST", "/api/auth/logout") { [self] request in logout(request) }
        server.route("GET", "/api/users/me") { [self] request in
            switch authenticate(request) {
            case .success(let user): .json(user)
            case .failure(let refusal): refusal.response
            }
        }
        let echoes = [
            ("POST", "/api/learning/reading-events/batch"), ("GET", "/api/learning/continue"),
            ("GET", "/api/materials/{id}/reading-progress"), ("GET", "/api/learning/summary"),
            ("GET", "/api/learning/trend"), ("GET", "/api/activity/heatmap"), ("GET", "/api/review-tasks"),
            ("POST", "/api/review-tasks/{id}/complete"), ("POST", "/api/feedback"),
            ("POST", "/api/ai/analyze-learning-input"), ("POST", "/api/ai/chat"),
        ]
        for (method, pattern) in echoes {
            server.route(method, pattern) { [self] request in
                switch authenticate(request) {
                case .success(let user):
                    .json(EndpointEcho(endpoint: "\(method) \(pattern)", userId: user.id, query: request.query,
                                       pathParameters: request.pathParameters, body: String(decoding: request.body, as: UTF8.self)))
                case .failure(let refusal):
                    refusal.response
                }
            }
        }
    }

    private struct Refusal: Error {
        var response: TestHTTPResponse
    }

    private func authenticate(_ request: TestHTTPRequest) -> Result<User, Refusal> {
        guard let token = request.bearerToken else {
            return .failure(Refusal(response: .error(401, code: "UNAUTHORIZED", message: "a bearer token is required")))
        }
        lock.lock()
        defer { lock.unlock() }
        guard let grant = accessTokens[token], let user = users[grant.appleUserID] else {
            return .failure(Refusal(response: .error(401, code: "INVALID_TOKEN", message: "unknown access token")))
        }
        guard !grant.expired else {
            return .failure(Refusal(response: .error(401, code: "TOKEN_EXPIRED", message: "the access token has expired")))
        }
        return .success(user)
    }

    private func signIn(_ request: TestHTTPRequest) -> TestHTTPResponse {
        guard let login = request.decodeBody(AppleLoginRequest.self), !login.identityToken.isEmpty,
              !login.authorizationCode.isEmpty, !login.userIdentifier.isEmpty else {
            return .error(400, code: "INVALID_REQUEST", message: "the body must be an AppleLoginRequest")
        }
        lock.lock()
        defer { lock.unlock() }
        receivedSecrets.append(login.identityToken)
        receivedSecrets.append(login.authorizationCode)
        guard login.identityToken != Self.refusedIdentityToken else {
            return .error(401, code: "INVALID_APPLE_CREDENTIAL", message: "Apple did not confirm the identity token")
        }
        var user = users[login.userIdentifier] ?? User(
            id: "user-\(users.count + 1)",
            appleUserID: login.userIdentifier,
            displayName: [login.fullName?.givenName, login.fullName?.familyName].compactMap { $0 }.joined(separator: " ").nilIfEmpty,
            email: login.email,
            onboardingCompleted: false,
            createdAt: Self.createdAt
        )
        user.lastLoginAt = Date()
        users[login.userIdentifier] = user
        return .json(issueTokens(for: user))
    }

    private func refresh(_ request: TestHTTPRequest) -> TestHTTPResponse {
        guard let body = request.decodeBody([String: String].self), let token = body["refreshToken"] else {
            return .error(400, code: "INVALID_REQUEST", message: "the body must be {\"refreshToken\": …}")
        }
        lock.lock()
        defer { lock.unlock() }
        guard let grant = refreshTokens[token] else {
            return .error(401, code: "INVALID_REFRESH_TOKEN", message: "unknown refresh token")
        }
        switch grant.state {
        case .active:
            refreshTokens[token]?.state = .rotated
            guard let user = users[grant.appleUserID] else {
                return .error(401, code: "INVALID_REFRESH_TOKEN", message: "the account is gone")
            }
            return .json(issueTokens(for: user))
        case .expired:
            return .error(401, code: "REFRESH_TOKEN_EXPIRED", message: "the refresh token has expired")
        case .rotated, .revoked:
            return .error(401, code: "REFRESH_TOKEN_REVOKED", message: "the refresh token was already used or revoked")
        }
    }

    private func logout(_ request: TestHTTPRequest) -> TestHTTPResponse {
        switch authenticate(request) {
        case .failure(let refusal):
            return refusal.response
        case .success(let user):
            guard let body = request.decodeBody([String: String].self), let token = body["refreshToken"] else {
                return .error(400, code: "INVALID_REQUEST", message: "the body must be {\"refreshToken\": …}")
            }
            lock.lock()
            defer { lock.unlock() }
            if refreshTokens[token]?.appleUserID == user.appleUserID { refreshTokens[token]?.state = .revoked }
            return .empty()
        }
    }

    /// A new access and refresh token for `user`. Call with the lock held.
    private func issueTokens(for user: User) -> AuthResponse {
        let access = "at-\(UUID().uuidString)"
        let refresh = "rt-\(UUID().uuidString)"
        accessTokens[access] = (user.appleUserID, false)
        refreshTokens[refresh] = (user.appleUserID, .active)
        return AuthResponse(accessToken: access, refreshToken: refresh, expiresIn: accessTokenLifetime, user: user)
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
