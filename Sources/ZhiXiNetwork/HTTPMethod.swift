/// The HTTP method of an ``APIEndpoint``.
package enum HTTPMethod: String, Sendable, Hashable {
    /// Reads a resource.
    case get = "GET"
    /// Creates a resource or performs an action.
    case post = "POST"
    /// Replaces a resource.
    case put = "PUT"
    /// Changes part of a resource.
    case patch = "PATCH"
    /// Removes a resource.
    case delete = "DELETE"
}
