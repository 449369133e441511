/// Why a plan was made on the device rather than taken from the server, so a page can say
/// what happened: no answer, the server's own failure, a refusal, or an unreadable answer.
public enum OfflineCause: Sendable, Hashable {
    /// The server could not be reached (no network, a timeout, a lost connection).
    case unreachable
    /// The server failed: an HTTP status of 500 or above, after the client's retries.
    case serverError(status: Int)
    /// The server refused a request of the plan: an HTTP status of 400–499 other than 401,
    /// with the server's message when it sent one.
    case refused(status: Int, message: String?)
    /// The server's answer could not be read.
    case malformedAnswer

    /// The cause a repository's `failure` stands for; `nil` for the failures no plan made on
    /// the device answers (signed out, cancelled, storage, not found).
    public init?(_ failure: RepositoryFailure) {
        switch failure {
        case .unreachable: self = .unreachable
        case .serverError(let status): self = .serverError(status: status)
        case .refused(let status, let message): self = .refused(status: status, message: message)
        case .malformedAnswer: self = .malformedAnswer
        case .signedOut, .storage, .notFound, .cancelled: return nil
        }
    }
}
