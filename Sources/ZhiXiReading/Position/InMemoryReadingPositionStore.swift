import Foundation
import ZhiXiCore

/// A ``ReadingPositionStore`` in memory, for tests and for apps that keep nothing.
package final class InMemoryReadingPositionStore: ReadingPositionStore, Sendable {
    private let table = Locked(ReadingPositionTable())

    /// An empty store.
    package init() {}

    /// The position kept for `materialID`.
    package func position(for materialID: String) -> StoredReadingPosition? {
        table.withLock { $0.position(for: materialID) }
    }

    /// The position recorded last. O(materials).
    package func mostRecent() -> StoredReadingPosition? {
        table.withLock { $0.mostRecent() }
    }

    /// Keeps `position` unless a newer one of the material is kept.
    package func save(_ position: StoredReadingPosition) {
        table.withLock { _ = $0.keep(position) }
    }
}
