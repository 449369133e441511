import Foundation
import ZhiXiCore
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
final class BoundedExchange: Sendable {
    /// The answer was larger than the limit.
    struct AnswerTooLarge: Error {
        /// The limit, in bytes.
        var limit: Int
        /// The size the server announced, when it announced one larger than the limit.
        var announced: Int64?
    }

    /// What changes while the exchange runs.
    private struct State {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
        var task: URLSessionDataTask?
        var response: URLResponse?
        var body = Data()
    }

    private let state = Locked(State())
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
        state.withLock { state in
            state.continuation = continuation
            state.task = task
        }
        delegate.register(self, for: task)
        // The watchdog, on Dispatch rather than a task, so that the deadline holds while the
        // cooperative pool is busy; once the caller is answered its `finish` does nothing.
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [self] in
            finish(.failure(URLError(.timedOut)))
        }
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
        state.withLock { $0.response = response }
        return true
    }

    /// A piece of the body arrived; `false` (and the caller answered) when the body has grown
    /// past the limit or the caller was answered already.
    func received(_ data: Data) -> Bool {
        enum Outcome { case kept, answered, tooLarge }
        let outcome = state.withLock { state -> Outcome in
            guard state.continuation != nil else { return .answered }
            guard state.body.count + data.count <= limit else { return .tooLarge }
            state.body.append(data)
            return .kept
        }
        switch outcome {
        case .kept: return true
        case .answered: return false
        case .tooLarge:
            finish(.failure(AnswerTooLarge(limit: limit, announced: nil)))
            return false
        }
    }

    /// The task completed, with `error` or with the answer received so far.
    func completed(_ error: (any Error)?) {
        let (response, body) = state.withLock { ($0.response, $0.body) }
        if let error {
            finish(.failure(error))
        } else if let response {
            finish(.success((body, response)))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }

    /// Answers the caller with `result` unless it has been answered; cancels the data task
    /// (when the answer is not its own).
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let (continuation, task) = state.withLock { state in
            defer {
                state.continuation = nil
                state.task = nil
                state.body = Data()
            }
            return (state.continuation, state.task)
        }
        guard let continuation else { return }
        if case .failure = result, let task, task.state == .running || task.state == .suspended { task.cancel() }
        continuation.resume(with: result)
    }
}
