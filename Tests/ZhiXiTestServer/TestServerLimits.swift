/// Bounds on everything the test server does, so that no loop of it runs forever: counts
/// of connections and requests, and times in seconds.
package struct TestServerLimits: Sendable {
    /// Connections accepted over the server's life; after that it stops accepting.
    package var maximumConnections: Int
    /// Connections served at the same time; more wait in the listen queue.
    package var maximumConcurrentConnections: Int
    /// Requests served on one keep-alive connection before it is closed.
    package var maximumRequestsPerConnection: Int
    /// How long the server accepts connections, in seconds from its start.
    package var lifetime: Double
    /// How long a keep-alive connection may wait for its next request, in seconds.
    package var idleTimeout: Double
    /// How long a started request may take to arrive in full, in seconds.
    package var readTimeout: Double
    /// The longest ``TestServerFault/delay(seconds:)`` honoured, in seconds.
    package var maximumDelay: Double
    /// The largest request body accepted, in bytes.
    package var maximumBodyBytes: Int

    /// Creates limits; the defaults suit a test of a few seconds up to a few minutes.
    package init(
        maximumConnections: Int = 5_000,
        maximumConcurrentConnections: Int = 64,
        maximumRequestsPerConnection: Int = 1_000,
        lifetime: Double = 1_800,
        idleTimeout: Double = 5,
        readTimeout: Double = 10,
        maximumDelay: Double = 30,
        maximumBodyBytes: Int = 16 << 20
    ) {
        self.maximumConnections = maximumConnections
        self.maximumConcurrentConnections = maximumConcurrentConnections
        self.maximumRequestsPerConnection = maximumRequestsPerConnection
        self.lifetime = lifetime
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.maximumDelay = maximumDelay
        self.maximumBodyBytes = maximumBodyBytes
    }
}
