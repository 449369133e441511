import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import ZhiXiTestSupport
@testable import ZhiXiNetwork
import ZhiXiTestServer

@Suite("BoundedExchange: every data task answers its caller exactly once")
struct BoundedExchangeTests {
    static func session() -> (URLSession, SessionDelegate) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        let delegate = SessionDelegate()
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate)
    }

    @Test("the watchdog answers timed out when nothing else does by the deadline")
    func watchdog() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("GET", "/slow") { _ in .json(["late": true]) }
        server.faults.inject(.delay(seconds: 30), method: "GET", path: "/slow")
        let request = URLRequest(url: server.baseURL.appendingPathComponent("slow"))
        let (session, delegate) = Self.session()
        await #expect(throws: URLError(.timedOut)) {
            try await BoundedExchange.data(for: request, in: session, delegate: delegate, deadline: 0.3, limit: 1 << 20)
        }
    }

    @Test("an answer before the deadline is returned, and cancellation ends the call")
    func answerAndCancellation() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("GET", "/fast") { _ in .json(["ok": true]) }
        let (session, delegate) = Self.session()
        let (data, response) = try await BoundedExchange.data(for: URLRequest(url: server.baseURL.appendingPathComponent("fast")),
                                                              in: session, delegate: delegate, deadline: 30, limit: 1 << 20)
        #expect((response as? HTTPURLResponse)?.statusCode == 200 && String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)

        server.faults.inject(.delay(seconds: 30), method: "GET", path: "/fast")
        let call = Task { try await BoundedExchange.data(for: URLRequest(url: server.baseURL.appendingPathComponent("fast")),
                                                         in: session, delegate: delegate, deadline: 30, limit: 1 << 20) }
        #expect(await eventually { server.requestCount("GET", "/fast") >= 2 })
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test("an answer announced or grown past the limit ends the call at once with AnswerTooLarge")
    func limit() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("GET", "/big") { _ in .rawJSON("[" + String(repeating: "1,", count: 5_000) + "1]") }
        let (session, delegate) = Self.session()
        let request = URLRequest(url: server.baseURL.appendingPathComponent("big"))
        await #expect(throws: BoundedExchange.AnswerTooLarge.self) {
            try await BoundedExchange.data(for: request, in: session, delegate: delegate, deadline: 30, limit: 1_000)
        }
        server.faults.inject(.announceContentLength(2_000_000_000), method: "GET", path: "/big")
        // The watchdog would answer timed out; the announcement alone ends the call.
        await #expect(throws: BoundedExchange.AnswerTooLarge.self) {
            try await BoundedExchange.data(for: request, in: session, delegate: delegate, deadline: 30, limit: 1 << 20)
        }
    }
}
