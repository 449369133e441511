import Foundation

/// A ``ReadingPositionStore`` in memory, for tests and for apps that keep nothing.
public final class InMemoryReadingPositionStore: ReadingPositionStore, @unchecked Sendable {
    // `positions` is only touched under `lock`.
    private let lock = NSLock()
    private var positions: [String: StoredReadingPosition] = [:]

    /// An empty store.
    public init() {}

    /// The position kept for `materialID`.
    public func position(for materialID: String) -> StoredReadingPosition? {
        lock.lock()
        defer { lock.unlock() }
        return positions[materialID]
    }

    /// The position recorded last. O(materials).
    public func mostRecent() -> StoredReadingPosition? {
        lock.lock()
        defer { lock.unlock() }
        return positions.values.max { ($0.updatedAt, $0.materialID) < ($1.updatedAt, $1.materialID) }
    }

    /// Keeps `position` unless a newer one of the material is kept.
    public func save(_ position: StoredReadingPosition) {
        lock.lock()
        defer { lock.unlock() }
        if let kept = positions[position.materialID], kept.updatedAt > position.updatedAt { return }
        positions[position.materialID] = position
    }
}
