import Foundation
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner

/// What the app is built from: the server, where the device keeps things, how the learner
/// signs in, the language and the clock.
public struct AppConfiguration: Sendable {
    /// The API's base URL, ending in `/api`.
    public var apiBaseURL: URL
    /// The directory under which each learner's workspace and outbox are kept
    /// (`users/<id in hex>/`); the reading positions are kept there too
    /// (`reading-positions.json`).
    public var storageDirectory: URL
    /// Where the session's tokens, and the learner they are for (for a launch without
    /// network), are kept: the Keychain (`KeychainStore`) on Apple platforms, a private file
    /// store or memory elsewhere.
    public var secureStore: any SecureStore
    /// Where Sign in with Apple's credential comes from (`AuthorizationControllerCredentialProvider`
    /// on Apple platforms).
    public var credentials: any AppleCredentialProvider
    /// The language of the pages, of the planner's reasons and of the AI's answers; `nil`
    /// (the default) follows the learner: the signed-in user's `preferredLanguage`, then
    /// ``deviceLanguages``, then Simplified Chinese (`AppLanguage/init(user:profile:device:files:)`).
    public var language: AppLanguage?
    /// The device's languages in order of preference (`Locale.preferredLanguages` unless given),
    /// for a learner who has set none.
    public var deviceLanguages: [String]
    /// Timeouts and retries of the API client.
    public var client: APIClientConfiguration
    /// The planner's configuration for the plans made on the device (its `language` is set
    /// to ``language``).
    public var planner: PlannerConfiguration
    /// The clock of the pages and the plans.
    public var now: @Sendable () -> Date

    /// Creates a configuration.
    public init(apiBaseURL: URL, storageDirectory: URL, secureStore: any SecureStore, credentials: any AppleCredentialProvider,
                language: AppLanguage? = nil, deviceLanguages: [String] = Locale.preferredLanguages,
                client: APIClientConfiguration = APIClientConfiguration(),
                planner: PlannerConfiguration = PlannerConfiguration(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.apiBaseURL = apiBaseURL
        self.storageDirectory = storageDirectory
        self.secureStore = secureStore
        self.credentials = credentials
        self.language = language
        self.deviceLanguages = deviceLanguages
        self.client = client
        self.planner = planner
        self.now = now
    }
}
