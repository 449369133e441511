import Foundation

/// The system clock and timers on Swift tasks: the scheduler of the app.
package struct SystemReadingScheduler: ReadingScheduler {
    private let clock: @Sendable () -> Date

    /// Creates the scheduler; `now` is its clock (the system's by default: the app's clock
    /// when it has one of its own), the timers sleep in real time.
    package init(now: @escaping @Sendable () -> Date = { Date() }) {
        clock = now
    }

    /// The clock's time.
    package func now() -> Date { clock() }

    /// A task that sleeps `seconds`, then runs `action` unless cancelled meanwhile.
    package func schedule(after seconds: Double, _ action: @escaping @Sendable () async -> Void) -> any ReadingTimer {
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
