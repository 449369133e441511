/// Why signing in did not sign the learner in, in the cases a login page tells apart.
public enum SignInFailure: Error, Sendable, Hashable {
    /// The learner closed the Sign in with Apple sheet: nothing to say.
    case cancelled
    /// Sign in with Apple could not give a credential on this device.
    case credentialUnavailable
    /// The server did not accept the credential.
    case refused
    /// The server could not be reached.
    case unreachable
    /// The server failed (a 5xx) or answered something unreadable.
    case serverError
    /// The tokens could not be kept on the device.
    case storage
    /// Another sign-in, restore or sign-out of the session is under way.
    case busy
}
