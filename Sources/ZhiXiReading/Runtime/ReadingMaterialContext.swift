import ZhiXiModel

/// The material a reading session is about.
package struct ReadingMaterialContext: Sendable, Hashable {
    /// The material's id on the server.
    package var materialID: String
    /// What kind of material it is.
    package var readingTargetType: ReadingTargetType
    /// Its title, kept with the local reading position for "continue learning" offline.
    package var title: String?

    /// Creates a context.
    package init(materialID: String, readingTargetType: ReadingTargetType, title: String? = nil) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
    }
}
