import Foundation
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// A token store in memory for the network tests (ZhiXiAuth has the real ones).
final class MemoryTokenStore: TokenStoreProtocol, @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: AuthTokens?

    init(_ tokens: AuthTokens? = nil) { self.tokens = tokens }

    func loadTokens() -> AuthTokens? {
        return lock.withLock { tokens }
    }

    func saveTokens(_ tokens: AuthTokens) throws {
        lock.lock()
        self.tokens = tokens
        lock.unlock()
    }

    func clearTokens() throws {
        lock.lock()
        tokens = nil
        lock.unlock()
    }
}

/// Log records collected from a client's logger.
typealias LogLines = LockedList<APIRequestLog>

extension LockedList<APIRequestLog> {
    /// The records as log lines.
    var lines: [String] { all.map(\.description) }
}

/// A fake API server, a client on it with a memory token store, and the client's log.
struct NetworkFixture {
    let api: FakeZhiXiAPI
    let store: MemoryTokenStore
    let client: APIClient
    let log: LogLines

    /// Fast retries for tests, and time limits longer than any gate holds a request
    /// (`TestClientTimeouts`); retries are counted, never timed.
    static let testConfiguration = APIClientConfiguration(
        requestTimeout: TestClientTimeouts.requestSeconds, resourceTimeout: TestClientTimeouts.resourceSeconds,
        retryPolicy: RetryPolicy(maximumRetries: 2, initialDelay: 0.01, maximumDelay: 0.05),
        maximumConnectionsPerHost: 16
    )

    init(configuration: APIClientConfiguration = NetworkFixture.testConfiguration) throws {
        api = try FakeZhiXiAPI()
        store = MemoryTokenStore()
        let log = LogLines()
        self.log = log
        client = APIClient(baseURL: api.apiBaseURL, tokenStore: store, configuration: configuration, logger: { log.append($0) })
    }

    /// Signs in as a learner through `POST auth/apple` and saves the tokens.
    @discardableResult
    func signIn(appleUserID: String = "apple-001") async throws -> AuthResponse {
        let request = AppleLoginRequest(identityToken: "id-token-\(UUID().uuidString)", authorizationCode: "code-\(UUID().uuidString)",
                                        userIdentifier: appleUserID, fullName: AppleFullName(givenName: "晓", familyName: "林"))
        let response = try await client.request(.signInWithApple(request), as: AuthResponse.self)
        try store.saveTokens(AuthTokens(response, receivedAt: Date()))
        return response
    }

    /// Every log line, checked to contain none of the server's secrets; returns the lines.
    func logLinesWithoutSecrets() -> (lines: [String], leaks: [String]) {
        let lines = log.lines
        let secrets = api.secrets
        let leaks = lines.filter { line in secrets.contains { line.contains($0) } }
        return (lines, leaks)
    }
}
