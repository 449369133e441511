import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ZhiXiCore
import ZhiXiModel

/// The client of the app's API on `URLSession`.
///
/// - Every call but sign-in and refresh carries `Authorization: Bearer <access token>`
///   from the token store.
/// - A 401 answer triggers one refresh (`POST auth/refresh` with the stored refresh token)
///   and one retry with the new access token. Calls answered 401 at the same time share a
///   single refresh. A refused refresh clears the stored tokens and the call fails with
///   ``APIError/unauthorized(_:)``.
/// - Idempotent calls, and calls with an idempotency key (sent as `Idempotency-Key`), are
///   retried on timeouts, lost connections and 5xx answers with the configuration's
///   ``RetryPolicy``.
/// - Each exchange waits at most ``APIClientConfiguration/resourceTimeout`` for its whole
///   answer; all calls together at most ``APIClientConfiguration/totalTimeout``, reading at
///   most ``APIClientConfiguration/maximumTotalAnswerBytes``.
/// - Each HTTP exchange, streamed ones included, is reported to the logger as an
///   ``APIRequestLog`` (method, path, status, milliseconds, bytes of the answer); no header
///   or body is ever logged.
/// - The session is ephemeral, with no URL cache and no cookies, so answers carrying
///   tokens are never written to disk; redirects are refused so the token never follows
///   one.
///
/// Safe to share between tasks.
package final class APIClient: Sendable {
    /// The base URL of the API, ending in `/api`.
    package let baseURL: URL
    /// Where the tokens come from and where refreshed ones go.
    package let tokenStore: any TokenStoreProtocol
    /// Timeouts, retries and connections.
    package let configuration: APIClientConfiguration

    private let session: URLSession
    private let sessionDelegate: SessionDelegate
    #if canImport(FoundationNetworking)
    /// swift-corelibs-foundation (Linux): when libcurl resends a request on a fresh
    /// connection because the reused one died under it, the body is not sent again and the
    /// call hangs until its timeout. Requests with a body therefore go through this second
    /// session, whose requests say `Connection: close`, so its connections are never reused.
    private let bodySession: URLSession
    private let bodySessionDelegate: SessionDelegate
    #endif
    private let logger: (@Sendable (APIRequestLog) -> Void)?
    private let now: @Sendable () -> Date
    private let refreshCoordinator = TokenRefreshCoordinator()
    /// When the client was made: the start of ``APIClientConfiguration/totalTimeout``.
    private let createdAt = ContinuousClock.now
    /// The answer bytes read so far, against ``APIClientConfiguration/maximumTotalAnswerBytes``.
    private let answerBytesRead = Locked(0)

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: the API's base URL, ending in `/api`, such as `https://zhixi.example/api`.
    ///   - tokenStore: the tokens to send; refreshed tokens are saved there.
    ///   - configuration: timeouts, retries and connections.
    ///   - now: the clock that dates token expiry (default: the system clock).
    ///   - logger: receives one ``APIRequestLog`` per HTTP exchange, from any thread.
    package init(
        baseURL: URL,
        tokenStore: any TokenStoreProtocol,
        configuration: APIClientConfiguration = APIClientConfiguration(),
        now: @escaping @Sendable () -> Date = { Date() },
        logger: (@Sendable (APIRequestLog) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.tokenStore = tokenStore
        self.configuration = configuration
        self.now = now
        self.logger = logger
        sessionDelegate = SessionDelegate()
        session = Self.makeSession(configuration, delegate: sessionDelegate)
        #if canImport(FoundationNetworking)
        bodySessionDelegate = SessionDelegate()
        bodySession = Self.makeSession(configuration, delegate: bodySessionDelegate)
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
        #if canImport(FoundationNetworking)
        bodySession.finishTasksAndInvalidate()
        #endif
    }

    /// An ephemeral session without cache, cookies or credential storage, refusing
    /// redirects and bounding answers through `delegate`.
    private static func makeSession(_ configuration: APIClientConfiguration, delegate: SessionDelegate) -> URLSession {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.urlCredentialStorage = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = timeout(configuration.requestTimeout)
        sessionConfiguration.timeoutIntervalForResource = timeout(configuration.resourceTimeout)
        sessionConfiguration.httpMaximumConnectionsPerHost = max(1, configuration.maximumConnectionsPerHost)
        return URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    }

    /// A timeout in seconds as the platform honours it: swift-corelibs-foundation (Linux)
    /// truncates timeouts to whole seconds, so 0.5 s would time out at once; it is rounded
    /// up to a whole second there.
    private static func timeout(_ seconds: Double) -> Double {
        #if canImport(FoundationNetworking)
        return max(1, seconds.rounded(.up))
        #else
        return seconds
        #endif
    }

    /// Sends `endpoint` and decodes its answer as `Response` with the model's decoder.
    ///
    /// - Throws: ``APIError``: `.network` with no answer, `.http` for a status outside
    ///   200–299, `.decoding` (with the field's JSON path) for an answer of the wrong shape,
    ///   `.unauthorized` when the learner must sign in again.
    package func request<Response: Decodable>(_ endpoint: APIEndpoint, as type: Response.Type = Response.self) async throws(APIError) -> Response {
        try Self.decode(Response.self, from: try await perform(endpoint))
    }

    /// Sends `endpoint` and ignores the body of its (2xx) answer.
    ///
    /// - Throws: ``APIError`` as ``request(_:as:)`` does, except `.decoding`.
    package func requestVoid(_ endpoint: APIEndpoint) async throws(APIError) {
        _ = try await perform(endpoint)
    }

    /// Renews the session now with the stored refresh token, joining a refresh already in
    /// flight, saves the new tokens and returns the server's answer (which holds the user).
    ///
    /// - Throws: ``APIError/unauthorized(_:)`` when there is no refresh token or the server
    ///   refuses it (the stored tokens are then cleared); `.network`, `.http` or `.decoding`
    ///   when the refresh could not be done (the stored tokens are kept).
    package func refreshSession() async throws(APIError) -> AuthResponse {
        try await refreshCoordinator.refreshedSession { [self] () async throws(APIError) -> RefreshedSession in
            try await self.performRefresh()
        }.response
    }

    // MARK: - One call

    /// The body of the 2xx answer to `endpoint`, after at most one refresh and retry.
    private func perform(_ endpoint: APIEndpoint) async throws(APIError) -> Data {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw .invalidRequest(reason: "'\(endpoint.pathAndQuery)' does not make a URL under \(baseURL.absoluteString)")
        }
        let body = try Self.encodedBody(of: endpoint)
        guard endpoint.sendsAccessToken else {
            let (status, data) = try await send(endpoint, url: url, body: body, tokens: nil)
            return try Self.successBody(status: status, data: data)
        }
        guard var tokens = tokenStore.loadTokens() else { throw .unauthorized(.notSignedIn) }
        var refreshed = false
        while true {
            let (status, data) = try await send(endpoint, url: url, body: body, tokens: tokens)
            guard status == 401 else { return try Self.successBody(status: status, data: data) }
            let refusal = Self.errorBody(data)
            if refreshed { throw .unauthorized(.refusedAfterRefresh(code: refusal.code, message: refusal.message)) }
            guard endpoint.refreshesOnUnauthorized else {
                throw .unauthorized(.accessTokenRefused(code: refusal.code, message: refusal.message))
            }
            tokens = try await refreshCoordinator.tokens(replacing: tokens.accessToken, in: tokenStore) {
                [self] () async throws(APIError) -> RefreshedSession in
                try await self.performRefresh()
            }
            refreshed = true
        }
    }

    /// One `POST auth/refresh` with the stored refresh token; saves and returns the new
    /// tokens. Only ``TokenRefreshCoordinator`` calls it, so that one runs at a time.
    private func performRefresh() async throws(APIError) -> RefreshedSession {
        guard let current = tokenStore.loadTokens() else { throw .unauthorized(.notSignedIn) }
        let data: Data
        do throws(APIError) {
            data = try await perform(.refreshTokens(refreshToken: current.refreshToken))
        } catch {
            guard case .http(let status, let code, let message) = error, [400, 401, 403].contains(status) else { throw error }
            // Refused: forget the tokens, unless someone signed in anew meanwhile.
            if tokenStore.loadTokens()?.refreshToken == current.refreshToken { try? tokenStore.clearTokens() }
            throw .unauthorized(.refreshRefused(code: code, message: message))
        }
        let response = try Self.decode(AuthResponse.self, from: data)
        let tokens = AuthTokens(response, receivedAt: now())
        // Signed out (or in anew) while the refresh was in flight: the store's word stands.
        guard tokenStore.loadTokens()?.refreshToken == current.refreshToken else { throw .unauthorized(.notSignedIn) }
        do {
            try tokenStore.saveTokens(tokens)
        } catch {
            throw .tokenStorage(reason: String(describing: error))
        }
        return RefreshedSession(response: response, tokens: tokens)
    }

    // MARK: - HTTP exchanges

    /// Sends the request, retrying an idempotent one on transient failures, and returns
    /// the status and body of the last answer.
    private func send(_ endpoint: APIEndpoint, url: URL, body: Data?, tokens: AuthTokens?) async throws(APIError) -> (status: Int, data: Data) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: Self.timeout(min(configuration.requestTimeout, remainingSeconds ?? .infinity)))
        if let key = endpoint.idempotencyKey { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        request.httpMethod = endpoint.method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            #if canImport(FoundationNetworking)
            request.setValue("close", forHTTPHeaderField: "Connection")
            #endif
        }
        if let tokens { request.setValue(tokens.authorizationHeaderValue, forHTTPHeaderField: "Authorization") }
        let policy = endpoint.isIdempotent || endpoint.idempotencyKey != nil ? configuration.retryPolicy : .none
        var retry = 0
        while true {
            if let remaining = remainingSeconds, remaining <= 0, let total = configuration.totalTimeout {
                throw .network(.outOfTime(seconds: total))
            }
            let outcome: Result<(status: Int, data: Data), APIError>
            do throws(APIError) {
                outcome = .success(try await exchange(request, endpoint: endpoint, retry: retry, sentAccessToken: tokens != nil))
            } catch {
                if error == .cancelled { throw error }
                outcome = .failure(error)
            }
            let isTransient = switch outcome {
            case .success(let answer): answer.status >= 500
            case .failure(let error): error.isTransient
            }
            guard isTransient, retry < policy.maximumRetries else { return try outcome.get() }
            // No time left for the pause and another try: the failure as it is.
            if let remaining = remainingSeconds, remaining <= policy.delay(beforeRetry: retry + 1) { return try outcome.get() }
            retry += 1
            do {
                try await Task.sleep(nanoseconds: UInt64(policy.delay(beforeRetry: retry) * 1_000_000_000))
            } catch {
                throw .cancelled
            }
        }
    }

    /// One HTTP exchange, logged.
    private func exchange(_ request: URLRequest, endpoint: APIEndpoint, retry: Int, sentAccessToken: Bool) async throws(APIError) -> (status: Int, data: Data) {
        let start = ContinuousClock.now
        func log(status: Int?, failure: NetworkFailure?, bytes: Int = 0) {
            logExchange(endpoint, since: start, status: status, failure: failure, bytes: bytes, retry: retry, sentAccessToken: sentAccessToken)
        }
        if Task.isCancelled { throw .cancelled }
        let data: Data, response: URLResponse
        let (session, delegate) = session(for: request)
        let remaining = remainingSeconds
        let bytesLeft = configuration.maximumTotalAnswerBytes.map { total in max(0, total - answerBytesRead.withLock { $0 }) }
        let limit = min(configuration.maximumAnswerBytes, bytesLeft ?? .max)
        do {
            (data, response) = try await BoundedExchange.data(
                for: request, in: session, delegate: delegate,
                deadline: min(Self.timeout(configuration.resourceTimeout), max(0.001, remaining ?? .infinity)), limit: limit)
            answerBytesRead.withLock { $0 += data.count }
        } catch let error as BoundedExchange.AnswerTooLarge {
            log(status: nil, failure: nil)
            let announced = error.announced.map { " (it announced \($0) bytes)" } ?? ""
            if let total = configuration.maximumTotalAnswerBytes, limit < configuration.maximumAnswerBytes {
                throw .decoding(path: "", reason: "the server's answers would come to more than \(total) bytes in all, the most this "
                                + "client reads\(announced); the rest was not read")
            }
            throw .decoding(path: "", reason: "the answer is larger than \(error.limit) bytes, the most this client reads\(announced); "
                            + "it was not read")
        } catch let error as URLError {
            guard var failure = NetworkFailure(error.code) else {
                log(status: nil, failure: nil)
                throw .cancelled
            }
            // Cut because the time left for all calls ran out, not this exchange's own.
            if failure == .timedOut, let total = configuration.totalTimeout, let left = remainingSeconds, left <= 0.01 {
                failure = .outOfTime(seconds: total)
            }
            log(status: nil, failure: failure)
            throw .network(failure)
        } catch is CancellationError {
            log(status: nil, failure: nil)
            throw .cancelled
        } catch {
            let failure = NetworkFailure.other(code: (error as NSError).code)
            log(status: nil, failure: failure)
            throw .network(failure)
        }
        guard let http = response as? HTTPURLResponse else {
            log(status: nil, failure: .connectionLost)
            throw .network(.connectionLost)
        }
        log(status: http.statusCode, failure: nil, bytes: data.count)
        return (http.statusCode, data)
    }

    /// Reports one exchange of `endpoint` begun at `start` to the logger, if there is one.
    func logExchange(_ endpoint: APIEndpoint, since start: ContinuousClock.Instant, status: Int?, failure: NetworkFailure?, bytes: Int,
                     retry: Int, sentAccessToken: Bool) {
        guard let logger else { return }
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger(APIRequestLog(method: endpoint.method, path: endpoint.pathAndQuery, status: status, failure: failure,
                             durationMilliseconds: milliseconds, answerBytes: bytes, retry: retry, sentAccessToken: sentAccessToken))
    }

    /// The seconds left of ``APIClientConfiguration/totalTimeout``; `nil` without a limit.
    private var remainingSeconds: Double? {
        guard let total = configuration.totalTimeout else { return nil }
        let elapsed = ContinuousClock.now - createdAt
        return total - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The session that sends `request` (see `bodySession`), with its delegate.
    private func session(for request: URLRequest) -> (URLSession, SessionDelegate) {
        #if canImport(FoundationNetworking)
        return request.httpBody == nil ? (session, sessionDelegate) : (bodySession, bodySessionDelegate)
        #else
        return (session, sessionDelegate)
        #endif
    }

    // MARK: - Bodies

    private static func encodedBody(of endpoint: APIEndpoint) throws(APIError) -> Data? {
        guard let body = endpoint.body else { return nil }
        do {
            return try ZhiXiJSON.makeEncoder().encode(body)
        } catch {
            // By path and reason only: an EncodingError's own description quotes the value.
            var detail = "not encodable"
            if let error = error as? EncodingError, case .invalidValue(_, let context) = error {
                let path = DecodingError.path(context.codingPath)
                detail = (path.isEmpty ? "" : path + ": ") + context.debugDescription
            }
            throw .invalidRequest(reason: "the body of \(endpoint.summary) cannot be encoded as JSON (\(detail))")
        }
    }

    private static func successBody(status: Int, data: Data) throws(APIError) -> Data {
        guard (200..<300).contains(status) else {
            let body = errorBody(data)
            throw .http(status: status, code: body.code, message: body.message)
        }
        return data
    }

    private static func errorBody(_ data: Data) -> APIErrorBody {
        (try? JSONDecoder().decode(APIErrorBody.self, from: data)) ?? APIErrorBody()
    }

    static func decode<Response: Decodable>(_ type: Response.Type, from data: Data) throws(APIError) -> Response {
        guard !data.isEmpty else { throw .decoding(path: "", reason: "the answer has no body") }
        // A key twice in one object: which one a reader keeps is not defined, so neither is used.
        if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) {
            throw .decoding(path: duplicate.path, reason: "the key \"\(duplicate.key)\" appears twice in one object "
                            + "(line \(duplicate.line)); the answer is ambiguous")
        }
        do {
            return try ZhiXiJSON.makeDecoder(refusingDatesOutsideSupportedYears: true).decode(type, from: data)
        } catch let error as DecodingError {
            // Foundation calls a number it cannot hold "not valid JSON", without saying where.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let number = JSONNumberRangeScanner.firstOutOfRange(in: data) {
                throw .decoding(path: number.path, reason: number.description)
            }
            let (path, reason) = error.jsonPathAndReason
            throw .decoding(path: path, reason: reason)
        } catch {
            throw .decoding(path: "", reason: String(describing: error))
        }
    }
}
