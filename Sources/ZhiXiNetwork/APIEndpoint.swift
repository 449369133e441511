import Foundation

/// One call of the app's API: method, path relative to the base URL, query, body, and
/// how it is authorized. ``APIClient`` sends it.
///
/// The endpoints of the app's API are ready-made as static members (see
/// `APIEndpoint+Catalog.swift`); other calls can be built with ``init(method:path:queryItems:body:sendsAccessToken:refreshesOnUnauthorized:isIdempotent:idempotencyKey:)``.
package struct APIEndpoint: Sendable {
    /// The HTTP method.
    package var method: HTTPMethod
    /// The path relative to the base URL, without a leading slash and already
    /// percent-encoded, such as `"users/me"` or `"materials/m%2F1/reading-progress"`.
    package var path: String
    /// The query parameters, in order (empty for none).
    package var queryItems: [URLQueryItem]
    /// The request body, sent as JSON with the model's encoder (`ZhiXiJSON`); `nil` for none.
    package var body: (any Encodable & Sendable)?
    /// `true` when the call carries `Authorization: Bearer <access token>`: every call but
    /// sign-in and refresh.
    package var sendsAccessToken: Bool
    /// `true` when a 401 answer triggers one token refresh and one retry.
    package var refreshesOnUnauthorized: Bool
    /// `true` when sending the call twice has the effect of sending it once, so that the
    /// client may retry it after a timeout, a lost connection or a 5xx answer.
    package var isIdempotent: Bool
    /// The `Idempotency-Key` header of a call that changes the server (`POST learning/sessions`,
    /// `POST ai/analyze-learning-input`), `nil` for none: the server answers a call with a key
    /// it has seen with what it answered then, instead of doing it again, so the client may
    /// retry it and a later run may send it again without a duplicate (see docs/APP.md).
    package var idempotencyKey: String?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - method: the HTTP method.
    ///   - path: the path relative to the base URL, percent-encoded, no leading slash.
    ///   - queryItems: query parameters.
    ///   - body: a JSON body, encoded with the model's encoder.
    ///   - sendsAccessToken: send the bearer token (default `true`).
    ///   - refreshesOnUnauthorized: refresh once and retry once on a 401 (default: when the
    ///     bearer token is sent).
    ///   - isIdempotent: may be retried on transient failures (default: `GET`, `PUT` and
    ///     `DELETE`).
    ///   - idempotencyKey: sent as `Idempotency-Key`, so that the server answers a repeated
    ///     request once; a request with one may be retried (default none).
    package init(
        method: HTTPMethod,
        path: String,
        queryItems: [URLQueryItem] = [],
        body: (any Encodable & Sendable)? = nil,
        sendsAccessToken: Bool = true,
        refreshesOnUnauthorized: Bool? = nil,
        isIdempotent: Bool? = nil,
        idempotencyKey: String? = nil
    ) {
        self.idempotencyKey = idempotencyKey
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.body = body
        self.sendsAccessToken = sendsAccessToken
        self.refreshesOnUnauthorized = refreshesOnUnauthorized ?? sendsAccessToken
        self.isIdempotent = isIdempotent ?? [.get, .put, .delete].contains(method)
    }

    /// The path with its query, as logged and shown in errors: `learning/trend?days=7`.
    package var pathAndQuery: String {
        guard !queryItems.isEmpty else { return path }
        var components = URLComponents()
        components.queryItems = queryItems
        return path + "?" + (components.percentEncodedQuery ?? "")
    }

    /// `METHOD path?query`, such as `GET users/me`, for messages and logs.
    package var summary: String { "\(method.rawValue) \(pathAndQuery)" }

    /// The absolute URL of this call under `baseURL` (which ends in `/api`, with or
    /// without a trailing slash).
    package func url(relativeTo baseURL: URL) -> URL? {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + "/" + path) else { return nil }
        if !queryItems.isEmpty { components.queryItems = queryItems }
        return components.url
    }

    /// `segment` percent-encoded as one path segment, so that it is data whatever it holds: a
    /// `/`, `?`, `#` or `;` inside it cannot change the path, and a segment of dots only (`.`,
    /// `..`) is written `%2E`, `%2E%2E`, which no client or server takes for "this" or "the
    /// parent" (`review-tasks/../complete` would be `POST complete`).
    package static func pathSegment(_ segment: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#;%")
        let encoded = segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
        guard !encoded.isEmpty, encoded.allSatisfy({ $0 == "." }) else { return encoded }
        return String(repeating: "%2E", count: encoded.count)
    }
}
