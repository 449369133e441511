import Foundation
import ZhiXiCore

/// A secure store in memory: secrets live as long as the value and are never written
/// anywhere. For tests and for sessions that must not outlive the process.
package final class InMemorySecureStore: SecureStore, Sendable {
    private let values: Locked<[String: Data]>

    /// An empty store, or one holding `values`.
    package init(_ values: [String: Data] = [:]) {
        self.values = Locked(values)
    }

    /// The data under `key`, or `nil`.
    package func data(forKey key: String) throws(SecureStoreError) -> Data? {
        values.withLock { $0[key] }
    }

    /// Saves `data` under `key`.
    package func setData(_ data: Data, forKey key: String) throws(SecureStoreError) {
        values.withLock { $0[key] = data }
    }

    /// Removes the data under `key`.
    package func removeData(forKey key: String) throws(SecureStoreError) {
        values.withLock { $0[key] = nil }
    }

    /// The keys that hold data, sorted.
    package var keys: [String] {
        values.withLock { $0.keys.sorted() }
    }
}
