import ZhiXiArchive

/// A `.colpkg` or `.apkg`: a zip archive holding the collection as `collection.anki21b`
/// (SQLite compressed with Zstandard, Anki 2.1.50 and later), `collection.anki21` or
/// `collection.anki2` (legacy, plain SQLite). The newest present is read, as Anki reads it: a
/// current package also holds a small `collection.anki2` that only tells old Ankis to update.
enum AnkiPackage {
    /// The collection's names in a package, newest first.
    static let collectionNames = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    /// The collection inside a package's bytes.
    /// - Complexity: O(archive + collection size); nothing expands past
    ///   ``AnkiReadLimits/maximumCollectionBytes``.
    /// - Throws: ``AnkiError``: damaged (not a zip, a zip without a collection, a damaged
    ///   entry or Zstandard frame), too large.
    static func open(_ bytes: [UInt8], name: String, limits: AnkiReadLimits) throws(AnkiError) -> AnkiCollection {
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
        var contents: [UInt8]
        do {
            contents = try archive.contents(of: entry, limit: limit)
        } catch {
            throw AnkiError(.damaged, file: name, reason: "\(entry.name) cannot be read: \(error)")
        }
        if entry.name == "collection.anki21b" {
            guard ZstandardDecoder.hasFrameMagic(contents) else {
                throw AnkiError(.damaged, file: name, reason: "\(entry.name) is not compressed with Zstandard, as Anki writes it")
            }
            do {
                contents = try ZstandardDecoder.decompress(contents, limit: limit)
            } catch {
                throw AnkiError(.damaged, file: name, reason: "\(entry.name) cannot be decompressed: \(error)")
            }
        }
        return try AnkiFile.database(contents, name: name, source: "\(entry.name) in \(name)")
    }
}

