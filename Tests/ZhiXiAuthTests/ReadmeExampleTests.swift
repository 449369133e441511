import Foundation
import Testing
import ZhiXiTestServer

// The code of docs/APP.md's "Auth and API" section, compiled and run here against the fake
// API. The test below checks that docs/APP.md shows exactly these lines.
// README-BEGIN
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork

@MainActor
func embedTheAuthStack(server: URL, storeDirectory: URL, credential: AppleCredential) async throws {
    // The session in private files (0600 in a 0700 directory); on iOS: KeychainStore().
    let tokens = TokenStore(secureStore: FileSecureStore(directory: storeDirectory))
    let client = APIClient(baseURL: server, tokenStore: tokens,
                           configuration: APIClientConfiguration(requestTimeout: 10, retryPolicy: RetryPolicy(maximumRetries: 2)),
                           logger: { print($0) })               // GET users/me 200 3 ms 196 B (bearer <redacted>)
    let session = AppSession(authService: AuthService(client: client))

    await session.bootstrap()                              // saved session → refresh → onboarding or main; else login
    if session.route == .login {
        // On iOS: session.signIn(using: AuthorizationControllerCredentialProvider { window })
        await session.signIn(with: credential)
    }
    print(session.route, session.currentUser?.displayName ?? "", session.authError?.description ?? "")

    // Any endpoint: the bearer token is sent; a 401 is refreshed once (one refresh for all
    // concurrent calls) and retried once; failures are cases to switch on.
    do throws(APIError) {
        let user = try await client.request(.currentUser, as: User.self)
        print(user.id, user.onboardingCompleted)
    } catch {
        switch error {
        case .network(.unreachable), .network(.timedOut): print("offline; try again later")
        case .http(let status, let code, let message): print("HTTP \(status)", code ?? "", message ?? "")
        case .decoding(let path, let reason): print("unexpected answer at \(path): \(reason)")
        case .unauthorized: await session.signOut()          // the session was refused: sign in again
        default: print(error)
        }
    }
    await session.signOut()                                // the local tokens go even if the server is unreachable
}
// README-END

@Suite("docs/APP.md: Auth and API")
struct AuthReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("docs/APP.md's embedding example is this file's code, and it runs against a server")
    func exampleIsCurrentAndRuns() async throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/APP.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-BEGIN\n").last?.components(separatedBy: "// README-END").first)
        let section = try #require(readme.components(separatedBy: "## Auth and API").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == "import Foundation\n" + example, "update the code block of docs/APP.md from Tests/ZhiXiAuthTests/ReadmeExampleTests.swift")

        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        let directory = temporaryDirectory()
        try await embedTheAuthStack(server: api.apiBaseURL, storeDirectory: directory, credential: AuthFixture.credential())
        #expect(api.server.receivedRequests.map { "\($0.method) \($0.path)" }
            == ["POST /api/auth/apple", "GET /api/users/me", "POST /api/auth/logout"])
        #expect(TokenStore(secureStore: FileSecureStore(directory: directory)).loadTokens() == nil)
    }
}
