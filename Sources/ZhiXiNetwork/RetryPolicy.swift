/// How ``APIClient`` retries an idempotent call that got no answer or a 5xx answer:
/// exponential backoff, `initialDelay` then doubling up to `maximumDelay`.
///
/// Non-idempotent calls (sign-in, refresh, uploads, AI requests) are never retried by the
/// client; a 401 is not a transient failure and is handled by the refresh instead.
public struct RetryPolicy: Sendable, Hashable {
    /// Retries after the first attempt (0 for none).
    public var maximumRetries: Int
    /// The wait before the first retry, in seconds.
    public var initialDelay: Double
    /// The longest wait between two attempts, in seconds.
    public var maximumDelay: Double

    /// Creates a policy; negative values count as zero.
    public init(maximumRetries: Int = 2, initialDelay: Double = 0.5, maximumDelay: Double = 8) {
        self.maximumRetries = max(0, maximumRetries)
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(0, maximumDelay)
    }

    /// No retries.
    public static let none = RetryPolicy(maximumRetries: 0)

    /// The wait before retry number `retry` (1, 2, …), in seconds.
    public func delay(beforeRetry retry: Int) -> Double {
        let doubled = initialDelay * Double(1 << min(max(retry - 1, 0), 30))
        return min(doubled, maximumDelay)
    }
}
