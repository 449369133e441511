import Foundation

/// An answer of the test server.
package struct TestHTTPResponse: Sendable {
    /// The HTTP status.
    package var status: Int
    /// Extra headers (`Content-Length` and `Connection` are added by the server).
    package var headers: [String: String]
    /// The body.
    package var body: Data
    /// A body written piece by piece instead of ``body`` (chunked), `nil` for none.
    package var stream: TestHTTPStream?

    /// Creates an answer.
    package init(status: Int, headers: [String: String] = [:], body: Data = Data(), stream: TestHTTPStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// A JSON answer with `body` encoded by the model's encoder.
    package static func json(_ value: some Encodable, status: Int = 200) -> TestHTTPResponse {
        let data = (try? FakeZhiXiAPI.encoder.encode(value)) ?? Data("{}".utf8)
        return TestHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// A JSON answer whose body is `text` as it stands (valid JSON or not).
    package static func rawJSON(_ text: String, status: Int = 200) -> TestHTTPResponse {
        TestHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    /// An error answer with the API's `{"code", "message"}` body.
    package static func error(_ status: Int, code: String, message: String) -> TestHTTPResponse {
        json(["code": code, "message": message], status: status)
    }

    /// An empty answer (`204 No Content` by default).
    package static func empty(status: Int = 204) -> TestHTTPResponse { TestHTTPResponse(status: status) }

    /// The reason phrase of a status, for the status line.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 307: "Temporary Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}
