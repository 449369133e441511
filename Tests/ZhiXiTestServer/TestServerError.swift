/// Why the test server could not start.
package enum TestServerError: Error, Sendable, CustomStringConvertible {
    /// A socket call failed; the message names it and the reason.
    case socket(String)

    /// The message.
    package var description: String {
        switch self {
        case .socket(let message): "test server: \(message)"
        }
    }
}
