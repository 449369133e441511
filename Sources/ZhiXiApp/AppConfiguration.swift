import Foundation
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiPlanner
import ZhiXiReading
import ZhiXiRepositories

/// What the app is built from: the server, where the device keeps things, how the learner
/// signs in, the language and the clock.
public struct AppConfiguration: Sendable {
    /// The API's base URL, ending in `/api`.
    public var apiBaseURL: URL
    /// The directory under which each learner's data is kept, in a private directory of
    /// their own (`users/<id in hex>/`: the workspace, the outbox of completions, the reading
    /// positions and the reading-event queue).
    public var storageDirectory: URL
    /// Where the session's tokens, and the learner they are for (for a launch without
    /// network), are kept: the Keychain (`KeychainStore`) on Apple platforms, a private file
    /// store or memory elsewhere.
    public var secureStore: any SecureStore
    /// Where Sign in with Apple's credential comes from (`AuthorizationControllerCredentialProvider`
    /// on Apple platforms).
    public var credentials: any AppleCredentialProvider
    /// The language of the pages, of the planner's reasons and of the AI's answers; `nil`
    /// (the default) follows the learner: the one they choose in settings, else the signed-in
    /// user's `preferredLanguage`, then their profile's, then ``deviceLanguages``, then
    /// Simplified Chinese (`AppContainer/language`, `AppLanguage/init(user:profile:device:)`).
    public var language: AppLanguage?
    /// The device's languages in order of preference (`Locale.preferredLanguages` unless given),
    /// for a learner who has set none.
    public var deviceLanguages: [String]
    /// Timeouts and retries of the API client.
    public var client: APIClientConfiguration
    /// The planner's configuration for the plans made on the device (its `language` is set
    /// to ``language``, else the learner's: see `planLanguage`).
    public var planner: PlannerConfiguration
    /// The clock of the pages and the plans.
    public var now: @Sendable () -> Date
    /// The app's version, sent with every reading event (`appVersion`); by default the
    /// bundle's `CFBundleShortVersionString`, `nil` without one.
    public var appVersion: String?
    /// What tells the app the network came back (`networkDidRecover()`): `NWPathMonitor`
    /// (`PathNetworkMonitor`) on Apple platforms by default; `nil` elsewhere (the app's
    /// code, or a test, calls ``AppLifecycle/networkDidRecover()`` itself).
    public var networkMonitor: (any NetworkMonitor)?
    /// The reading pipeline's clock and timers (heartbeat, debounce, the 30-second upload);
    /// `nil` (default): the timers in real time, the clock ``now``. The tests' seam: an app
    /// keeps the default.
    package var readingScheduler: (any ReadingScheduler)?
    /// What gives the app time to flush after it went to the background
    /// (``AppLifecycle/didEnterBackground()``): UIKit's `beginBackgroundTask`
    /// (`ApplicationBackgroundTime`) where UIKit is, by default; `nil` elsewhere (the flush
    /// runs as long as the process does).
    public var backgroundTime: (any BackgroundTime)?

    /// Creates a configuration.
    public init(apiBaseURL: URL, storageDirectory: URL, secureStore: any SecureStore, credentials: any AppleCredentialProvider,
                language: AppLanguage? = nil, deviceLanguages: [String] = Locale.preferredLanguages,
                client: APIClientConfiguration = APIClientConfiguration(),
                planner: PlannerConfiguration = PlannerConfiguration(), now: @escaping @Sendable () -> Date = { Date() },
                appVersion: String? = AppConfiguration.bundleVersion, networkMonitor: (any NetworkMonitor)? = AppConfiguration.systemNetworkMonitor,
                backgroundTime: (any BackgroundTime)? = AppConfiguration.systemBackgroundTime) {
        self.init(apiBaseURL: apiBaseURL, storageDirectory: storageDirectory, secureStore: secureStore, credentials: credentials,
                  language: language, deviceLanguages: deviceLanguages, client: client, planner: planner, now: now,
                  appVersion: appVersion, networkMonitor: networkMonitor, readingScheduler: nil, backgroundTime: backgroundTime)
    }

    /// Creates a configuration whose reading pipeline runs on `readingScheduler` (`nil`: the
    /// timers in real time, the clock `now`).
    package init(apiBaseURL: URL, storageDirectory: URL, secureStore: any SecureStore, credentials: any AppleCredentialProvider,
                 language: AppLanguage? = nil, deviceLanguages: [String] = Locale.preferredLanguages,
                 client: APIClientConfiguration = APIClientConfiguration(),
                 planner: PlannerConfiguration = PlannerConfiguration(), now: @escaping @Sendable () -> Date = { Date() },
                 appVersion: String? = AppConfiguration.bundleVersion,
                 networkMonitor: (any NetworkMonitor)? = AppConfiguration.systemNetworkMonitor,
                 readingScheduler: (any ReadingScheduler)?,
                 backgroundTime: (any BackgroundTime)? = AppConfiguration.systemBackgroundTime) {
        self.apiBaseURL = apiBaseURL
        self.storageDirectory = storageDirectory
        self.secureStore = secureStore
        self.credentials = credentials
        self.language = language
        self.deviceLanguages = deviceLanguages
        self.client = client
        self.planner = planner
        self.now = now
        self.appVersion = appVersion
        self.networkMonitor = networkMonitor
        self.readingScheduler = readingScheduler
        self.backgroundTime = backgroundTime
    }

    /// The language of the plans made on the device without a language chosen in settings:
    /// ``language`` when set, else the learner's (the user's `preferredLanguage`, the
    /// profile's, ``deviceLanguages``, Simplified Chinese), read from the workspace planned.
    /// (`AppContainer` adds the settings' choice: `PlanLanguage.chosen`.)
    package var planLanguage: PlanLanguage {
        language.map(PlanLanguage.fixed) ?? .learner(device: deviceLanguages)
    }

    /// The main bundle's `CFBundleShortVersionString`, if it has one.
    public static var bundleVersion: String? {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    }

    /// The system's network monitor: `PathNetworkMonitor` where the Network framework is,
    /// `nil` elsewhere.
    public static var systemNetworkMonitor: (any NetworkMonitor)? {
        #if canImport(Network)
        PathNetworkMonitor()
        #else
        nil
        #endif
    }

    /// The system's background time: `ApplicationBackgroundTime` where UIKit is, `nil` elsewhere.
    public static var systemBackgroundTime: (any BackgroundTime)? {
        #if canImport(UIKit) && !os(watchOS)
        ApplicationBackgroundTime()
        #else
        nil
        #endif
    }
}
