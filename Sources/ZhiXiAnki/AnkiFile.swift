import Foundation
import ZhiXiArchive
import ZhiXiFileSystem

/// Opens what Anki users have, recognised by its content, not its name:
///
/// - an SQLite database: a profile's `collection.anki2`, read as last committed even while
///   Anki has it open (its write-ahead log applied in memory; see the discussion below);
/// - a zip archive: a `.colpkg` (whole collection) or `.apkg` (decks), holding
///   `collection.anki21b` (an SQLite database compressed with Zstandard, Anki 2.1.50 and
///   later), or the legacy `collection.anki21` or `collection.anki2`; the newest present is
///   read, as Anki does (a current package keeps a `collection.anki2` only to tell old Ankis
///   to update);
/// - anything else is ``AnkiError/Kind-swift.enum/notAnkiFile`` (a CSV review log, say).
///
/// A live collection is never opened with SQLite: Anki holds it with
/// `locking_mode=exclusive` in WAL mode. Its bytes are read (the file, its `-wal`, a hot
/// `-journal`), the committed frames applied in memory, and the image handed to an in-memory
/// SQLite connection that is read-only. Nothing is written, beside the input or anywhere;
/// no lock is taken.
///
/// ```swift
/// let collection = try AnkiFile.open(path: "collection.colpkg")
/// let selection = try AnkiSelection(collection, scope: .preset("Default"))
/// ```
package enum AnkiFile {
    /// What a file holds, from its first bytes.
    package enum Format: Sendable, Hashable {
        /// An SQLite database.
        case database
        /// A zip archive (a package).
        case package
        /// Neither.
        case other
    }

    /// How many first bytes ``format(ofPrefix:)`` needs.
    package static let prefixLength = 16

    /// The format of a file starting with `prefix` (its first ``prefixLength`` bytes, or all of
    /// a shorter file).
    package static func format(ofPrefix prefix: some Collection<UInt8>) -> Format {
        if SQLiteFileHeader.hasMagic(prefix) { return .database }
        let bytes = Array(prefix.prefix(4))
        if bytes == [0x50, 0x4B, 0x03, 0x04] || bytes == [0x50, 0x4B, 0x05, 0x06] { return .package }
        return .other
    }

    /// The format of the file at `path`, from its first bytes, or `nil` when it is not a
    /// regular file that can be read (a pipe must be read whole and given to
    /// ``open(bytes:name:limits:)``). Reads at most ``prefixLength`` bytes.
    package static func format(ofFileAt path: String) -> Format? {
        guard let file = try? RegularFile.openForReading(path) else { return nil }
        defer { file.close() }
        var bytes = [UInt8](repeating: 0, count: prefixLength)
        let count = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return nil }
        return format(ofPrefix: bytes.prefix(count))
    }

    /// Opens the Anki file at `path` (a regular file).
    /// - Parameters:
    ///   - path: the file.
    ///   - name: how it is named in errors and ``AnkiCollection/file`` (default: `path`).
    ///   - limits: the most it may hold.
    ///   - deferringVerification: return before SQLite's integrity check of the collection ends
    ///     (it runs beside the reading); the caller then calls the collection's
    ///     ``AnkiCollection/verification`` before it believes anything.
    /// - Complexity: O(file size + collection size).
    /// - Throws: ``AnkiError``.
    package static func open(path: String, name: String? = nil, limits: AnkiReadLimits = AnkiReadLimits(),
                             deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        let shown = name ?? path
        guard let status = FileStatus.at(path) else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? AnkiError(.unreadable, file: shown, reason: "no such file")
                                                    : LiveDatabaseSnapshot.unreadable(shown, code)
        }
        guard status.isRegularFile else {
            throw AnkiError(.unreadable, file: shown, reason: "is not a regular file")
        }
        switch format(ofFileAt: path) {
        case .database?:
            let snapshot = try LiveDatabaseSnapshot.read(path, name: shown, limit: limits.maximumFileBytes)
            return try collection(snapshot.image, name: shown, source: snapshot.hadLog ? "\(shown) with its write-ahead log" : shown,
                                  deferringVerification: deferringVerification)
        case .package?:
            guard status.size <= limits.maximumFileBytes else {
                throw AnkiError(.tooLarge, file: shown, reason: "holds \(status.size) bytes, more than the limit of "
                                + "\(limits.maximumFileBytes)")
            }
            guard let bytes = try LiveDatabaseSnapshot.readAll(path, name: shown, limit: limits.maximumFileBytes) else {
                throw AnkiError(.unreadable, file: shown, reason: "no such file")
            }
            return try AnkiPackage.open(bytes, name: shown, limits: limits, deferringVerification: deferringVerification)
        case .other?:
            throw AnkiError(.notAnkiFile, file: shown, reason: "is not an Anki file (neither an SQLite database nor a zip archive)")
        case nil:
            throw AnkiError(.unreadable, file: shown, reason: "cannot be read")
        }
    }

    /// Opens an Anki file already read (standard input, a pipe): a database (without a log)
    /// or a package (`deferringVerification` as in ``open(path:name:limits:deferringVerification:)``).
    /// - Complexity: O(n + collection size).
    /// - Throws: ``AnkiError``.
    package static func open(bytes: [UInt8], name: String, limits: AnkiReadLimits = AnkiReadLimits(),
                             deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        guard bytes.count <= limits.maximumFileBytes else {
            throw AnkiError(.tooLarge, file: name, reason: "holds \(bytes.count) bytes, more than the limit of \(limits.maximumFileBytes)")
        }
        switch format(ofPrefix: bytes.prefix(prefixLength)) {
        case .database:
            return try database(bytes, name: name, source: name, deferringVerification: deferringVerification)
        case .package:
            return try AnkiPackage.open(bytes, name: name, limits: limits, deferringVerification: deferringVerification)
        case .other:
            throw AnkiError(.notAnkiFile, file: name, reason: "is not an Anki file (neither an SQLite database nor a zip archive)")
        }
    }

    /// A collection from the bytes of a database (standard input, a pipe): copied once into
    /// SQLite's memory.
    static func database(_ bytes: [UInt8], name: String, source: String, deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        let length = try bytes.withUnsafeBytes { buffer in
            Result { () throws(AnkiError) -> Int in try checkedLength(buffer, name: name) }
        }.get()
        guard let image = bytes.withUnsafeBytes({ AllocatedBytes(copying: UnsafeRawBufferPointer(rebasing: $0[0 ..< length]), allocator: .sqlite) }) else {
            throw AnkiError(.tooLarge, file: name, reason: "\(bytes.count) bytes of memory could not be had")
        }
        return try database(image, name: name, source: source, deferringVerification: deferringVerification)
    }

    /// A collection from a database image already in SQLite's memory (one expanded out of a
    /// package, or copied): its header checked against its length, then handed to SQLite as
    /// it is.
    static func database(_ image: AllocatedBytes, name: String, source: String, deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        image.setCount(try checkedLength(UnsafeRawBufferPointer(image.bytes), name: name))
        image.bytes[18] = 1
        image.bytes[19] = 1
        return try collection(image, name: name, source: source, deferringVerification: deferringVerification)
    }

    /// The length of the database in `bytes`: its header's pages when the header gives a valid
    /// count (bytes after them are not the database's, as SQLite reads it), else its whole
    /// pages. Refuses a header that is not SQLite's, bytes that are not whole pages, and a
    /// header that gives more pages than the bytes hold.
    static func checkedLength(_ bytes: UnsafeRawBufferPointer, name: String) throws(AnkiError) -> Int {
        guard let header = SQLiteFileHeader(bytes) else {
            throw AnkiError(.damaged, file: name, reason: "is not an SQLite database (its header is cut short or wrong)")
        }
        let count = bytes.count, pages = count / header.pageSize
        guard count % header.pageSize == 0 else {
            throw AnkiError(.damaged, file: name, reason: "is cut short: its \(count) bytes are not a whole number of \(header.pageSize)-byte "
                            + "pages (\(pages) pages and \(count % header.pageSize) bytes)")
        }
        let headerPages = header.pageCount ?? pages
        guard headerPages <= pages else {
            throw AnkiError(.damaged, file: name, reason: "is cut short: its header gives \(headerPages) pages of \(header.pageSize) bytes, "
                            + "and it holds \(pages) (\(count) bytes)")
        }
        return headerPages * header.pageSize
    }

    private static func collection(_ image: AllocatedBytes, name: String, source: String, deferringVerification: Bool) throws(AnkiError) -> AnkiCollection {
        let connection = try SQLiteConnection(image: image, name: name)
        return try AnkiCollectionReader.read(connection, file: name, source: source, deferringVerification: deferringVerification)
    }
}
