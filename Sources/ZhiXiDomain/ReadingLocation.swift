/// Where the learner is in a material, as any reader (web page, PDF, EPUB) can store and
/// restore it: how far through it, and where exactly when the reader knows.
public struct ReadingLocation: Sendable, Hashable {
    /// How far through the material, 0 (the start) to 1 (the end).
    public var progress: Double
    /// The zero-based page of a paged material, if any.
    public var pageIndex: Int?
    /// A place the reader can jump back to (a section id, an EPUB CFI), if any.
    public var anchor: String?

    /// Creates a location.
    public init(progress: Double, pageIndex: Int? = nil, anchor: String? = nil) {
        self.progress = progress
        self.pageIndex = pageIndex
        self.anchor = anchor
    }
}
