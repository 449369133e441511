import Foundation
import ZhiXiApp
import ZhiXiAppPreview
import ZhiXiAuth
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// The device and the server of `zhixi-bench pages`: the loopback fake API (ZhiXiTestServer)
/// with the sample learner seeded (`PreviewSample.workspace`, the bundled copy of
/// `data/sample-workspace.json`) and planned as of ``now``, a storage directory and a secure
/// store every launch shares, and launches of the app (`AppContainer`) signed in. Products
/// only, no test support: the same set-up as the app's tests (their `AppFixture`).
final class PageLoadFixture: Sendable {
    /// The clock of the server and the app: 2026-11-29T01:00:00Z (09:00 in Shanghai).
    static let now = PreviewSample.now

    /// The fake API.
    let api: FakeZhiXiAPI
    /// Its reading routes (`learning/continue`, which the study home asks).
    let reading: FakeReadingEventServer
    /// The learner seeded.
    let user: User
    /// The device's storage directory (a fresh temporary directory).
    let storageDirectory: URL
    /// The device's secure store (the tokens).
    let secureStore = InMemorySecureStore()

    init() throws {
        api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: 300))
        reading = FakeReadingEventServer(api: api)
        api.setClock { PageLoadFixture.now }
        user = try api.seed(PreviewSample.workspace, planAt: Self.now)
        storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("zhixi-bench-pages-\(UUID().uuidString)", isDirectory: true)
    }

    /// A launch of the app, signed in: Sign in with Apple on the first, the session the device
    /// kept restored on later ones. No network monitor, no background time; app version `bench`.
    @MainActor
    func launch() async throws -> AppContainer {
        let credential = AppleCredential(identityToken: "eyJ.identity.\(UUID().uuidString)", authorizationCode: "c.\(UUID().uuidString)",
                                         userIdentifier: user.appleUserID)
        let configuration = AppConfiguration(
            apiBaseURL: api.apiBaseURL, storageDirectory: storageDirectory, secureStore: secureStore,
            credentials: FixedAppleCredentialProvider(credential), language: .default, deviceLanguages: [],
            client: APIClientConfiguration(requestTimeout: 5, resourceTimeout: 20,
                                           retryPolicy: RetryPolicy(maximumRetries: 1, initialDelay: 0.01, maximumDelay: 0.02)),
            now: { PageLoadFixture.now }, appVersion: "bench", networkMonitor: nil, backgroundTime: nil)
        let container = AppContainer(configuration: configuration)
        if container.client.tokenStore.loadTokens() != nil {
            await container.sessionRepository.restore()
        } else {
            _ = try await container.sessionRepository.signIn()
        }
        guard container.sessionRepository.isSignedIn else { throw BenchmarkError.usage("the app did not sign in to the fake API") }
        return container
    }

    /// Stops the server and removes the device's files.
    func tearDown() {
        api.server.stop()
        try? FileManager.default.removeItem(at: storageDirectory)
    }
}
