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

    /// `true` when the server could not be reached or gave no usable answer, so that nothing
    /// was decided about the session: no answer (unreachable, timed out, connection lost),
    /// a 5xx, 408 or 429 (after the client's retries), a redirect (the client follows none:
    /// a captive portal, a proxy), or an answer that is not the server's JSON. A refusal
    /// (``requiresSignIn``) is not one, nor a failure of the device's own storage.
    public var isServerUnavailable: Bool {
        guard case .api(let error) = self else { return false }
        switch error {
        case .network, .decoding: return true
        case .http(let status, _, _): return status >= 500 || status == 408 || status == 429 || (300 ..< 400).contains(status)
        default: return false
        }
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
