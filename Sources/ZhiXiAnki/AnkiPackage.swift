import ZhiXiArchive

/// A `.colpkg` or `.apkg`: a zip archive holding the collection as `collection.anki21b`
/// (SQLite compressed with Zstandard, Anki 2.1.50 and later), `collection.anki21` or
/// `collection.anki2` (legacy, plain SQLite). The newest present is read, as Anki reads it: a
/// current package also holds a small `collection.anki2` that only tells old Ankis to update.
enum AnkiPackage {
    /// The collection's names in a package, newest first.
    static let collectionNames = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    /// An SQLite database's length from its header: its page count (when valid) times its page
    /// size.
    static let databaseLength = DeclaredLength(prefixLength: SQLiteFileHeader.length) { prefix in
        SQLiteFileHeader(prefix).flatMap { header in header.pageCount.map { $0 * header.pageSize } }
    }

    /// The collection inside a package's bytes.
    /// - Complexity: O(archive + collection size); nothing expands past
    ///   ``AnkiReadLimits/maximumCollectionBytes``.
    /// - Throws: ``AnkiError``: damaged (not a zip, a zip without a collection, a damaged
    ///   entry or Zstandard frame), too large.
    static func open(_ bytes: [UInt8], name: String, limits: AnkiReadLimits, deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes)
        } catch {
            throw AnkiError(.damaged, file: name, reason: "is a zip archive that cannot be read: \(error)")
        }
        guard let entry = collectionNames.lazy.compactMap({ archive.entry(named: $0) }).first else {
            throw AnkiError(.damaged, file: name, reason: "is a zip archive but not an Anki package (it holds no "
                            + collectionNames.joined(separator: ", ") + ")")
        }
        let limit = ExpansionLimit(maximumOutputBytes: limits.maximumCollectionBytes)
        guard entry.uncompressedSize <= limits.maximumCollectionBytes else {
            throw AnkiError(.tooLarge, file: name, reason: "\(entry.name) would expand to \(entry.uncompressedSize) bytes, more "
                            + "than the limit of \(limits.maximumCollectionBytes)")
        }
        // The database is written straight into SQLite's memory and handed over as it is; it
        // may be no longer than its own header says (a bomb behind an honest header stops there).
        let image: AllocatedBytes
        if entry.name == "collection.anki21b" {
            let compressed: [UInt8]
            do {
                compressed = try archive.contents(of: entry, limit: limit)
            } catch {
                throw AnkiError(.damaged, file: name, reason: "\(entry.name) cannot be read: \(error)")
            }
            guard ZstandardDecoder.hasFrameMagic(compressed) else {
                throw AnkiError(.damaged, file: name, reason: "\(entry.name) is not compressed with Zstandard, as Anki writes it")
            }
            do {
                image = try compressed.withUnsafeBytes { bytes in
                    Result { () throws(ArchiveError) -> AllocatedBytes in
                        try ZstandardDecoder.decompress(bytes, limit: limit, allocator: .sqlite, declaredLength: databaseLength)
                    }
                }.get()
            } catch {
                throw AnkiError(error.kind == .limitExceeded ? .tooLarge : .damaged, file: name,
                                reason: "\(entry.name) cannot be decompressed: \(error)")
            }
        } else {
            do {
                image = try archive.contents(of: entry, limit: limit, allocator: .sqlite, declaredLength: databaseLength)
            } catch {
                throw AnkiError(error.kind == .limitExceeded ? .tooLarge : .damaged, file: name, reason: "\(entry.name) cannot be read: \(error)")
            }
        }
        return try AnkiFile.database(image, name: name, source: "\(entry.name) in \(name)", deferringVerification: deferringVerification)
    }
}

