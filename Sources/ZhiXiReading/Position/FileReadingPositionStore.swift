import Foundation
import ZhiXiCore
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
    // `table` is only touched under `lock`.
    private let lock = NSLock()
    private var table: ReadingPositionTable

    /// Opens the store in `fileURL` (created on the first save).
    public init(fileURL: URL, capacity: Int = 500) {
        self.fileURL = fileURL
        self.capacity = max(1, capacity)
        // A file that cannot be read, or that holds a key twice (ambiguous), starts an empty table.
        let contents = (try? Data(contentsOf: fileURL))
            .flatMap { JSONDuplicateKeyScanner.firstDuplicate(inBytes: $0) == nil ? $0 : nil }
            .flatMap { try? ZhiXiJSON.makeDecoder().decode(Contents.self, from: $0) }
        table = ReadingPositionTable(contents?.positions ?? [])
    }

    /// The position kept for `materialID`.
    public func position(for materialID: String) -> StoredReadingPosition? {
        lock.withLock { table.position(for: materialID) }
    }

    /// The position recorded last. O(materials).
    public func mostRecent() -> StoredReadingPosition? {
        lock.withLock { table.mostRecent() }
    }

    /// Keeps `position` unless a newer one of the material is kept, and rewrites the file.
    /// O(materials log materials).
    /// - Throws: when the file cannot be written (memory keeps the position anyway).
    public func save(_ position: StoredReadingPosition) throws {
        lock.lock()
        defer { lock.unlock() }
        guard table.keep(position) else { return }
        let data = try ZhiXiJSON.makeEncoder().encode(Contents(positions: table.trim(to: capacity)))
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }
}
