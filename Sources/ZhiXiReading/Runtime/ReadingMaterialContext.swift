import ZhiXiModel

/// The material a reading session is about.
public struct ReadingMaterialContext: Sendable, Hashable {
    /// The material's id on the server.
    public var materialID: String
    /// What kind of material it is.
    public var readingTargetType: ReadingTargetType
    /// Its title, kept with the local reading position for "continue learning" offline.
    public var title: String?

    /// Creates a context.
    public init(materialID: String, readingTargetType: ReadingTargetType, title: String? = nil) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
    }
}
