/// The study home's "continue reading" (继续阅读) card.
public struct ContinueReadingCard: Sendable, Hashable {
    /// The card's heading.
    public var heading: String
    /// The material to open.
    public var materialID: String
    /// Its title.
    public var title: String
    /// How far through it, 0–1, when known.
    public var progress: Double?
    /// The progress as shown: `已读 40%`.
    public var progressText: String?

    /// Creates a card.
    public init(heading: String, materialID: String, title: String, progress: Double?, progressText: String?) {
        self.heading = heading
        self.materialID = materialID
        self.title = title
        self.progress = progress
        self.progressText = progressText
    }
}
