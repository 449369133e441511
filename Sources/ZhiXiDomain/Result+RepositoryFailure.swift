extension Result where Failure == RepositoryFailure {
    /// The answer of a repository call as a value: what `body` returns, or the failure it
    /// throws (a page keeps it to draw once it knows its step is still the latest). `body`
    /// runs on the caller's actor (`isolation`).
    /// - Parameters:
    ///   - isolation: the caller's actor, by default.
    ///   - body: the call.
    /// - Complexity: that of `body`.
    package static func of(isolation: isolated (any Actor)? = #isolation,
                          _ body: () async throws(RepositoryFailure) -> Success) async -> Self {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
