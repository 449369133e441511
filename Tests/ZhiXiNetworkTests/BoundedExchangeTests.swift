import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ZhiXiNetwork
import ZhiXiTestServer

@Suite("BoundedExchange: every data task answers its caller exactly once")
struct BoundedExchangeTests {
    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        return URLSession(configuration: configuration)
    }

    @Test("the watchdog answers timed out when nothing else does by the deadline")
    func watchdog() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("GET", "/slow") { _ in .json(["late": true]) }
        server.faults.inject(.delay(seconds: 5), method: "GET", path: "/slow")
        let request = URLRequest(url: server.baseURL.appendingPathComponent("slow"))
        await #expect(throws: URLError(.timedOut)) {
            try await BoundedExchange.data(for: request, in: Self.session(), deadline: 0.3)
        }
    }

    @Test("an answer before the deadline is returned, and cancellation ends the call")
    func answerAndCancellation() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("GET", "/fast") { _ in .json(["ok": true]) }
        let session = Self.session()
        let (data, response) = try await BoundedExchange.data(for: URLRequest(url: server.baseURL.appendingPathComponent("fast")),
                                                              in: session, deadline: 30)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)

        server.faults.inject(.delay(seconds: 5), method: "GET", path: "/fast")
        let call = Task { try await BoundedExchange.data(for: URLRequest(url: server.baseURL.appendingPathComponent("fast")),
                                                         in: session, deadline: 30) }
        #expect(await waitUntil { server.requestCount("GET", "/fast") >= 2 })
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }
}
