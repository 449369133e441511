/// Waits on the main actor until `condition` holds, checking every millisecond (letting the
/// main actor's other work run between checks) for at most `seconds`; `true` when it held
/// in time. For a state that a task on the main actor is about to reach; never waits forever.
@MainActor
public func eventually(within seconds: Double = 10, _ condition: @MainActor () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
