import Foundation

/// The system clock and timers on Swift tasks: the scheduler of the app.
public struct SystemReadingScheduler: ReadingScheduler {
    /// Creates the scheduler.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }

    /// A task that sleeps `seconds`, then runs `action` unless cancelled meanwhile.
    public func schedule(after seconds: Double, _ action: @escaping @Sendable () async -> Void) -> any ReadingTimer {
        TaskTimer(task: Task {
            do {
                try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            } catch {
                return
            }
            await action()
        })
    }

    private struct TaskTimer: ReadingTimer {
        let task: Task<Void, Never>
        func cancel() { task.cancel() }
    }
}
