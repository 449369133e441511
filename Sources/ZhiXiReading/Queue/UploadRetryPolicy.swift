/// How a flush retries a batch that the server answered with an error of its own (5xx),
/// 408 or 429: waits of 1, 2, 4, 8 seconds (the last repeated), at most
/// ``maximumRetries`` retries; after that the batch is kept for a later flush.
package struct UploadRetryPolicy: Sendable, Hashable {
    /// Retries of one batch within a flush (default 3).
    package var maximumRetries: Int
    /// The waits before retry 1, 2, …, in seconds; the last one repeats.
    package var delays: [Double]

    /// Creates a policy; a negative retry count counts as zero, an empty delay list as
    /// no wait.
    package init(maximumRetries: Int = 3, delays: [Double] = [1, 2, 4, 8]) {
        self.maximumRetries = max(0, maximumRetries)
        self.delays = delays.map { max(0, $0) }
    }

    /// The wait before retry number `retry` (1, 2, …), in seconds.
    package func delay(beforeRetry retry: Int) -> Double {
        guard let last = delays.last else { return 0 }
        return retry >= 1 && retry <= delays.count ? delays[retry - 1] : last
    }
}
