import ZhiXiNetwork

/// How the in-memory API of the previews (``PreviewAPI``) answers.
package enum PreviewServerMode: Sendable, Hashable {
    /// Every call is answered from the sample learner's data.
    case answering
    /// No call is answered until it is cancelled: pages stay loading.
    case holding
    /// Every call fails as with no network (`APIError.network(.unreachable)`).
    case unreachable
    /// Every call fails with this HTTP status (a 5xx: the server's failure).
    case failing(status: Int)
}
