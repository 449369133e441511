import Foundation

/// A meeting point for requests: each request held at the gate waits until `count`
/// requests have arrived (or `timeout` seconds pass, or the test calls ``open()``), so a
/// test can make sure that many requests are in flight at the same moment, or hold one
/// until something else has happened.
package final class TestServerGate: @unchecked Sendable {
    /// The number of requests the gate waits for.
    package let count: Int
    /// The longest a request waits at the gate, in seconds.
    package let timeout: Double
    private let condition = NSCondition()
    private var arrived = 0

    /// Creates a gate for `count` requests, waiting at most `timeout` seconds (a guard against a
    /// test that never opens it or whose requests never come:
    /// ``TestClientTimeouts/gateHoldSeconds`` unless given).
    package init(count: Int, timeout: Double = TestClientTimeouts.gateHoldSeconds) {
        self.count = count
        self.timeout = timeout
    }

    /// Requests that have arrived so far.
    package var arrivals: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrived
    }

    /// Lets every request held at the gate, now and later, go on.
    package func open() {
        condition.lock()
        arrived = max(arrived, count)
        condition.broadcast()
        condition.unlock()
    }

    /// Counts one arrival and waits for the others; `true` when all arrived in time.
    @discardableResult
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while arrived < count {
            if !condition.wait(until: deadline) { return arrived >= count }
        }
        return true
    }
}
