import ZhiXiNetwork

/// Why signing in, renewing the session or signing out failed.
public enum AuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The learner closed the Sign in with Apple sheet.
    case credentialCancelled
    /// No Apple credential could be obtained; `reason` says why.
    case credentialUnavailable(reason: String)
    /// The server could not be reached, refused, or answered wrongly.
    case api(APIError)
    /// The tokens could not be saved or cleared; `reason` says why.
    case storage(reason: String)

    /// `true` when the learner has to sign in: no session, or the server refused it.
    public var requiresSignIn: Bool {
        if case .api(.unauthorized) = self { return true }
        return false
    }

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .credentialCancelled: "Sign in with Apple was cancelled"
        case .credentialUnavailable(let reason): "no Apple credential: \(reason)"
        case .api(let error): error.description
        case .storage(let reason): reason
        }
    }
}
