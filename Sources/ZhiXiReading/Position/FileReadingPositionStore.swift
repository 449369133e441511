import Foundation
import ZhiXiModel

/// A ``ReadingPositionStore`` in one JSON file (`{"positions": [StoredReadingPosition…]}`),
/// written whole or not at all (a temporary file renamed over it). It keeps the
/// ``capacity`` most recent materials. An unreadable file counts as empty.
public final class FileReadingPositionStore: ReadingPositionStore, @unchecked Sendable {
    private struct Contents: Codable {
        var positions: [StoredReadingPosition]
    }

    /// The file.
    public let fileURL: URL
    /// The most materials kept (default 500); the least recently read are forgotten.
    public let capacity: Int
    // `positions` is only touched under `lock`.
    private let lock = NSLock()
    private var positions: [String: StoredReadingPosition]

    /// Opens the store in `fileURL` (created on the first save).
    public init(fileURL: URL, capacity: Int = 500) {
        self.fileURL = fileURL
        self.capacity = max(1, capacity)
        let contents = (try? Data(contentsOf: fileURL)).flatMap { try? ZhiXiJSON.makeDecoder().decode(Contents.self, from: $0) }
        positions = Dictionary(contents?.positions.map { ($0.materialID, $0) } ?? [], uniquingKeysWith: { $0.updatedAt >= $1.updatedAt ? $0 : $1 })
    }

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

    /// Keeps `position` unless a newer one of the material is kept, and rewrites the file.
    /// O(materials).
    /// - Throws: when the file cannot be written (memory keeps the position anyway).
    public func save(_ position: StoredReadingPosition) throws {
        lock.lock()
        defer { lock.unlock() }
        if let kept = positions[position.materialID], kept.updatedAt > position.updatedAt { return }
        positions[position.materialID] = position
        var kept = positions.values.sorted { ($0.updatedAt, $0.materialID) > ($1.updatedAt, $1.materialID) }
        if kept.count > capacity {
            kept.removeLast(kept.count - capacity)
            positions = Dictionary(uniqueKeysWithValues: kept.map { ($0.materialID, $0) })
        }
        let data = try ZhiXiJSON.makeEncoder().encode(Contents(positions: kept))
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }
}
