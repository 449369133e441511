import ZhiXiDomain

/// The study home's "continue reading" (继续阅读) card.
public struct ContinueReadingCard: Sendable, Hashable {
    /// The card's heading.
    public var heading: String
    /// The material to open.
    public var materialID: String
    /// Its kind (the API's `readingTargetType`).
    public var readingTargetType: ReadingMaterialKind
    /// Its title.
    public var title: String
    /// How far through it, 0–1, when known.
    public var progress: Double?
    /// The progress as shown: `已读 40%`.
    public var progressText: String?

    /// Creates a card (of a knowledge source unless `readingTargetType` says otherwise).
    public init(heading: String, materialID: String, title: String, progress: Double?, progressText: String?,
                readingTargetType: ReadingMaterialKind = .knowledgeSource) {
        self.heading = heading
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
        self.progress = progress
        self.progressText = progressText
    }

    /// The material to give the reading page (`AppContainer.makeReaderViewModel(material:)`).
    public var material: ReadingMaterial {
        ReadingMaterial(materialID: materialID, kind: readingTargetType, title: title)
    }
}
