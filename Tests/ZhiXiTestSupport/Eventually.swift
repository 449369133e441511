/// Waits until `condition` holds, for at most `seconds`; `true` when it held in time, `false`
/// when the time ran out (a test expects the result: `#expect(await eventually { … })`).
///
/// The one polling helper of the tests, for a state another thread or task is about to reach
/// where nothing signals it (a request reaching a loopback server, a view model's state). It
/// checks at once, then after each millisecond, in the caller's isolation: on the main actor
/// for a main-actor test, so the actor's other work runs between checks. Where an event says
/// the state was reached, wait on the event instead (``AsyncGate/waitForArrivals(_:within:)``,
/// a task's value). It never waits forever, and time only bounds the wait: no test asserts
/// on how long it took.
///
/// - Complexity: at most `seconds × 1000` evaluations of `condition`.
package func eventually(
    within seconds: Double = 60, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
    return true
}
