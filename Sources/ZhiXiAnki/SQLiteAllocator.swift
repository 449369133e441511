#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import ZhiXiArchive

extension AllocatedBytes.Allocator {
    /// SQLite's own allocator (`sqlite3_malloc64`, `sqlite3_realloc64`, `sqlite3_free`): a
    /// database image written into its memory is handed to a connection with
    /// `SQLITE_DESERIALIZE_FREEONCLOSE` as it is, without a copy.
    static let sqlite = AllocatedBytes.Allocator(
        allocate: { sqlite3_malloc64(sqlite3_uint64($0)) },
        reallocate: { sqlite3_realloc64($0, sqlite3_uint64($1)) },
        free: { sqlite3_free($0) })
}
