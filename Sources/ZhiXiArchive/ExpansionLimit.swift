/// The most bytes one call may produce: the defence against archive bombs. Declared sizes
/// (a zip entry's uncompressed size, a zstd frame's content size, the sizes of its raw and
/// RLE blocks) are checked against it before anything is expanded, and the output is stopped
/// at it while expanding, so neither a lying header nor an undeclared size can make a call
/// allocate more than about this much.
///
/// ```swift
/// let limit = ExpansionLimit(maximumOutputBytes: 2 << 30)   // 2 GiB
/// ```
package struct ExpansionLimit: Sendable, Hashable {
    /// The largest output allowed, in bytes (never negative).
    package var maximumOutputBytes: Int

    package init(maximumOutputBytes: Int) {
        self.maximumOutputBytes = max(0, maximumOutputBytes)
    }
}

/// Content that gives its own length in its first bytes (an SQLite database: its header's page
/// count times its page size). An expansion told of it stops where the content says it ends,
/// so a bomb behind an honest header costs no more than the header claims.
///
/// ```swift
/// let rule = DeclaredLength(prefixLength: 100) { header in Int(header[28]) * 4096 }
/// ```
package struct DeclaredLength: Sendable {
    /// How many first bytes ``length`` reads.
    package var prefixLength: Int
    /// The content's length from its first ``prefixLength`` bytes (or all of a shorter
    /// output), or `nil` when they do not say (no tighter bound than the limit).
    package var length: @Sendable (UnsafeRawBufferPointer) -> Int?

    /// A rule from the length of the prefix it reads and the function that reads it.
    package init(prefixLength: Int, length: @escaping @Sendable (UnsafeRawBufferPointer) -> Int?) {
        self.prefixLength = prefixLength
        self.length = length
    }
}
