import ZhiXiApp
import ZhiXiCore

/// A network monitor a test drives (the stand-in for `NWPathMonitor` on Linux): ``report(_:)``
/// tells every stream whether the network is usable.
package final class ManualNetworkMonitor: NetworkMonitor {
    private let state: Locked<Bool>
    private let broadcast = Broadcast<Bool>()

    /// A monitor saying the network is `usable` (by default, it is).
    package init(usable: Bool = true) {
        state = Locked(usable)
    }

    /// The current state, then every report.
    package func reachability() -> AsyncStream<Bool> {
        broadcast.stream(startingWith: state.withLock { $0 })
    }

    /// Tells the readers whether the network is usable now.
    package func report(_ usable: Bool) {
        state.withLock { $0 = usable }
        broadcast.yield(usable)
    }
}
