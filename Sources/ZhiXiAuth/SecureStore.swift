import Foundation

/// A place for small secrets by key: the Keychain on Apple platforms (`KeychainStore`),
/// private files elsewhere (``FileSecureStore``), memory in tests (``InMemorySecureStore``).
///
/// Implementations are safe to call from many tasks at once, and their errors never
/// contain the stored data.
public protocol SecureStore: Sendable {
    /// The data saved under `key`, or `nil` when there is none.
    /// - Throws: ``SecureStoreError`` when the store cannot be read.
    func data(forKey key: String) throws(SecureStoreError) -> Data?

    /// Saves `data` under `key`, replacing what was there, whole or not at all.
    /// - Throws: ``SecureStoreError`` when the store cannot be written.
    func setData(_ data: Data, forKey key: String) throws(SecureStoreError)

    /// Removes what is saved under `key`; nothing happens when there is nothing.
    /// - Throws: ``SecureStoreError`` when the store cannot be changed.
    func removeData(forKey key: String) throws(SecureStoreError)
}
