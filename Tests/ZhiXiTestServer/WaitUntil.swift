/// Waits until `condition` holds, checking every millisecond for at most `seconds`;
/// `true` when it held in time. For tests that must wait for a request to reach the server
/// before acting, without ever waiting forever.
public func waitUntil(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
