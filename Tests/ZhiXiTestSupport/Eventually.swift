/// Waits until `condition` holds; `true` when it held in time, `false` when both `seconds`
/// have passed and `condition` was checked `seconds × 1000` times (a test expects the result:
/// `#expect(await eventually { … })`).
///
/// The one polling helper of the tests, for a state another thread or task is about to reach
/// where nothing signals it (a request reaching a loopback server, a view model's state). It
/// checks at once, then after each millisecond, in the caller's isolation: on the main actor
/// for a main-actor test, so the actor's other work runs between checks. Where an event says
/// the state was reached, wait on the event instead (``AsyncGate/waitForArrivals(_:within:)``,
/// a task's value). It never waits forever, and time only bounds the wait: no test asserts
/// on how long it took. The bound is ``HangGuard/seconds`` unless a test gives its own; and a
/// caller starved of its executor (a loaded machine, other tests computing on the cooperative
/// threads or the main actor) still gets all its checks, each after the work queued before it,
/// so a state that comes is seen however busy the machine is.
///
/// - Complexity: at least `seconds × 1000` evaluations of `condition` before `false`.
package func eventually(
    within seconds: Double = HangGuard.seconds, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
    let chances = Int(seconds * 1000)
    var checks = 1
    while !condition() {
        guard clock.now < deadline || checks < chances else { return false }
        try? await Task.sleep(nanoseconds: 1_000_000)
        checks += 1
    }
    return true
}
