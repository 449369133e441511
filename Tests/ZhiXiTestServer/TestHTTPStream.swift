import Foundation

/// A body the test server writes piece by piece (`Transfer-Encoding: chunked`), for answers
/// that are streamed: each piece goes out as one chunk, a step may hold the stream at a gate
/// until the test opens it, and a stream may be cut (the connection closed with no end chunk).
package struct TestHTTPStream: Sendable {
    /// One step of the stream.
    package enum Step: Sendable {
        /// Write these bytes as one chunk.
        case send(Data)
        /// Wait at the gate (at most its timeout) before going on.
        case hold(TestServerGate)
        /// Close the connection here, without the end chunk: a stream cut mid-way.
        case cut
    }

    /// The steps, in order; after the last one the end chunk is written.
    package var steps: [Step]

    /// A stream of `steps`.
    package init(steps: [Step]) {
        self.steps = steps
    }
}
