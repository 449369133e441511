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
