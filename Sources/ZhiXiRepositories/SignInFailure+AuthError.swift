import ZhiXiAuth
import ZhiXiDomain
import ZhiXiNetwork

extension SignInFailure {
    /// The failure a login page sees for `error`.
    public init(_ error: AuthError) {
        switch error {
        case .credentialCancelled: self = .cancelled
        case .credentialUnavailable: self = .credentialUnavailable
        case .storage: self = .storage
        case .api(let apiError):
            switch apiError {
            case .network: self = .unreachable
            case .unauthorized, .http(400 ..< 500, _, _): self = .refused
            case .cancelled: self = .cancelled
            case .tokenStorage: self = .storage
            default: self = .serverError
            }
        }
    }
}
