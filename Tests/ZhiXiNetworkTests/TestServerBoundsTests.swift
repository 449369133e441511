import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import ZhiXiTestSupport
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("The test server keeps to its bounds")
struct TestServerBoundsTests {
    @Test("it stops accepting after its connection limit")
    func connectionLimit() async throws {
        let server = try TestHTTPServer(limits: TestServerLimits(maximumConnections: 1))
        defer { server.stop() }
        server.route("GET", "/ping") { _ in .json(["pong": true]) }
        let client = APIClient(baseURL: server.baseURL, tokenStore: MemoryTokenStore(),
                               configuration: APIClientConfiguration(requestTimeout: 2, retryPolicy: .none))
        // The first request has the one connection; the second needs another and is refused.
        var first = URLRequest(url: server.baseURL.appendingPathComponent("ping"))
        first.setValue("close", forHTTPHeaderField: "Connection")
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: first)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(await eventually { !server.isAccepting })
        #expect(server.connectionCount == 1)
        await #expect(throws: APIError.network(.unreachable)) {
            try await client.requestVoid(APIEndpoint(method: .get, path: "ping", sendsAccessToken: false))
        }
        #expect(server.requestCount("GET", "/ping") == 1)
    }

    @Test("it closes a keep-alive connection after its request limit")
    func requestsPerConnection() throws {
        let server = try TestHTTPServer(limits: TestServerLimits(maximumRequestsPerConnection: 2))
        defer { server.stop() }
        server.route("GET", "/ping") { _ in .json(["pong": true]) }
        // Three requests pipelined on one connection: two answers, the second says close.
        let answers = try Self.exchange(port: server.port, String(repeating: "GET /ping HTTP/1.1\r\nHost: test\r\n\r\n", count: 3))
        #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == 2)
        #expect(answers.contains("Connection: keep-alive") && answers.hasSuffix("{\"pong\":true}"))
        #expect(answers.components(separatedBy: "Connection: close").count - 1 == 1)
        #expect(server.requestCount("GET", "/ping") == 2)
    }

    /// Sends `text` on a new connection to 127.0.0.1:`port` and reads until the server
    /// closes it (at most 5 seconds).
    static func exchange(port: UInt16, _ text: String) throws -> String {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let bytes = Array(text.utf8)
        try #require(bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) } == bytes.count)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }
}
