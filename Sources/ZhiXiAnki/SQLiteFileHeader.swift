/// The first 100 bytes of an SQLite database file, as far as a reader of its bytes needs them
/// (<https://www.sqlite.org/fileformat2.html#the_database_header>).
struct SQLiteFileHeader: Sendable, Hashable {
    /// "SQLite format 3" and a NUL.
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]
    /// The header's length in bytes.
    static let length = 100

    /// The page size in bytes (512 to 65536, a power of two).
    var pageSize: Int
    /// The size of the database in pages as the header records it, when it is valid (the
    /// version-valid-for number equals the change counter), else `nil`.
    var pageCount: Int?
    /// Whether the file is in WAL mode (read and write versions 2).
    var isWriteAheadLogMode: Bool

    /// Whether `bytes` start as an SQLite database does.
    static func hasMagic(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count >= magic.count && zip(bytes.prefix(magic.count), magic).allSatisfy { $0 == $1 }
    }

    /// Reads the header from the first 100 bytes of `bytes`, or `nil` when they are not an
    /// SQLite header (wrong magic, or a page size SQLite never writes).
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.length, Self.hasMagic(bytes) else { return nil }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
        self.pageSize = pageSize
        func word(_ offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
        let count = word(28)
        pageCount = count > 0 && word(24) == word(92) ? Int(count) : nil
        isWriteAheadLogMode = bytes[18] == 2 || bytes[19] == 2
    }
}
