import Foundation

/// The clock and the timers of the session manager, injected so that tests run a day of
/// reading in no time (see `SystemReadingScheduler` for the real one).
package protocol ReadingScheduler: Sendable {
    /// The current time.
    func now() -> Date

    /// Runs `action` once, `seconds` from now, unless the returned timer is cancelled first.
    func schedule(after seconds: Double, _ action: @escaping @Sendable () async -> Void) -> any ReadingTimer
}

/// A scheduled action of a ``ReadingScheduler``.
package protocol ReadingTimer: Sendable {
    /// Stops the action from running, if it has not started.
    func cancel()
}
