/// Why a ``SecureStore`` could not read, write or remove a secret. The messages name the
/// key, the place and the reason, never the secret.
public enum SecureStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key cannot name a secret: it must be 1–128 letters, digits, `.`, `_` or `-`,
    /// starting with a letter or digit.
    case invalidKey(String)
    /// The secret under `key` exists but cannot be read.
    case unreadable(key: String, reason: String)
    /// The secret under `key` cannot be written or removed; what was there is unchanged.
    case unwritable(key: String, reason: String)
    /// The store's directory cannot be used safely (not a directory, another owner, its
    /// permissions cannot be made 0700).
    case insecureDirectory(path: String, reason: String)
    /// A Keychain call failed with this `OSStatus`.
    case keychain(operation: String, key: String, status: Int32)

    /// What was wrong and what to do.
    public var description: String {
        switch self {
        case .invalidKey(let key):
            "'\(key)' cannot be a secure-store key: use 1–128 letters, digits, '.', '_' or '-', starting with a letter or digit"
        case .unreadable(let key, let reason):
            "the secret '\(key)' cannot be read (\(reason))"
        case .unwritable(let key, let reason):
            "the secret '\(key)' cannot be saved or removed (\(reason)); the previous value is unchanged"
        case .insecureDirectory(let path, let reason):
            "\(path) cannot hold secrets: \(reason); use a directory of your own (mode 0700)"
        case .keychain(let operation, let key, let status):
            "the Keychain refused to \(operation) '\(key)' (OSStatus \(status))"
        }
    }
}
