import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner

/// The app's API played by a ``TestHTTPServer``: the contract's executable form. Every
/// endpoint of the contract answers in its shape, from a memory of each learner
/// (``FakeLearner``): Sign in with Apple, refresh with rotation, logout, the current user;
/// the profile and onboarding; knowledge bases, paths, lessons; sessions and analyses in
/// pages (`{"items", "nextCursor"}`, `?since=` and `?cursor=`); the AI's analysis (a
/// deterministic stand-in for a model, ``FakeAnalysisModel``) and chat; feedback; the
/// analysis page's figures; review tasks, completed and skipped idempotently. The reading
/// endpoints are added by ``FakeReadingEventServer``.
///
/// Tokens look like `at-<UUID>` and `rt-<UUID>`; every token it issues, and every identity
/// token and authorization code it receives, is kept in ``secrets`` so a test can check
/// that none of them appears in a log. Tests change its state to make the server expire
/// tokens, seed learners (``seed(_:planAt:configuration:)``), set its clock and its page
/// size, and inject faults through ``server``'s ``TestHTTPServer/faults``.
///
/// Errors are the API's `{"code", "message"}`: 400 `INVALID_REQUEST` for a body or query
/// of the wrong shape, 401 for tokens, 404 `…_NOT_FOUND` for an unknown id, 409 and 410 for
/// a review task that cannot take the action (completed, cancelled).
package final class FakeZhiXiAPI: @unchecked Sendable {
    /// The state of a refresh token.
    package enum RefreshTokenState: Sendable, Hashable {
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
    package static var encoder: JSONEncoder { ZhiXiJSON.makeEncoder() }
    /// The model's JSON decoder.
    package static var decoder: JSONDecoder { ZhiXiJSON.makeDecoder() }
    /// The identity token that `POST auth/apple` refuses with 401.
    package static let refusedIdentityToken = "refused-identity-token"
    /// When every user of the fake server was created: 2026-01-01T00:00:00Z.
    package static let createdAt = Date(timeIntervalSince1970: 1_767_225_600)

    /// The HTTP server.
    package let server: TestHTTPServer
    /// The `expiresIn` of issued access tokens, in seconds.
    package let accessTokenLifetime: Int

    // Everything below is only touched under `lock`.
    let lock = NSLock()
    private var users: [String: User] = [:]
    private var accessTokens: [String: (appleUserID: String, expired: Bool)] = [:]
    private var refreshTokens: [String: (appleUserID: String, state: RefreshTokenState)] = [:]
    private var receivedSecrets: [String] = []
    var learners: [String: FakeLearner] = [:]
    var clock: @Sendable () -> Date = { Date() }
    var itemsPerPage = 100
    var completions = 0
    var chatStreamPlan = FakeChatStreamPlan()
    /// The answers kept per learner, route and `Idempotency-Key`, with a digest of the body.
    var idempotentAnswers: [String: (bodyDigest: UInt64, response: TestHTTPResponse)] = [:]
    var idempotentReplays = 0
    private var nextID = 0

    /// Starts the fake API on a new test server.
    package init(limits: TestServerLimits = TestServerLimits(), accessTokenLifetime: Int = 900) throws(TestServerError) {
        server = try TestHTTPServer(limits: limits)
        self.accessTokenLifetime = accessTokenLifetime
        registerRoutes()
    }

    /// `http://127.0.0.1:PORT/api`.
    package var apiBaseURL: URL { server.baseURL.appendingPathComponent("api") }

    // MARK: - State for tests

    /// Every token issued and every identity token and authorization code received.
    package var secrets: [String] {
        return lock.withLock { receivedSecrets + accessTokens.keys + refreshTokens.keys }
    }

    /// `POST auth/refresh` requests received so far (faulted ones included).
    package var refreshCount: Int { server.requestCount("POST", "/api/auth/refresh") }

    /// The user with this Apple user identifier, if they signed in or were seeded.
    package func user(appleUserID: String) -> User? {
        return lock.withLock { users[appleUserID] }
    }

    /// The state of a refresh token, `nil` for one never issued.
    package func refreshTokenState(_ token: String) -> RefreshTokenState? {
        return lock.withLock { refreshTokens[token]?.state }
    }

    /// Every access token issued so far is answered 401 `TOKEN_EXPIRED` from now on.
    package func expireAccessTokens() {
        lock.withLock { for token in accessTokens.keys { accessTokens[token]?.expired = true } }
    }

    /// Every active refresh token is answered 401 `REFRESH_TOKEN_EXPIRED` from now on.
    package func expireRefreshTokens() {
        lock.withLock { for (token, grant) in refreshTokens where grant.state == .active { refreshTokens[token]?.state = .expired } }
    }

    /// Marks the user's first-run introduction done (or not).
    package func setOnboardingCompleted(_ completed: Bool, appleUserID: String) {
        lock.withLock { users[appleUserID]?.onboardingCompleted = completed }
    }

    /// The server's clock: the `createdAt` of what it stores, and "today" of its figures.
    package func setClock(_ now: @escaping @Sendable () -> Date) {
        lock.withLock { clock = now }
    }

    /// The items per page of the paged lists (default 100).
    package func setItemsPerPage(_ count: Int) {
        lock.withLock { itemsPerPage = max(1, count) }
    }

    /// The data of the learner with this user id, if any.
    package func learner(userID: String) -> FakeLearner? {
        return lock.withLock { learners[userID] }
    }

    /// Changes the data of the learner with this user id (created with a default profile).
    package func updateLearner(userID: String, _ change: (inout FakeLearner) -> Void) {
        lock.withLock { change(&learners[userID, default: FakeLearner(profile: UserLearningProfile(userID: userID))]) }
    }

    /// The review task with this id, whoever it belongs to.
    package func reviewTask(id: String) -> ReviewTask? {
        return lock.withLock { learners.values.lazy.compactMap { $0.reviewTasks.first { $0.id == id } }.first }
    }

    /// Completions that changed a task (a completion of a completed task does not count).
    package var completionCount: Int { lock.withLock { completions } }

    /// Makes the learner of `workspace` (its user, or a user `user-seeded`) known to the server
    /// with all its data, as if it had been using the app; with `planAt`, the server plans its
    /// review tasks as of that moment with the package's planner (as a backend embedding it
    /// would), so the tasks a client plans from the same data have the same ids. Returns the
    /// user, who signs in with its `appleUserID`.
    @discardableResult
    package func seed(_ workspace: LearnerWorkspace, planAt: Date? = nil,
                     configuration: PlannerConfiguration = PlannerConfiguration()) throws -> User {
        let user = workspace.user ?? User(id: workspace.profile.userID.isEmpty ? "user-seeded" : workspace.profile.userID,
                                          appleUserID: "apple-seeded", createdAt: Self.createdAt)
        var learner = FakeLearner(workspace: workspace)
        learner.profile.userID = user.id
        if let planAt {
            let result = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: planAt)
            let planned = (result.plan.today + result.plan.tomorrow + result.plan.thisWeek + result.plan.later).map(\.task)
            let known = Set(learner.reviewTasks.map(\.id))
            learner.reviewTasks += planned.filter { !known.contains($0.id) }
        }
        lock.withLock {
            users[user.appleUserID] = user
            learners[user.id] = learner
        }
        return user
    }

    /// Answers `body(user)` for the user of the request's bearer token, or the 401 the API
    /// gives for a missing, unknown or expired token. For routes that tests add.
    package func authorized(_ request: TestHTTPRequest, _ body: (User) -> TestHTTPResponse) -> TestHTTPResponse {
        switch authenticate(request) {
        case .success(let user): body(user)
        case .failure(let refusal): refusal.response
        }
    }

    /// Signs `userIdentifier` in without a request, as `POST auth/apple` would, and returns
    /// the answer with the new tokens.
    package func signInDirectly(userIdentifier: String) -> AuthResponse {
        lock.lock()
        defer { lock.unlock() }
        let user = users[userIdentifier] ?? User(id: "user-\(users.count + 1)", appleUserID: userIdentifier, createdAt: Self.createdAt)
        users[userIdentifier] = user
        return issueTokens(for: user)
    }

    // MARK: - Helpers of the routes

    /// Answers `body(user, learner)` for the request's user, with the learner's data changed
    /// as `body` changes it, under the lock; or the 401 of a bad token.
    func withLearner(_ request: TestHTTPRequest,
                     _ body: (User, inout FakeLearner, _ now: Date) -> TestHTTPResponse) -> TestHTTPResponse {
        authorized(request) { user in
            lock.withLock {
                var learner = learners[user.id] ?? FakeLearner(profile: UserLearningProfile(userID: user.id))
                let response = body(user, &learner, clock())
                learners[user.id] = learner
                return response
            }
        }
    }

    /// A new id with `prefix`, such as `session-fake-3`. Call under the lock.
    func makeID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)-fake-\(nextID)"
    }

    /// Counts a completion that changed a task. Call under the lock.
    func countCompletion() { completions += 1 }

    /// The user's record after `change`. Call under the lock.
    func updateUser(_ user: User, _ change: (inout User) -> Void) -> User {
        var updated = users[user.appleUserID] ?? user
        change(&updated)
        users[user.appleUserID] = updated
        return updated
    }

    /// One page of `items` for the request's `cursor` (`o<offset>`), or a 400 for a cursor
    /// this server did not give. Call under the lock.
    func page<Item: Codable & Sendable>(_ items: [Item], request: TestHTTPRequest) -> TestHTTPResponse {
        var offset = 0
        if let cursor = request.query["cursor"] {
            guard cursor.hasPrefix("o"), let value = Int(cursor.dropFirst()), value >= 0, value <= items.count else {
                return .error(400, code: "INVALID_REQUEST", message: "cursor '\(cursor)' is not one this server gave")
            }
            offset = value
        }
        let end = min(items.count, offset + itemsPerPage)
        return .json(APIPage(items: Array(items[offset ..< end]), nextCursor: end < items.count ? "o\(end)" : nil))
    }

    /// The `since` of a paged request: `nil` when absent, or a 400 answer when it is not an
    /// ISO-8601 time.
    static func since(_ request: TestHTTPRequest) -> Result<Date?, Refusal> {
        guard let text = request.query["since"] else { return .success(nil) }
        guard let date = FakeZhiXiAPI.decodeDate(text) else {
            return .failure(Refusal(response: .error(400, code: "INVALID_REQUEST", message: "since '\(text)' is not an ISO-8601 time")))
        }
        return .success(date)
    }

    /// A date of the contract's text form, or `nil`.
    static func decodeDate(_ text: String) -> Date? {
        try? decoder.decode(Date.self, from: Data(encoder.encode(text)))
    }

    // MARK: - Routes

    private func registerRoutes() {
        server.route("POST", "/api/auth/apple") { [self] request in signIn(request) }
        server.route("POST", "/api/auth/refresh") { [self] request in refresh(request) }
        server.route("POST", "/api/auth/logout") { [self] request in logout(request) }
        server.route("GET", "/api/users/me") { [self] request in
            authorized(request) { user in .json(lock.withLock { users[user.appleUserID] ?? user }) }
        }
        registerProfileRoutes()
        registerKnowledgeRoutes()
        registerLearningRoutes()
        registerAIRoutes()
        registerFeedbackRoutes()
        registerAnalyticsRoutes()
        registerReviewRoutes()
    }

    struct Refusal: Error {
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
              login.authorizationCode.map({ !$0.isEmpty }) ?? true, !login.userIdentifier.isEmpty else {
            return .error(400, code: "INVALID_REQUEST", message: "the body must be an AppleLoginRequest")
        }
        lock.lock()
        defer { lock.unlock() }
        receivedSecrets.append(login.identityToken)
        if let code = login.authorizationCode { receivedSecrets.append(code) }
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
        user.lastLoginAt = clock()
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

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
