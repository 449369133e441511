import Foundation
import Testing
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("The test server keeps to its bounds")
struct TestServerBoundsTests {
    @Test("it stops accepting after its connection limit, and a keep-alive connection after its request limit")
    func connectionAndRequestLimits() async throws {
        let server = try TestHTTPServer(limits: TestServerLimits(maximumConnections: 1, maximumRequestsPerConnection: 2))
        defer { server.stop() }
        server.route("GET", "/ping") { _ in .json(["pong": true]) }
        let client = APIClient(baseURL: server.baseURL, tokenStore: MemoryTokenStore(),
                               configuration: APIClientConfiguration(requestTimeout: 2, retryPolicy: .none, maximumConnectionsPerHost: 1))
        let ping = APIEndpoint(method: .get, path: "ping", sendsAccessToken: false)
        // Two requests are served on the one keep-alive connection (which the server then
        // closes); the third finds the server no longer accepting.
        try await client.requestVoid(ping)
        try await client.requestVoid(ping)
        await #expect(throws: APIError.network(.unreachable)) { try await client.requestVoid(ping) }
        #expect(server.connectionCount == 1)
        #expect(server.requestCount("GET", "/ping") == 2)
    }
}
