import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1, on POSIX sockets, for tests: routes with
/// handlers, keep-alive connections, and faults on demand (``faults``).
///
/// It listens on an ephemeral port from `init` until ``stop()``, the limits' lifetime or
/// its connection count, whichever comes first; every loop in it is bounded in count and
/// time by ``TestServerLimits``. Each connection is served on its own thread.
package final class TestHTTPServer: @unchecked Sendable {
    /// A handler: the answer to a request.
    package typealias Handler = @Sendable (TestHTTPRequest) -> TestHTTPResponse

    /// What a request looked like when it arrived, for assertions.
    package struct ReceivedRequest: Sendable {
        /// The method.
        package var method: String
        /// The path without the query.
        package var path: String
        /// The route pattern that matched, such as `/api/materials/{id}/reading-progress`
        /// (the path when none did).
        package var route: String
        /// The `Authorization` header, if any.
        package var authorization: String?
        /// The body.
        package var body: Data
    }

    private struct Route {
        var method: String
        var pattern: String
        var segments: [Substring]
        var handler: Handler
    }

    /// The port the server listens on.
    package let port: UInt16
    /// The bounds of the server's loops.
    package let limits: TestServerLimits
    /// The faults to inject; empty at first.
    package let faults = FaultPlan()

    private let listener: Int32
    private let lock = NSLock()
    private var routes: [Route] = []
    private var stopping = false
    private var listenerClosed = false
    /// The socket that holds the port once the listener closed (nothing listens on it), or
    /// why the port could not be held.
    private var portHolder: Result<Int32, TestServerError>?
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []
    private var activeConnections = 0
    private var acceptedConnections = 0
    private var counts: [String: Int] = [:]
    private var received: [ReceivedRequest] = []
    private static let receivedKept = 10_000

    /// Starts a server on 127.0.0.1 with an ephemeral port.
    package init(limits: TestServerLimits = TestServerLimits()) throws(TestServerError) {
        let (descriptor, port) = try Sockets.loopbackSocket()
        guard listen(descriptor, 128) == 0 else {
            let message = Sockets.lastError
            close(descriptor)
            throw .socket("listen(): \(message)")
        }
        self.listener = descriptor
        self.port = port
        self.limits = limits
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "test-http-server-\(port)"
        thread.start()
    }

    deinit {
        lock.withLock { stopping = true }
        if case .success(let holder)? = portHolder { close(holder) }
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Answers requests of `method` whose path matches `pattern` (such as
    /// `/api/materials/{id}/reading-progress`; `{name}` matches one segment, passed in
    /// ``TestHTTPRequest/pathParameters``). A route added later for the same method and
    /// pattern replaces the earlier one. Requests no route matches get 404.
    package func route(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        lock.lock()
        defer { lock.unlock() }
        routes.removeAll { $0.method == method && $0.pattern == pattern }
        routes.append(Route(method: method, pattern: pattern, segments: pattern.split(separator: "/"), handler: handler))
    }

    /// Requests received for `method` and route `pattern` (or path, when no route matched),
    /// including those that a fault answered or dropped.
    package func requestCount(_ method: String, _ pattern: String) -> Int {
        return lock.withLock { counts["\(method) \(pattern)", default: 0] }
    }

    /// All requests received so far.
    package var totalRequestCount: Int {
        return lock.withLock { counts.values.reduce(0, +) }
    }

    /// The first 10,000 requests received, in order of arrival.
    package var receivedRequests: [ReceivedRequest] {
        return lock.withLock { received }
    }

    /// Connections accepted so far.
    package var connectionCount: Int {
        return lock.withLock { acceptedConnections }
    }

    /// `true` while the server accepts connections: until ``stop()``, its lifetime or its
    /// connection limit ends that and its port is closed.
    package var isAccepting: Bool { !isListenerClosed }

    /// Stops accepting and ends every connection within about 50 ms; returns at once.
    package func stop() {
        lock.withLock { stopping = true }
    }

    /// Stops the server and returns once its listener is closed (within about 50 ms: the
    /// accept loop's wait), the port then held with nothing listening, so that connecting to
    /// it is refused until this server is gone: a "server down" that no other listener can
    /// take over. Throws when the port could not be held (another socket took it in between).
    package func stopAndWait() async throws(TestServerError) {
        stop()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let closed = lock.withLock { () -> Bool in
                if listenerClosed { return true }
                closeWaiters.append(continuation)
                return false
            }
            if closed { continuation.resume() }
        }
        if case .failure(let error)? = lock.withLock({ portHolder }) { throw error }
    }

    private var isStopping: Bool {
        return lock.withLock { stopping }
    }

    private var isListenerClosed: Bool {
        return lock.withLock { listenerClosed }
    }

    // MARK: - Accepting and serving

    private func acceptLoop() {
        let deadline = Date(timeIntervalSinceNow: limits.lifetime)
        defer {
            close(listener)
            let holder = Result { () throws(TestServerError) -> Int32 in try Sockets.loopbackSocket(port: port).descriptor }
            let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
                listenerClosed = true
                portHolder = holder
                defer { closeWaiters.removeAll() }
                return closeWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        while !isStopping, Date() < deadline, connectionCount < limits.maximumConnections {
            lock.lock()
            let busy = activeConnections >= limits.maximumConcurrentConnections
            lock.unlock()
            if busy {
                usleep(5_000)
                continue
            }
            guard Sockets.waitReadable(listener, milliseconds: 50) else { continue }
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else { continue }
            lock.lock()
            acceptedConnections += 1
            activeConnections += 1
            lock.unlock()
            let thread = Thread { [self] in
                serve(descriptor)
                lock.lock()
                activeConnections -= 1
                lock.unlock()
            }
            thread.start()
        }
    }

    private func serve(_ descriptor: Int32) {
        let connection = HTTPConnection(descriptor: descriptor, limits: limits) { [self] in isStopping }
        defer { connection.close() }
        for served in 1...max(1, limits.maximumRequestsPerConnection) {
            var request: TestHTTPRequest
            switch connection.readRequest() {
            case .ended:
                return
            case .malformed(let reason):
                connection.write(.error(400, code: "BAD_REQUEST", message: reason), keepAlive: false)
                return
            case .request(let parsed):
                request = parsed
            }
            let handler = handler(for: &request)
            let keepAlive = served < limits.maximumRequestsPerConnection && request.header("connection")?.lowercased() != "close"
            switch faults.fault(for: request) {
            case nil:
                guard connection.write(handler(request), keepAlive: keepAlive) else { return }
            case .respond(let response):
                guard connection.write(response, keepAlive: keepAlive) else { return }
            case .delay(let seconds):
                guard pause(seconds) else { return }
                guard connection.write(handler(request), keepAlive: keepAlive) else { return }
            case .closeConnection:
                return
            case .loseAnswer:
                _ = handler(request)
                return
            case .truncateAnswer:
                let response = handler(request)
                connection.write(response, keepAlive: false, bodyPrefix: response.body.count / 2)
                return
            case .malformedJSON:
                var response = handler(request)
                let cut = response.body.prefix(max(1, response.body.count / 2))
                response.body = cut.isEmpty ? Data("{".utf8) : Data(cut)
                guard connection.write(response, keepAlive: keepAlive) else { return }
            case .announceContentLength(let length):
                guard connection.write(handler(request), keepAlive: false, announcedLength: length) else { return }
                _ = pause(limits.maximumDelay)
                return
            case .rewrite(let change):
                guard connection.write(change(handler(request)), keepAlive: keepAlive) else { return }
            case .hold(let gate):
                gate.arriveAndWait()
                guard connection.write(handler(request), keepAlive: keepAlive) else { return }
            }
            if !keepAlive { return }
        }
    }

    /// Waits `seconds` (at most the limits' maximum delay); `false` when the server stops meanwhile.
    private func pause(_ seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: min(seconds, limits.maximumDelay))
        while Date() < deadline {
            if isStopping { return false }
            usleep(10_000)
        }
        return true
    }

    /// The handler of the route matching `request`, after filling its path parameters and
    /// counting and recording the request.
    private func handler(for request: inout TestHTTPRequest) -> Handler {
        let segments = request.path.split(separator: "/")
        lock.lock()
        defer { lock.unlock() }
        var matched: Route?
        for route in routes.reversed() where route.method == request.method && route.segments.count == segments.count {
            var parameters: [String: String] = [:]
            var matches = true
            for (pattern, segment) in zip(route.segments, segments) {
                if pattern.hasPrefix("{"), pattern.hasSuffix("}") {
                    parameters[String(pattern.dropFirst().dropLast())] = String(segment).removingPercentEncoding ?? String(segment)
                } else if pattern != segment {
                    matches = false
                    break
                }
            }
            if matches {
                matched = route
                request.pathParameters = parameters
                break
            }
        }
        let routeName = matched?.pattern ?? request.path
        counts["\(request.method) \(routeName)", default: 0] += 1
        if received.count < Self.receivedKept {
            received.append(ReceivedRequest(method: request.method, path: request.path, route: routeName,
                                            authorization: request.header("authorization"), body: request.body))
        }
        if let matched { return matched.handler }
        return { request in
            TestHTTPResponse.error(404, code: "NOT_FOUND", message: "no route for \(request.method) \(request.path)")
        }
    }
}
