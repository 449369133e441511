import Foundation

/// A request the test server received.
package struct TestHTTPRequest: Sendable {
    /// The method, such as `"GET"`.
    package var method: String
    /// The request target as sent: path and query, such as `/api/learning/trend?days=7`.
    package var target: String
    /// The path, without the query: `/api/learning/trend`.
    package var path: String
    /// The query parameters, percent-decoded (the last value of a repeated name).
    package var query: [String: String]
    /// The headers, names in lower case.
    package var headers: [String: String]
    /// The body (empty for none).
    package var body: Data
    /// The values of the route's `{name}` segments, such as `["id": "m1"]`.
    package var pathParameters: [String: String]

    /// Creates a request.
    package init(method: String, target: String, headers: [String: String], body: Data, pathParameters: [String: String] = [:]) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts.first ?? "")
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(nameAndValue[0]).removingPercentEncoding ?? String(nameAndValue[0])
                let value = nameAndValue.count > 1 ? (String(nameAndValue[1]).removingPercentEncoding ?? String(nameAndValue[1])) : ""
                query[name] = value
            }
        }
        self.query = query
    }

    /// The value of a header, by case-insensitive name.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The token of an `Authorization: Bearer <token>` header, if any.
    package var bearerToken: String? {
        guard let value = header("authorization") else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }

    /// The body decoded as JSON of type `T` with the model's decoder, or `nil`.
    package func decodeBody<T: Decodable>(_ type: T.Type) -> T? {
        try? FakeZhiXiAPI.decoder.decode(type, from: body)
    }
}
