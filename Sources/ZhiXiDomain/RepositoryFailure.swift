/// Why a repository could not give what a page asked for, in the cases a page tells apart.
/// A page behind sign-in shows ``signedOut`` as its logged-out state, not as an error;
/// ``cancelled`` is never shown (a newer load took over).
public enum RepositoryFailure: Error, Sendable, Hashable {
    /// No learner is signed in, or the server refused the session and it could not be renewed.
    case signedOut
    /// The server could not be reached (and nothing kept on the device can stand in).
    case unreachable
    /// The server failed: an HTTP status of 500 or above, after the client's retries.
    case serverError(status: Int)
    /// The server refused the request: an HTTP status of 400–499 other than 401, with the
    /// server's message when it sent one.
    case refused(status: Int, message: String?)
    /// The server's answer could not be read.
    case malformedAnswer
    /// The device's files could not be read or written; `reason` says why (for logs, in
    /// English).
    case storage(reason: String)
    /// What was asked for does not exist, such as a lesson id the learner does not have.
    case notFound(id: String)
    /// The work was cancelled (a newer load took over, or the page went away).
    case cancelled
}
