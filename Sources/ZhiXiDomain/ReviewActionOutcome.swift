/// What became of one completion or skip.
package enum ReviewActionOutcome: Sendable, Hashable {
    /// The server has it.
    case delivered
    /// Kept on the device (the server did not answer); it is sent when the network is back,
    /// exactly once in effect, after a relaunch too.
    case waiting
    /// The server refused it for good (the task is gone); it was dropped.
    case refused
}
