/// Why restoring the session at launch left the learner signed out, in the cases a login
/// page tells apart. Nothing kept on the device (a first launch, or after signing out) is not
/// a failure.
public enum SessionRestoreFailure: Error, Sendable, Hashable {
    /// The server refused the saved session (expired or revoked): sign in again.
    case expired
    /// The server could not be reached, and the device does not remember the learner to
    /// sign them in without it (the saved session is kept for the next try).
    case unreachable
    /// The server failed or answered something unusable (the saved session is kept).
    case serverError
    /// The saved session could not be read or changed on the device.
    case storage
}
