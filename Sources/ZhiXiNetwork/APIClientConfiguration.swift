/// How ``APIClient`` talks to the server: timeouts, retries, connections.
public struct APIClientConfiguration: Sendable, Hashable {
    /// The longest wait for the server to send the next bytes of an answer, in seconds
    /// (`URLRequest.timeoutInterval`). Default 30.
    public var requestTimeout: Double
    /// The longest a whole call may take, answer included, in seconds
    /// (`timeoutIntervalForResource`). Default 120.
    public var resourceTimeout: Double
    /// Retries of idempotent calls on transient failures.
    public var retryPolicy: RetryPolicy
    /// Connections the client opens to the server at once. Default 6.
    public var maximumConnectionsPerHost: Int
    /// The largest answer body read, in bytes (default 32 MiB): a larger answer, announced or
    /// streamed, is stopped as soon as that is known and the call fails with
    /// ``APIError/decoding(path:reason:)``, so a server cannot make the client hold more.
    public var maximumAnswerBytes: Int

    /// Creates a configuration.
    public init(
        requestTimeout: Double = 30,
        resourceTimeout: Double = 120,
        retryPolicy: RetryPolicy = RetryPolicy(),
        maximumConnectionsPerHost: Int = 6,
        maximumAnswerBytes: Int = 32 << 20
    ) {
        self.maximumAnswerBytes = max(1, maximumAnswerBytes)
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        self.retryPolicy = retryPolicy
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
    }
}
