import Foundation

extension HTTPConnection {
    /// Writes `response`'s head and then `stream`'s pieces as chunks (`Transfer-Encoding:
    /// chunked`, `Connection: close`), holding at its gates; `false` when the peer has gone or
    /// the stream was cut (the connection is then closed by the caller).
    func writeStreamed(_ response: TestHTTPResponse, _ stream: TestHTTPStream) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(TestHTTPResponse.reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where !["content-length", "connection", "transfer-encoding"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        guard write(Array(head.utf8)) else { return false }
        for step in stream.steps {
            switch step {
            case .send(let data):
                guard !data.isEmpty else { continue }
                guard write(Array((String(data.count, radix: 16) + "\r\n").utf8) + Array(data) + [13, 10]) else { return false }
            case .hold(let gate):
                gate.arriveAndWait()
            case .cut:
                return false
            }
        }
        _ = write(Array("0\r\n\r\n".utf8))
        return false
    }
}
