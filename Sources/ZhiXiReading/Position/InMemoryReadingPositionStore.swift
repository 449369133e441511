import Foundation
import ZhiXiCore

/// A ``ReadingPositionStore`` in memory, for tests and for apps that keep nothing.
public final class InMemoryReadingPositionStore: ReadingPositionStore, Sendable {
    private let table = Locked(ReadingPositionTable())

    /// An empty store.
    public init() {}

    /// The position kept for `materialID`.
    public func position(for materialID: String) -> StoredReadingPosition? {
        table.withLock { $0.position(for: materialID) }
    }

    /// The position recorded last. O(materials).
    public func mostRecent() -> StoredReadingPosition? {
        table.withLock { $0.mostRecent() }
    }

    /// Keeps `position` unless a newer one of the material is kept.
    public func save(_ position: StoredReadingPosition) {
        table.withLock { _ = $0.keep(position) }
    }
}
