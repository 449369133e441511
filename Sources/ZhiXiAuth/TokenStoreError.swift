/// Why the ``TokenStore`` could not read or change the saved tokens. Messages never
/// contain a token.
package enum TokenStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The secure store cannot be read.
    case unreadable(SecureStoreError)
    /// What is saved is not a token record of this version: `reason` says what is wrong
    /// (by field, never by value).
    case corrupted(reason: String)
    /// The secure store cannot be written or cleared.
    case unwritable(SecureStoreError)

    /// What was wrong and what to do.
    package var description: String {
        switch self {
        case .unreadable(let error): "the saved session cannot be read: \(error); sign in again"
        case .corrupted(let reason): "the saved session is damaged (\(reason)); sign in again"
        case .unwritable(let error): "the session cannot be saved or cleared: \(error)"
        }
    }
}
