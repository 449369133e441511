import Foundation
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer
import ZhiXiTestSupport

/// A fresh temporary directory for one test (its parent exists; it does not).
func temporaryDirectory(_ name: String = "store") -> URL {
    TemporaryDirectory.child(name, prefix: "zhixi-auth")
}

/// The permission bits of a file or directory, such as `0o600`.
func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Log lines collected from a client's logger.
typealias CollectedLog = LockedList<String>

/// One launch of the app against the fake server: a file store in `directory` holding the
/// tokens and the remembered learner, a client, an auth service. Two launches on the same
/// directory share the saved session, as two launches of the app share the Keychain.
struct AppLaunch {
    let store: TokenStore
    let userStore: SessionUserStore
    let client: APIClient
    let service: AuthService

    init(api baseURL: URL, directory: URL, log: CollectedLog) {
        store = TokenStore(secureStore: FileSecureStore(directory: directory))
        userStore = SessionUserStore(secureStore: FileSecureStore(directory: directory))
        client = APIClient(
            baseURL: baseURL, tokenStore: store,
            configuration: APIClientConfiguration(requestTimeout: TestClientTimeouts.requestSeconds,
                                                  resourceTimeout: TestClientTimeouts.resourceSeconds,
                                                  retryPolicy: RetryPolicy(maximumRetries: 2, initialDelay: 0.01, maximumDelay: 0.05),
                                                  maximumConnectionsPerHost: 16),
            logger: { log.append($0.description) }
        )
        service = AuthService(client: client)
    }

    /// The app's session, remembering the learner beside the tokens.
    @MainActor func session() -> AppSession { AppSession(authService: service, userStore: userStore) }
}

/// A fake API, a store directory and a log shared by the launches of one test.
struct AuthFixture {
    let api: FakeZhiXiAPI
    let directory: URL
    let log = CollectedLog()

    init() throws {
        api = try FakeZhiXiAPI()
        directory = temporaryDirectory()
    }

    func launch() -> AppLaunch { AppLaunch(api: api.apiBaseURL, directory: directory, log: log) }

    /// The credential Sign in with Apple would give learner `appleUserID`.
    static func credential(_ appleUserID: String = "apple-001", identityToken: String? = nil) -> AppleCredential {
        AppleCredential(identityToken: identityToken ?? "eyJ.identity.\(UUID().uuidString)", authorizationCode: "c.\(UUID().uuidString)",
                        userIdentifier: appleUserID, fullName: AppleFullName(givenName: "晓", familyName: "林"),
                        email: "lin@example.com")
    }

    /// The network goes down: the server closes every connection without an answer, until
    /// ``networkBack()``.
    func networkDown() {
        api.server.faults.add { _ in .closeConnection }
    }

    /// The network is back: every fault is removed.
    func networkBack() {
        api.server.faults.removeAll()
    }

    /// The token file of the store.
    var tokenFile: URL { directory.appendingPathComponent(TokenStore.defaultKey) }

    /// The file of the remembered learner.
    var userFile: URL { directory.appendingPathComponent(SessionUserStore.defaultKey) }

    /// Log lines holding any secret the server issued or received.
    var leakedLines: [String] {
        let secrets = api.secrets
        return log.all.filter { line in secrets.contains { line.contains($0) } }
    }
}
