import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel

/// A ``ReadingPositionStore`` in one JSON file (`{"positions": [StoredReadingPosition…]}`),
/// written whole or not at all (`AtomicFileWriter` of ZhiXiFileSystem: a temporary file
/// flushed to disk and renamed over it, mode 0600). It keeps the ``capacity`` most recent
/// materials. An unreadable file counts as empty.
package final class FileReadingPositionStore: ReadingPositionStore, Sendable {
    private struct Contents: Codable {
        var positions: [StoredReadingPosition]
    }

    /// The file.
    package let fileURL: URL
    /// The most materials kept (default 500); the least recently read are forgotten.
    package let capacity: Int
    private let table: Locked<ReadingPositionTable>

    /// Opens the store in `fileURL` (created on the first save).
    package init(fileURL: URL, capacity: Int = 500) {
        self.fileURL = fileURL
        self.capacity = max(1, capacity)
        // A file that cannot be read, is not one this program wrote (a link, another user's,
        // open to others: `PrivateFile`), is larger than 16 MiB or holds a key twice (ambiguous)
        // starts an empty table.
        let contents = (try? PrivateFile.read(fileURL.path, limit: 16 << 20)).flatMap { $0 }
            .flatMap { JSONDuplicateKeyScanner.firstDuplicate(inBytes: $0) == nil ? $0 : nil }
            .flatMap { try? ZhiXiJSON.makeDecoder().decode(Contents.self, from: $0) }
        table = Locked(ReadingPositionTable(contents?.positions ?? []))
    }

    /// The position kept for `materialID`.
    package func position(for materialID: String) -> StoredReadingPosition? {
        table.withLock { $0.position(for: materialID) }
    }

    /// The position recorded last. O(materials).
    package func mostRecent() -> StoredReadingPosition? {
        table.withLock { $0.mostRecent() }
    }

    /// Keeps `position` unless a newer one of the material is kept, and rewrites the file.
    /// O(materials log materials).
    /// - Throws: when the file cannot be written (memory keeps the position anyway).
    package func save(_ position: StoredReadingPosition) throws {
        let (fileURL, capacity) = (fileURL, capacity)
        try table.withLock { (table) throws -> Void in
            guard table.keep(position) else { return }
            let data = try ZhiXiJSON.makeEncoder().encode(Contents(positions: table.trim(to: capacity)))
            try StoreDirectory.prepare(fileURL.deletingLastPathComponent(), create: true)
            try AtomicFileWriter.replaceFile(at: fileURL.path, with: data)
        }
    }
}
