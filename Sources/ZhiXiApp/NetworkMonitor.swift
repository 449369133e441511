/// What tells the app whether the network can be used: the seam of `NWPathMonitor`
/// (`PathNetworkMonitor` on Apple platforms); tests and platforms without it give their
/// own (a test double reporting what the test says).
public protocol NetworkMonitor: Sendable {
    /// Whether a path to the network is usable: the current state first, then every change.
    /// Each call makes a new stream; it ends when its reader stops.
    func reachability() -> AsyncStream<Bool>
}
