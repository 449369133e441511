import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSession` data task whose caller is answered exactly once, and surely: by the
/// task's completion, by the calling task's cancellation, by a watchdog when the deadline
/// passes, or as soon as the answer is known to be larger than its limit, whichever comes
/// first.
///
/// swift-corelibs-foundation (Linux) can lose a data task's completion under heavy
/// connection churn (many concurrent requests over fresh connections in several sessions):
/// the server has answered, yet neither the completion nor the session's own timeouts
/// ever fire, and an `await session.data(for:)` waits forever. The watchdog bounds every
/// call by the resource timeout instead; the lost task is cancelled.
///
/// The answer arrives through the session's ``SessionDelegate`` piece by piece, so a body
/// announced (`Content-Length`) or growing past `limit` bytes stops the task at once: a
/// server cannot make the client hold more than the limit.
final class BoundedExchange: @unchecked Sendable {
    /// The answer was larger than the limit.
    struct AnswerTooLarge: Error {
        /// The limit, in bytes.
        var limit: Int
        /// The size the server announced, when it announced one larger than the limit.
        var announced: Int64?
    }

    // Everything below is only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var task: URLSessionDataTask?
    private var watchdog: DispatchWorkItem?
    private var response: URLResponse?
    private var body = Data()
    private let limit: Int

    private init(limit: Int) {
        self.limit = limit
    }

    /// Sends `request` on `session` (whose delegate is `delegate`) and returns its answer;
    /// throws `URLError(.timedOut)` when no outcome arrives within `deadline` seconds,
    /// ``AnswerTooLarge`` when the body would exceed `limit` bytes, `CancellationError` when
    /// the calling task is cancelled, or the task's own error.
    static func data(for request: URLRequest, in session: URLSession, delegate: SessionDelegate, deadline: Double,
                     limit: Int) async throws -> (Data, URLResponse) {
        let exchange = BoundedExchange(limit: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(request, in: session, delegate: delegate, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()))
        }
    }

    private func start(_ request: URLRequest, in session: URLSession, delegate: SessionDelegate, deadline: Double,
                       continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let task = session.dataTask(with: request)
        let watchdog = DispatchWorkItem { [self] in finish(.failure(URLError(.timedOut))) }
        lock.lock()
        self.continuation = continuation
        self.task = task
        self.watchdog = watchdog
        lock.unlock()
        delegate.register(self, for: task)
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        task.resume()
        if Task.isCancelled { finish(.failure(CancellationError())) }
    }

    /// The answer's head arrived; `false` (and the caller answered) when it announces a body
    /// larger than the limit.
    func received(_ response: URLResponse) -> Bool {
        if response.expectedContentLength > Int64(limit) {
            finish(.failure(AnswerTooLarge(limit: limit, announced: response.expectedContentLength)))
            return false
        }
        lock.lock()
        self.response = response
        lock.unlock()
        return true
    }

    /// A piece of the body arrived; `false` (and the caller answered) when the body has grown
    /// past the limit or the caller was answered already.
    func received(_ data: Data) -> Bool {
        lock.lock()
        guard continuation != nil else {
            lock.unlock()
            return false
        }
        guard body.count + data.count <= limit else {
            lock.unlock()
            finish(.failure(AnswerTooLarge(limit: limit, announced: nil)))
            return false
        }
        body.append(data)
        lock.unlock()
        return true
    }

    /// The task completed, with `error` or with the answer received so far.
    func completed(_ error: (any Error)?) {
        lock.lock()
        let response = self.response
        let body = self.body
        lock.unlock()
        if let error {
            finish(.failure(error))
        } else if let response {
            finish(.success((body, response)))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }

    /// Answers the caller with `result` unless it has been answered; cancels the data task
    /// (when the answer is not its own) and the watchdog.
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        lock.lock()
        let continuation = self.continuation
        let task = self.task
        let watchdog = self.watchdog
        self.continuation = nil
        self.task = nil
        self.watchdog = nil
        body = Data()
        lock.unlock()
        watchdog?.cancel()
        guard let continuation else { return }
        if case .failure = result, let task, task.state == .running || task.state == .suspended { task.cancel() }
        continuation.resume(with: result)
    }
}
