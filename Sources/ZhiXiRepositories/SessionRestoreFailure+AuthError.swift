import ZhiXiAuth
import ZhiXiDomain
import ZhiXiNetwork

extension SessionRestoreFailure {
    /// The failure a login page sees for a restore at launch that failed with `error`; `nil`
    /// when there is nothing to say (cancelled).
    public init?(_ error: AuthError) {
        switch error {
        case .api(.cancelled), .credentialCancelled: return nil
        case .storage, .api(.tokenStorage): self = .storage
        case _ where error.requiresSignIn: self = .expired
        case .api(.network): self = .unreachable
        default: self = .serverError
        }
    }
}
