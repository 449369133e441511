/// Something the test server does instead of (or around) answering a request normally.
package enum TestServerFault: Sendable {
    /// Answer with this instead; the route's handler does not run.
    case respond(TestHTTPResponse)
    /// Wait this many seconds (at most the limits' ``TestServerLimits/maximumDelay``),
    /// then answer normally.
    case delay(seconds: Double)
    /// Close the connection without answering; the handler does not run.
    case closeConnection
    /// Run the handler (its effects happen), then close the connection without answering:
    /// the answer is lost on the way.
    case loseAnswer
    /// Run the handler, then send the status line, headers and only the first half of the
    /// body before closing: a truncated answer.
    case truncateAnswer
    /// Run the handler, then send a body that is not valid JSON (the handler's body cut
    /// in the middle, with the full length announced correctly).
    case malformedJSON
    /// Run the handler and change its answer before sending it (for example to break one
    /// field of the JSON).
    case rewrite(@Sendable (TestHTTPResponse) -> TestHTTPResponse)
    /// Run the handler, then send its answer announcing `contentLength` bytes of body (a
    /// server claiming a huge answer), send what the handler's body has, and hold the
    /// connection open for up to the limits' ``TestServerLimits/maximumDelay`` before closing.
    case announceContentLength(Int)
    /// Hold the request at the gate until enough requests have arrived there (or the
    /// gate's timeout passes), then answer normally.
    case hold(TestServerGate)
}
