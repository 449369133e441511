import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSession` data task whose caller is answered exactly once, and surely: by the
/// task's completion, by the calling task's cancellation, or by a watchdog when the
/// deadline passes, whichever comes first.
///
/// swift-corelibs-foundation (Linux) can lose a data task's completion under heavy
/// connection churn (many concurrent requests over fresh connections in several sessions):
/// the server has answered, yet neither the completion nor the session's own timeouts
/// ever fire, and an `await session.data(for:)` waits forever. The watchdog bounds every
/// call by the resource timeout instead; the lost task is cancelled.
final class BoundedExchange: @unchecked Sendable {
    // `continuation`, `task` and `watchdog` are only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var task: URLSessionDataTask?
    private var watchdog: DispatchWorkItem?

    /// Sends `request` on `session` and returns its answer; throws `URLError(.timedOut)`
    /// when no outcome arrives within `deadline` seconds, `CancellationError` when the
    /// calling task is cancelled, or the task's own error.
    static func data(for request: URLRequest, in session: URLSession, deadline: Double) async throws -> (Data, URLResponse) {
        let exchange = BoundedExchange()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(request, in: session, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()))
        }
    }

    private func start(_ request: URLRequest, in session: URLSession, deadline: Double,
                       continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        let task = session.dataTask(with: request) { [self] data, response, error in
            if let error {
                finish(.failure(error))
            } else if let data, let response {
                finish(.success((data, response)))
            } else {
                finish(.failure(URLError(.badServerResponse)))
            }
        }
        let watchdog = DispatchWorkItem { [self] in finish(.failure(URLError(.timedOut))) }
        lock.lock()
        self.continuation = continuation
        self.task = task
        self.watchdog = watchdog
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: watchdog)
        task.resume()
        if Task.isCancelled { finish(.failure(CancellationError())) }
    }

    /// Answers the caller with `result` unless it has been answered; cancels the data task
    /// (when the answer is not its own) and the watchdog.
    private func finish(_ result: Result<(Data, URLResponse), any Error>) {
        lock.lock()
        let continuation = self.continuation
        let task = self.task
        let watchdog = self.watchdog
        self.continuation = nil
        self.task = nil
        self.watchdog = nil
        lock.unlock()
        watchdog?.cancel()
        guard let continuation else { return }
        if case .failure = result, let task, task.state == .running || task.state == .suspended { task.cancel() }
        continuation.resume(with: result)
    }
}
