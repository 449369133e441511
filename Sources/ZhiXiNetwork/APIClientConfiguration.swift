/// How ``APIClient`` talks to the server: timeouts, retries, connections.
public struct APIClientConfiguration: Sendable, Hashable {
    /// The longest wait for the server to send the next bytes of an answer, in seconds
    /// (`URLRequest.timeoutInterval`). Default 30.
    public var requestTimeout: Double
    /// The longest one exchange may take, its whole answer included, in seconds
    /// (`timeoutIntervalForResource`, and a watchdog of the client's own that cuts a body that
    /// never ends right there). Default 120.
    public var resourceTimeout: Double
    /// The longest all of the client's calls may take together — every exchange, retry,
    /// pause and refresh — in seconds from the client's creation; `nil` (the default) for no
    /// limit. An exchange is given at most what is left, and a call past it fails with
    /// ``NetworkFailure/outOfTime(seconds:)``: what bounds the whole wait of a command.
    public var totalTimeout: Double?
    /// The most answer bytes all of the client's calls may read together; `nil` (the
    /// default) for no limit. A call that would read past it fails with
    /// ``APIError/decoding(path:reason:)``, so a server paging without end cannot make the
    /// client hold more.
    public var maximumTotalAnswerBytes: Int?
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
        maximumAnswerBytes: Int = 32 << 20,
        totalTimeout: Double? = nil,
        maximumTotalAnswerBytes: Int? = nil
    ) {
        self.totalTimeout = totalTimeout
        self.maximumTotalAnswerBytes = maximumTotalAnswerBytes
        self.maximumAnswerBytes = max(1, maximumAnswerBytes)
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        self.retryPolicy = retryPolicy
        self.maximumConnectionsPerHost = maximumConnectionsPerHost
    }
}
