import Foundation
import Testing
import ZhiXiTestServer

// The auth stack as this package's own targets embed it (its `package` API), compiled and run
// here against the fake API. docs/APP.md shows an app's sign-in and sign-out instead, through
// the products (compiled from outside by .ci/outside).
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

@Suite("The auth stack inside the package")
struct AuthReadmeExampleTests {
    @Test("the auth stack, as the package's own targets embed it, runs against a server")
    func exampleIsCurrentAndRuns() async throws {
        let api = try FakeZhiXiAPI()
        defer { api.server.stop() }
        let directory = temporaryDirectory()
        try await embedTheAuthStack(server: api.apiBaseURL, storeDirectory: directory, credential: AuthFixture.credential())
        #expect(api.server.receivedRequests.map { "\($0.method) \($0.path)" }
            == ["POST /api/auth/apple", "GET /api/users/me", "POST /api/auth/logout"])
        #expect(TokenStore(secureStore: FileSecureStore(directory: directory)).loadTokens() == nil)
    }
}
