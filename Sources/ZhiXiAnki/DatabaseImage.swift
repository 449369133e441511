#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A database's bytes in memory that SQLite allocated, so that a connection can take them over
/// (`sqlite3_deserialize` with `SQLITE_DESERIALIZE_FREEONCLOSE`) without another copy.
final class DatabaseImage {
    private var storage: UnsafeMutableRawPointer?
    /// The length in bytes.
    private(set) var count: Int

    /// Uninitialised memory of `count` bytes, or `nil` when it cannot be had.
    init?(count: Int) {
        guard count > 0, let memory = sqlite3_malloc64(sqlite3_uint64(count)) else { return nil }
        storage = memory
        self.count = count
    }

    /// A copy of `bytes`. O(n).
    convenience init?(copying bytes: UnsafeRawBufferPointer) {
        self.init(count: bytes.count)
        self.bytes.copyMemory(from: bytes)
    }

    /// The bytes (empty once handed over).
    var bytes: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: storage, count: storage == nil ? 0 : count) }

    /// Keeps the first `newCount` bytes only.
    func truncate(to newCount: Int) { count = max(0, min(count, newCount)) }

    /// The memory, now the caller's to free with `sqlite3_free` (or hand to SQLite).
    func takeOwnership() -> UnsafeMutableRawPointer? {
        defer { storage = nil }
        return storage
    }

    deinit {
        if let storage { sqlite3_free(storage) }
    }
}
