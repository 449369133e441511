import ZhiXiApp

/// Background time a test drives (the stand-in for UIKit's `beginBackgroundTask` on Linux):
/// it grants every task, records each begin and end with what `observe` saw at that moment,
/// and lets the time run out when the test says (``expire()``).
@MainActor
package final class RecordingBackgroundTime: BackgroundTime {
    /// One call, with what `observe` returned then.
    package enum Step: Sendable, Hashable {
        /// A task began (its name).
        case began(String, observed: Int)
        /// The time of the open tasks ran out (``expire()``).
        case expired(observed: Int)
        /// A task ended.
        case ended(observed: Int)
        /// A task was ended that was not open (ended twice, or never begun): the caller's fault.
        case endedNotOpen
    }

    /// The calls so far, in order.
    package private(set) var steps: [Step] = []
    private let observe: @MainActor () -> Int
    private var open: [BackgroundTaskID: @MainActor @Sendable () -> Void] = [:]
    private var nextID = 0

    /// A double recording `observe()` (such as the events the server holds) with each step.
    package init(observe: @escaping @MainActor () -> Int = { 0 }) {
        self.observe = observe
    }

    /// The tasks begun and not ended.
    package var openTasks: Int { open.count }

    /// Grants a task.
    package func beginTask(named name: String, expiry: @escaping @MainActor @Sendable () -> Void) -> BackgroundTaskID? {
        nextID += 1
        let id = BackgroundTaskID(rawValue: nextID)
        open[id] = expiry
        steps.append(.began(name, observed: observe()))
        return id
    }

    /// Ends a task; ending one not open (twice, or never begun) is recorded too, as a fault of the caller.
    package func endTask(_ id: BackgroundTaskID) {
        steps.append(open.removeValue(forKey: id) == nil ? .endedNotOpen : .ended(observed: observe()))
    }

    /// The time runs out: every open task's expiry handler runs.
    package func expire() {
        steps.append(.expired(observed: observe()))
        for handler in open.values { handler() }
    }
}
