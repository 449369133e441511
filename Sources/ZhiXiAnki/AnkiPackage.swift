/// A `.colpkg` or `.apkg` (a zip archive). Reading one needs the zip and Zstandard readers of
/// ZhiXiArchive, which are not in this build yet: packages are refused, saying so.
enum AnkiPackage {
    static func open(_ bytes: [UInt8], name: String, limits: AnkiReadLimits) throws(AnkiError) -> AnkiCollection {
        throw AnkiError(.unsupportedSchema, file: name, reason: "is a zip archive (an Anki package); this build cannot read "
                        + "packages yet: give the profile's collection.anki2 instead")
    }
}
