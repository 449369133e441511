import Foundation

/// A ``ReadingPositionStore`` in memory, for tests and for apps that keep nothing.
public final class InMemoryReadingPositionStore: ReadingPositionStore, @unchecked Sendable {
    // `table` is only touched under `lock`.
    private let lock = NSLock()
    private var table = ReadingPositionTable()

    /// An empty store.
    public init() {}

    /// The position kept for `materialID`.
    public func position(for materialID: String) -> StoredReadingPosition? {
        lock.withLock { table.position(for: materialID) }
    }

    /// The position recorded last. O(materials).
    public func mostRecent() -> StoredReadingPosition? {
        lock.withLock { table.mostRecent() }
    }

    /// Keeps `position` unless a newer one of the material is kept.
    public func save(_ position: StoredReadingPosition) {
        lock.withLock { _ = table.keep(position) }
    }
}
