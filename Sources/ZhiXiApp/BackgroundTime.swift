/// What gives the app time to finish work after it went to the background: the seam of
/// UIKit's `beginBackgroundTask` (`ApplicationBackgroundTime` where UIKit is); tests and
/// platforms without it give their own (a test double that records the calls and lets the
/// time run out when the test says).
///
/// The contract, as UIKit's: every task begun is ended once, by ``endTask(_:)``, when its work
/// is done or when `expiry` is called (the time ran out), whichever comes first.
public protocol BackgroundTime: Sendable {
    /// Asks for time to finish `name`'s work in the background; `nil` when none is given (the
    /// work runs anyway, as long as the system lets it). `expiry` runs on the main actor if the
    /// time runs out before ``endTask(_:)``: the work must stop and the task be ended.
    @MainActor
    func beginTask(named name: String, expiry: @escaping @MainActor @Sendable () -> Void) -> BackgroundTaskID?

    /// Ends the task `id` (the system may suspend the app).
    @MainActor
    func endTask(_ id: BackgroundTaskID)
}

/// A task of ``BackgroundTime``: UIKit's `UIBackgroundTaskIdentifier` by its raw value.
public struct BackgroundTaskID: Sendable, Hashable {
    /// The identifier's raw value.
    public var rawValue: Int

    /// Wraps `rawValue`.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}
