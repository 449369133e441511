#if canImport(Network)
import Dispatch
import Network

/// A ``NetworkMonitor`` on `NWPathMonitor`: a path `satisfied` is the network usable.
///
/// Apple platforms only (`#if canImport(Network)`). It is not compiled, run or verified on
/// Linux, where the package's tests run; there the lifecycle is tested with a monitor the
/// test drives.
public struct PathNetworkMonitor: NetworkMonitor {
    /// A monitor of every interface.
    public init() {}

    /// Starts an `NWPathMonitor` for the stream; it is cancelled when the stream ends.
    public func reachability() -> AsyncStream<Bool> {
        AsyncStream { continuation in
            let monitor = MonitorBox(NWPathMonitor())
            monitor.monitor.pathUpdateHandler = { path in
                continuation.yield(path.status == .satisfied)
            }
            continuation.onTermination = { _ in monitor.monitor.cancel() }
            monitor.monitor.start(queue: DispatchQueue(label: "ZhiXiApp.PathNetworkMonitor"))
        }
    }

    /// The monitor, handed to the stream's termination handler.
    private final class MonitorBox: @unchecked Sendable {
        let monitor: NWPathMonitor
        init(_ monitor: NWPathMonitor) { self.monitor = monitor }
    }
}
#endif
