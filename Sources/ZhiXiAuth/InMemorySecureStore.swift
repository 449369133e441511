import Foundation

/// A secure store in memory: secrets live as long as the value and are never written
/// anywhere. For tests and for sessions that must not outlive the process.
public final class InMemorySecureStore: SecureStore, @unchecked Sendable {
    // `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [String: Data]

    /// An empty store, or one holding `values`.
    public init(_ values: [String: Data] = [:]) {
        self.values = values
    }

    /// The data under `key`, or `nil`.
    public func data(forKey key: String) throws(SecureStoreError) -> Data? {
        return lock.withLock { values[key] }
    }

    /// Saves `data` under `key`.
    public func setData(_ data: Data, forKey key: String) throws(SecureStoreError) {
        lock.lock()
        values[key] = data
        lock.unlock()
    }

    /// Removes the data under `key`.
    public func removeData(forKey key: String) throws(SecureStoreError) {
        lock.lock()
        values[key] = nil
        lock.unlock()
    }

    /// The keys that hold data, sorted.
    public var keys: [String] {
        return lock.withLock { values.keys.sorted() }
    }
}
