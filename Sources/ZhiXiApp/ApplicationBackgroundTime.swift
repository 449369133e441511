#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A ``BackgroundTime`` on `UIApplication`'s `beginBackgroundTask(withName:expirationHandler:)`
/// and `endBackgroundTask(_:)`; a task not granted (`.invalid`) is `nil`.
///
/// UIKit platforms only (`#if canImport(UIKit)`). It is not compiled, run or verified on
/// Linux, where the package's tests run; there the lifecycle is tested with a double that
/// records the calls and expires on demand.
public struct ApplicationBackgroundTime: BackgroundTime {
    /// The app's background time.
    public init() {}

    /// `UIApplication.shared.beginBackgroundTask(withName:expirationHandler:)`.
    @MainActor
    public func beginTask(named name: String, expiry: @escaping @MainActor @Sendable () -> Void) -> BackgroundTaskID? {
        let identifier = UIApplication.shared.beginBackgroundTask(withName: name) { expiry() }
        return identifier == .invalid ? nil : BackgroundTaskID(rawValue: identifier.rawValue)
    }

    /// `UIApplication.shared.endBackgroundTask(_:)`.
    @MainActor
    public func endTask(_ id: BackgroundTaskID) {
        UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: id.rawValue))
    }
}
#endif
