import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ZhiXiCore
import ZhiXiModel

extension APIClient {
    /// Sends `endpoint` asking for a streamed answer (`Accept: text/event-stream,
    /// application/json`) and hands the answer over as it arrives (see ``APIStreamPart``): the
    /// events of a `text/event-stream` answer one by one, or the whole body of any other 2xx
    /// answer (a server that does not stream).
    ///
    /// - The bearer token goes with it as with ``request(_:as:)``; a 401 (which comes before any
    ///   body) triggers one refresh, shared with the client's other calls, and one retry. It is
    ///   never retried otherwise: a stream is not sent twice.
    /// - Bounded: the answer stops with `.network(.timedOut)` when no byte arrives for the
    ///   configuration's `requestTimeout` or the whole answer takes longer than its
    ///   `resourceTimeout`; with `.decoding` when it grows past `maximumAnswerBytes` or one line
    ///   of the event stream past 1 MiB. A connection cut before the body ended is
    ///   `.network(.connectionLost)`.
    /// - Stopping the iteration cancels the call.
    /// - Each exchange is reported to the client's logger once it ends, as the other calls are
    ///   (``APIRequestLog``: method, path, status, milliseconds to the end of the stream, the
    ///   bytes of the body, and why it stopped if it was cut).
    package func eventStream(_ endpoint: APIEndpoint) -> AsyncStream<APIStreamPart> {
        let (stream, continuation) = AsyncStream.makeStream(of: APIStreamPart.self, bufferingPolicy: .unbounded)
        let task = Task { [self] in
            await streamAnswer(to: endpoint) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Sends `endpoint` (again after one refresh on a 401) and hands over its answer.
    private func streamAnswer(to endpoint: APIEndpoint, _ hand: (APIStreamPart) -> Void) async {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            return hand(.failed(.invalidRequest(reason: "'\(endpoint.pathAndQuery)' does not make a URL under \(baseURL.absoluteString)")))
        }
        let body: Data?
        do {
            body = try endpoint.body.map { try ZhiXiJSON.makeEncoder().encode($0) }
        } catch {
            return hand(.failed(.invalidRequest(reason: "the body of \(endpoint.summary) cannot be encoded as JSON")))
        }
        var tokens: AuthTokens?
        if endpoint.sendsAccessToken {
            guard let stored = tokenStore.loadTokens() else { return hand(.failed(.unauthorized(.notSignedIn))) }
            tokens = stored
        }
        var refreshed = false
        while true {
            let request = eventStreamRequest(endpoint, url: url, body: body, tokens: tokens)
            let outcome = await exchangeStream(request, of: endpoint, hand)
            guard case .refused(let code, let message) = outcome else { return }
            guard let sent = tokens, endpoint.refreshesOnUnauthorized, !refreshed else {
                return hand(.failed(.unauthorized(refreshed ? .refusedAfterRefresh(code: code, message: message)
                                                            : .accessTokenRefused(code: code, message: message))))
            }
            refreshed = true
            if let stored = tokenStore.loadTokens(), stored.accessToken != sent.accessToken {
                tokens = stored                                    // another call renewed the session meanwhile
                continue
            }
            do {
                _ = try await refreshSession()
            } catch {
                return hand(.failed(error))
            }
            guard let renewed = tokenStore.loadTokens() else { return hand(.failed(.unauthorized(.notSignedIn))) }
            tokens = renewed
        }
    }

    private func eventStreamRequest(_ endpoint: APIEndpoint, url: URL, body: Data?, tokens: AuthTokens?) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                 timeoutInterval: max(1, configuration.requestTimeout.rounded(.up)))
        request.httpMethod = endpoint.method.rawValue
        request.setValue("text/event-stream, application/json", forHTTPHeaderField: "Accept")
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        // One connection per stream, never reused: see `bodySession` in APIClient.swift.
        request.setValue("close", forHTTPHeaderField: "Connection")
        if let tokens { request.setValue(tokens.authorizationHeaderValue, forHTTPHeaderField: "Authorization") }
        return request
    }

    /// How one exchange of a stream ended.
    private enum StreamOutcome {
        /// Handed over to the end (answer, failure or cancellation).
        case done
        /// Answered 401 before any body: the session may be renewed and the call sent again.
        case refused(code: String?, message: String?)
    }

    /// One exchange: its 2xx answer handed over as it arrives; another status as `.http`,
    /// except a 401, returned for the caller to renew the session.
    private func exchangeStream(_ request: URLRequest, of endpoint: APIEndpoint, _ hand: (APIStreamPart) -> Void) async -> StreamOutcome {
        let start = ContinuousClock.now
        let pieces = EventStreamExchange.start(request, idleTimeout: configuration.requestTimeout,
                                               deadline: configuration.resourceTimeout, limit: configuration.maximumAnswerBytes)
        var status: Int?
        var bytes = 0
        var failure: NetworkFailure?
        defer {
            logExchange(endpoint, since: start, status: status, failure: failure, bytes: bytes, retry: 0,
                        sentAccessToken: request.value(forHTTPHeaderField: "Authorization") != nil)
        }
        var isEventStream = false
        var parser = ServerSentEventParser()
        var body = Data()
        for await piece in pieces {
            switch piece {
            case .head(let response):
                status = response.statusCode
                guard (200 ..< 300).contains(response.statusCode) else { continue }
                let contentType = response.value(forHTTPHeaderField: "Content-Type")
                isEventStream = contentType?.lowercased().hasPrefix("text/event-stream") ?? false
                hand(.opened(status: response.statusCode, contentType: contentType))
            case .data(let data):
                bytes += data.count
                guard let status, (200 ..< 300).contains(status), isEventStream else {
                    body.append(data)
                    continue
                }
                do throws(ServerSentEventParser.LineTooLong) {
                    for event in try parser.feed(data) { hand(.event(event)) }
                } catch {
                    hand(.failed(.decoding(path: "", reason: "a line of the event stream is longer than \(error.limit) bytes, "
                                           + "the most this client reads")))
                    return .done
                }
            case .finished(let error?):
                let stopped = Self.streamFailure(error)
                if case .network(let reason) = stopped { failure = reason }
                hand(.failed(stopped))
                return .done
            case .finished(nil):
                guard let status else {
                    failure = .connectionLost
                    hand(.failed(.network(.connectionLost)))
                    return .done
                }
                if (200 ..< 300).contains(status) {
                    if !isEventStream { hand(.body(body)) }
                    hand(.ended)
                    return .done
                }
                let refusal = (try? JSONDecoder().decode(APIErrorBody.self, from: body)) ?? APIErrorBody()
                if status == 401 { return .refused(code: refusal.code, message: refusal.message) }
                hand(.failed(.http(status: status, code: refusal.code, message: refusal.message)))
                return .done
            }
        }
        hand(.failed(.cancelled))
        return .done
    }

    /// The `APIError` of an exchange that stopped with `error`.
    private static func streamFailure(_ error: any Error) -> APIError {
        if let tooLarge = error as? BoundedExchange.AnswerTooLarge {
            return .decoding(path: "", reason: "the answer is larger than \(tooLarge.limit) bytes, the most this client reads; it was not read")
        }
        if let error = error as? URLError {
            return NetworkFailure(error.code).map(APIError.network) ?? .cancelled
        }
        if error is CancellationError { return .cancelled }
        return .network(.other(code: (error as NSError).code))
    }
}
