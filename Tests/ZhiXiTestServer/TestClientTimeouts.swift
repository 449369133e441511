/// The time limits, in seconds, of what the tests' loopback servers hold and of the API clients
/// the tests make. A test's verdict is decided by its gates and events, never by how busy the
/// machine is: a request held at a gate, or slowed by a loaded machine, must not time out
/// before the test opens the gate (it would be retried, one request more than the test counts,
/// or fail as timed out), and a test may wait minutes for its turn while others compute. So a
/// gate holds for ten minutes at most and the clients wait longer than that; a test of a
/// time-out gives its own, shorter limits (and a delay far longer than them).
package enum TestClientTimeouts {
    /// The longest a ``TestServerGate`` holds a request unless a test says otherwise: ten
    /// minutes, the tests' `HangGuard.seconds` (ZhiXiTestSupport, which this target does not
    /// import: the two are held equal by a test).
    package static let gateHoldSeconds: Double = 600
    /// The longest one request waits for its answer: twice a gate's longest hold.
    package static let requestSeconds: Double = 1_200
    /// The longest one exchange takes in all: twice a request's.
    package static let resourceSeconds: Double = 2_400
}
