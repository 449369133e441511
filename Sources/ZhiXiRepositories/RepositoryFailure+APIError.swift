import ZhiXiDomain
import ZhiXiNetwork

extension RepositoryFailure {
    /// The failure a page sees for a call of the API that failed with `error`.
    public init(_ error: APIError) {
        switch error {
        case .unauthorized: self = .signedOut
        case .cancelled: self = .cancelled
        case .network: self = .unreachable
        case .http(let status, _, _) where status >= 500: self = .serverError(status: status)
        case .http(let status, _, let message): self = .refused(status: status, message: message)
        case .decoding: self = .malformedAnswer
        case .invalidRequest(let reason): self = .refused(status: 0, message: reason)
        case .tokenStorage(let reason): self = .storage(reason: reason)
        }
    }

    /// `true` when the server did not answer usefully and a plan made on the device may
    /// stand in: no answer, a 5xx, an answer that cannot be read, a refusal other than the
    /// session's.
    var allowsOfflinePlan: Bool {
        switch self {
        case .signedOut, .cancelled, .storage: false
        default: true
        }
    }
}
