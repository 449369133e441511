import ZhiXiNetwork

/// Why a streamed chat ended without a whole reply.
package enum ChatStreamFailure: Error, Sendable, Hashable {
    /// No reply began: the call failed before the server's 2xx answer (no answer, a refused
    /// session, an HTTP error), or the answer of a server that does not stream was unreadable.
    case request(APIError)
    /// The reply began (the server answered 2xx and streamed) and stopped before its `done`
    /// event: the connection was cut or timed out, the server sent an `error` event, or an
    /// event could not be read. `reason` says which, in English, for logs.
    case interrupted(reason: String)
}
