/// Where an event is in the runtime's buffer: pending → exported → acknowledged (and
/// removed), or failed and pending again after ``ReadingRuntimeAdapter/reloadStale()``.
package enum ReadingBufferState: Sendable, Hashable {
    /// Waiting to be exported.
    case pending
    /// Handed out by ``ReadingRuntimeAdapter/exportEvents(limit:)``, not yet acknowledged.
    case exported
    /// Its hand-off failed; exported again after ``ReadingRuntimeAdapter/reloadStale()``.
    case failed
}
