/// How much an Anki file may hold, so that a damaged or hostile file (a zip or Zstandard bomb,
/// a header claiming terabytes) is refused before memory is spent on it.
package struct AnkiReadLimits: Sendable, Hashable {
    /// The most bytes of the file itself (a package, or a database with its log): 1 GiB.
    package var maximumFileBytes: Int
    /// The most bytes a collection inside a package may expand to: 2 GiB (a collection of
    /// about 20 million reviews).
    package var maximumCollectionBytes: Int

    /// Limits; the defaults above.
    package init(maximumFileBytes: Int = 1 << 30, maximumCollectionBytes: Int = 2 << 30) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumCollectionBytes = maximumCollectionBytes
    }
}
