import Dispatch
import Foundation
import ZhiXiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSession` data task whose answer is handed over as it arrives (its head, then each
/// piece of its body, then its end), for answers that are streamed rather than read whole.
/// Bounded as ``BoundedExchange`` is: the answer stops with `URLError(.timedOut)` when no byte
/// arrives for `idleTimeout` seconds or the whole exchange passes `deadline` seconds (watchdogs
/// on Dispatch, which fire even where the platform's own timeouts do not), and with
/// ``BoundedExchange/AnswerTooLarge`` when the body announces or grows past `limit` bytes.
/// Redirects are refused. Stopping the stream's reader cancels the task.
final class EventStreamExchange: NSObject, URLSessionDataDelegate, Sendable {
    /// What arrives.
    enum Piece: Sendable {
        /// The answer's head.
        case head(HTTPURLResponse)
        /// The next bytes of the body.
        case data(Data)
        /// The end: `nil` when the body arrived whole, else why not.
        case finished((any Error)?)
    }

    private struct State {
        var continuation: AsyncStream<Piece>.Continuation?
        var session: URLSession?
        var task: URLSessionDataTask?
        var bodyBytes = 0
        var lastActivity = DispatchTime.now()
    }

    private let state = Locked(State())
    private let idleTimeout: Double
    private let limit: Int

    private init(idleTimeout: Double, limit: Int) {
        self.idleTimeout = idleTimeout
        self.limit = limit
    }

    /// Sends `request` and returns its answer as it arrives.
    static func start(_ request: URLRequest, idleTimeout: Double, deadline: Double, limit: Int) -> AsyncStream<Piece> {
        let exchange = EventStreamExchange(idleTimeout: max(0.001, idleTimeout), limit: max(1, limit))
        let (stream, continuation) = AsyncStream.makeStream(of: Piece.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { _ in exchange.finish(URLError(.cancelled)) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = max(1, idleTimeout.rounded(.up))
        configuration.timeoutIntervalForResource = max(1, deadline.rounded(.up))
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        let task = session.dataTask(with: request)
        exchange.state.withLock { state in
            state.continuation = continuation
            state.session = session
            state.task = task
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { exchange.finish(URLError(.timedOut)) }
        exchange.watchIdleness(after: exchange.idleTimeout)
        task.resume()
        return stream
    }

    /// Checks, `seconds` from now, that a byte arrived within the idle timeout; stops the
    /// exchange when none did, else checks again when the timeout would next run out.
    private func watchIdleness(after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            let quiet = state.withLock { state -> Double? in
                guard state.continuation != nil else { return nil }
                return Double(DispatchTime.now().uptimeNanoseconds - state.lastActivity.uptimeNanoseconds) / 1e9
            }
            guard let quiet else { return }
            if quiet >= idleTimeout {
                finish(URLError(.timedOut))
            } else {
                watchIdleness(after: idleTimeout - quiet)
            }
        }
    }

    /// Hands over `piece` unless the exchange has ended; `false` when it has.
    @discardableResult
    private func yield(_ piece: Piece) -> Bool {
        state.withLock { state in
            guard let continuation = state.continuation else { return false }
            state.lastActivity = DispatchTime.now()
            continuation.yield(piece)
            return true
        }
    }

    /// Ends the exchange once: hands over `error` (`nil`: the body is complete), cancels the
    /// task when it is not over, lets the session go.
    private func finish(_ error: (any Error)?) {
        let ended = state.withLock { state -> (AsyncStream<Piece>.Continuation, URLSession?, URLSessionDataTask?)? in
            guard let continuation = state.continuation else { return nil }
            defer {
                state.continuation = nil
                state.session = nil
                state.task = nil
            }
            return (continuation, state.session, state.task)
        }
        guard let (continuation, session, task) = ended else { return }
        continuation.yield(.finished(error))
        continuation.finish()
        if error != nil, let task, task.state == .running || task.state == .suspended { task.cancel() }
        session?.finishTasksAndInvalidate()
    }

    // MARK: URLSessionDataDelegate

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            finish(URLError(.badServerResponse))
            return completionHandler(.cancel)
        }
        if http.expectedContentLength > Int64(limit) {
            finish(BoundedExchange.AnswerTooLarge(limit: limit, announced: http.expectedContentLength))
            return completionHandler(.cancel)
        }
        completionHandler(yield(.head(http)) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let fits = state.withLock { state -> Bool in
            state.bodyBytes += data.count
            return state.bodyBytes <= limit
        }
        guard fits else {
            finish(BoundedExchange.AnswerTooLarge(limit: limit, announced: nil))
            return
        }
        if !yield(.data(data)) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(error)
    }
}
