import Foundation
import ZhiXiApp
import ZhiXiAuth
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

/// The app against the loopback server: the fake API with the sample learner seeded (林晓,
/// her review tasks planned by the server as of ``now`` with the package's planner), a
/// device (a storage directory and a secure store that every launch shares, as the disk and
/// the Keychain are shared by launches of the app), a fixed clock, launches of the app
/// (`AppContainer`s), and the network going down and coming back.
package final class AppFixture: Sendable {
    /// The clock of the server and of the app: 2026-11-29T01:00:00Z (09:00 in Shanghai, the
    /// learner's time zone; study days start at 04:00).
    package static let now = ISO8601Timestamp.date(from: "2026-11-29T01:00:00Z")!

    /// The fake API.
    package let api: FakeZhiXiAPI
    /// Its reading routes (`learning/continue`).
    package let reading: FakeReadingEventServer
    /// The learner seeded.
    package let user: User
    /// The workspace seeded.
    package let workspace: LearnerWorkspace
    /// The device's storage directory (a fresh temporary directory).
    package let storageDirectory: URL
    /// The device's secure store (the tokens).
    package let secureStore: InMemorySecureStore

    /// Starts the fake API with `workspace` (default: the sample learner) seeded and planned
    /// as of ``now``.
    package init(workspace: LearnerWorkspace? = nil) throws {
        api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: 1_800))
        reading = FakeReadingEventServer(api: api)
        let now = Self.now
        api.setClock { now }
        self.workspace = try workspace ?? Self.sampleWorkspace()
        user = try api.seed(self.workspace, planAt: now)
        storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("zhixi-app-tests-\(UUID().uuidString)", isDirectory: true)
        secureStore = InMemorySecureStore()
    }

    /// The sample learner of `data/sample-workspace.json`.
    package static func sampleWorkspace() throws -> LearnerWorkspace {
        try LearnerWorkspace(jsonData: Data(contentsOf: packageRoot.appendingPathComponent("data/sample-workspace.json")))
    }

    /// The package's root directory.
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What Sign in with Apple gives the seeded learner.
    package var credential: AppleCredential {
        AppleCredential(identityToken: "eyJ.identity.\(UUID().uuidString)", authorizationCode: "c.\(UUID().uuidString)",
                        userIdentifier: user.appleUserID)
    }

    /// The configuration of a launch: the fake API, the device's storage and secure store,
    /// the fixed clock, the tests' time limits (`TestClientTimeouts`) and one quick retry, app version `1.0.0-test`,
    /// `monitor` as the network monitor (none by default) and `scheduler` as the reading
    /// pipeline's clock and timers (real timers on the fixed clock by default); `language`
    /// `nil` follows the learner (no device languages).
    package func configuration(language: AppLanguage? = .default, monitor: ManualNetworkMonitor? = nil,
                              scheduler: ManualReadingScheduler? = nil) -> AppConfiguration {
        AppConfiguration(apiBaseURL: api.apiBaseURL, storageDirectory: storageDirectory,
                         secureStore: secureStore, credentials: FixedAppleCredentialProvider(credential), language: language, deviceLanguages: [],
                         client: APIClientConfiguration(requestTimeout: TestClientTimeouts.requestSeconds,
                                                        resourceTimeout: TestClientTimeouts.resourceSeconds,
                                                        retryPolicy: RetryPolicy(maximumRetries: 1, initialDelay: 0.01, maximumDelay: 0.02)),
                         now: { AppFixture.now }, appVersion: Self.appVersion, networkMonitor: monitor, readingScheduler: scheduler)
    }

    /// The app version of the configurations.
    package static let appVersion = "1.0.0-test"

    /// Makes another learner known to the server (someone else on the same device): a user
    /// `id` with one knowledge base of one lesson and no history, introduced (onboarded)
    /// unless `onboarded` is false.
    @discardableResult
    package func seedLearner(id: String, appleUserID: String, onboarded: Bool = true) throws -> User {
        let lesson = Lesson(id: "\(id)-lesson-1", pathID: "\(id)-path-1", title: "线性回归", estimatedMinutes: 20)
        let workspace = LearnerWorkspace(
            user: User(id: id, appleUserID: appleUserID, displayName: "学习者 \(id)", onboardingCompleted: onboarded, createdAt: FakeZhiXiAPI.createdAt),
            profile: UserLearningProfile(userID: id, timeZone: "Asia/Shanghai", dailyMinutes: 20),
            knowledgeBases: [KnowledgeBase(id: "\(id)-kb", title: "统计学习", createdAt: FakeZhiXiAPI.createdAt, updatedAt: FakeZhiXiAPI.createdAt)],
            learningPaths: [LearningPath(id: "\(id)-path-1", knowledgeBaseID: "\(id)-kb", title: "回归", lessonIDs: [lesson.id])],
            lessons: [lesson])
        return try api.seed(workspace, planAt: Self.now)
    }

    /// What `SignInWithAppleButton` would give `user` (the domain's credential).
    package func signInCredential(for user: User) -> AppleSignInCredential {
        AppleSignInCredential(identityToken: "eyJ.identity.\(UUID().uuidString)", authorizationCode: "c.\(UUID().uuidString)",
                              userIdentifier: user.appleUserID)
    }

    /// A launch of the app, signed in: with Sign in with Apple on the device's first launch,
    /// by restoring the session the device kept on later ones (as the app does at launch).
    /// `scheduler` drives the reading pipeline's timers (real timers by default); a test that
    /// counts what one flush sent gives one, so that the 30-second flush never runs first on
    /// a machine slow enough to reach it.
    @MainActor
    package func launch(language: AppLanguage? = .default, scheduler: ManualReadingScheduler? = nil) async throws -> AppContainer {
        let container = AppContainer(configuration: configuration(language: language, scheduler: scheduler))
        if container.client.tokenStore.loadTokens() != nil {
            await container.sessionRepository.restore()
        } else {
            _ = try await container.sessionRepository.signIn()
        }
        guard container.sessionRepository.isSignedIn else { throw AppFixtureError.notSignedIn(container.session.authError) }
        return container
    }

    /// The network goes down: from now on the server closes every connection without an
    /// answer (and runs no handler), until ``networkBack()``.
    package func networkDown() {
        api.server.faults.add { _ in .closeConnection }
    }

    /// The network is back: every fault is removed.
    package func networkBack() {
        api.server.faults.removeAll()
    }

    /// Stops the server and removes the device's files.
    package func tearDown() {
        api.server.stop()
        try? FileManager.default.removeItem(at: storageDirectory)
    }
}

/// Why a fixture could not launch the app.
package enum AppFixtureError: Error {
    /// The session did not sign in.
    case notSignedIn(AuthError?)
}
