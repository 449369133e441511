import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted connection of the test server: reads HTTP/1.1 requests with deadlines and
/// writes answers. Used by one thread at a time.
final class HTTPConnection {
    /// What reading the next request gave.
    enum ReadOutcome {
        case request(TestHTTPRequest)
        /// The peer closed, the deadline passed or the server is stopping.
        case ended
        /// The bytes are not an HTTP request this server accepts; answer 400 and close.
        case malformed(String)
    }

    private let descriptor: Int32
    private let limits: TestServerLimits
    private let isStopping: () -> Bool
    private var buffer: [UInt8] = []
    private var isClosed = false

    init(descriptor: Int32, limits: TestServerLimits, isStopping: @escaping () -> Bool) {
        self.descriptor = descriptor
        self.limits = limits
        self.isStopping = isStopping
        Sockets.configureAccepted(descriptor)
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        shutdown(descriptor, Int32(SHUT_RDWR))
        _ = closeDescriptor(descriptor)
    }

    /// Reads the next request: waits at most the idle timeout for it to start and the read
    /// timeout for it to arrive in full.
    func readRequest() -> ReadOutcome {
        let idleDeadline = Date(timeIntervalSinceNow: limits.idleTimeout)
        var requestDeadline: Date?
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headerEnd != nil { break }
            if buffer.count > 64 * 1024 { return .malformed("request headers larger than 64 KiB") }
            if !buffer.isEmpty, requestDeadline == nil { requestDeadline = Date(timeIntervalSinceNow: limits.readTimeout) }
            guard fill(until: requestDeadline ?? idleDeadline) else { return .ended }
        }
        let headerBytes = buffer[..<headerEnd!]
        buffer.removeFirst(headerEnd! + 4)
        guard let head = String(bytes: headerBytes, encoding: .utf8) else { return .malformed("request head is not UTF-8") }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            return .malformed("bad request line")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return .malformed("bad header line") }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"] != nil { return .malformed("chunked request bodies are not supported") }
        let length = Int(headers["content-length"] ?? "0") ?? -1
        guard length >= 0, length <= limits.maximumBodyBytes else { return .malformed("bad or too large Content-Length") }
        if length > 0, headers["expect"]?.lowercased() == "100-continue" {
            guard write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .ended }
        }
        let bodyDeadline = requestDeadline ?? Date(timeIntervalSinceNow: limits.readTimeout)
        while buffer.count < length {
            guard fill(until: bodyDeadline) else { return .ended }
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return .request(TestHTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body))
    }

    /// Writes an answer; `false` when the peer has gone.
    @discardableResult
    func write(_ response: TestHTTPResponse, keepAlive: Bool, bodyPrefix: Int? = nil, announcedLength: Int? = nil) -> Bool {
        if let stream = response.stream { return writeStreamed(response, stream) }
        var head = "HTTP/1.1 \(response.status) \(TestHTTPResponse.reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
        where !["content-length", "connection"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(announcedLength ?? response.body.count)\r\n"
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = Array(head.utf8)
        bytes.append(contentsOf: response.body.prefix(bodyPrefix ?? response.body.count))
        return write(bytes)
    }

    func write(_ bytes: [UInt8]) -> Bool {
        Sockets.writeAll(descriptor, bytes)
    }

    /// Reads what has arrived into the buffer; `false` at the end of the stream, on an
    /// error, when `deadline` passes or when the server stops.
    private func fill(until deadline: Date) -> Bool {
        while true {
            if isStopping() || Date() >= deadline { return false }
            guard Sockets.waitReadable(descriptor, milliseconds: 50) else { continue }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}

/// The C `close`, which a method named `close` would otherwise hide.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}
