import Foundation
import ZhiXiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of the client's sessions: refuses HTTP redirects, so that a bearer token is
/// never sent on to another address (the 3xx answer itself reaches the caller as an HTTP
/// error), and hands each data task's answer, piece by piece, to the ``BoundedExchange``
/// waiting for it, which stops an answer larger than its limit as soon as it knows.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked<[Int: BoundedExchange]>([:])

    /// Routes the callbacks of `task` to `exchange` until ``forget(_:)``.
    func register(_ exchange: BoundedExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    /// Stops routing the callbacks of the task with this identifier.
    func forget(_ taskIdentifier: Int) {
        _ = exchanges.withLock { $0.removeValue(forKey: taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask) -> BoundedExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let exchange = exchange(for: dataTask) else { return completionHandler(.cancel) }
        completionHandler(exchange.received(response) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(for: dataTask) else { return dataTask.cancel() }
        if !exchange.received(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task)?.completed(error)
        forget(task.taskIdentifier)
    }
}
