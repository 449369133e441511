/// Where the learner is in a material, normalized so that any reader (web page, PDF, EPUB)
/// can store and restore it.
///
/// JSON: `{"progress": 0.42, "pageIndex": 12, "anchor": "sec-3.2"}`; `pageIndex` and
/// `anchor` may be absent.
package struct ReadingPosition: Sendable, Codable, Hashable {
    /// How far through the material, from 0 (the start) to 1 (the end).
    package var progress: Double
    /// The zero-based page, for paged materials; `nil` otherwise.
    package var pageIndex: Int?
    /// A location the reader can jump back to (a section id, an EPUB CFI, …); `nil` when
    /// there is none.
    package var anchor: String?

    /// Creates a position as given; see ``normalized`` for the checked form.
    package init(progress: Double, pageIndex: Int? = nil, anchor: String? = nil) {
        self.progress = progress
        self.pageIndex = pageIndex
        self.anchor = anchor
    }

    /// This position with `progress` clamped to 0–1 (a value that is not a number becomes
    /// 0), a negative page dropped and an empty anchor dropped.
    package var normalized: ReadingPosition {
        ReadingPosition(
            progress: progress.isNaN ? 0 : min(1, max(0, progress)),
            pageIndex: pageIndex.flatMap { $0 >= 0 ? $0 : nil },
            anchor: anchor.flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// `true` when the position is already ``normalized``.
    package var isNormalized: Bool { self == normalized }
}
