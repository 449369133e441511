/// What the learner was reading last, to offer "continue where you left off" (继续阅读).
package struct ContinueReading: Sendable, Hashable {
    /// The material to open.
    package var materialID: String
    /// Its kind (the API's `readingTargetType`), what the reader needs to open it.
    package var readingTargetType: ReadingMaterialKind
    /// Its title (a material without one is called 未命名 / "Untitled").
    package var title: String
    /// How far through it the learner got, 0–1, when known.
    package var progress: Double?
    /// `true` when it came from the device's own record (of the same learner) because the
    /// server could not be asked.
    package var isFromDevice: Bool

    /// Creates a suggestion.
    package init(materialID: String, readingTargetType: ReadingMaterialKind, title: String, progress: Double?, isFromDevice: Bool) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
        self.progress = progress
        self.isFromDevice = isFromDevice
    }

    /// The material to give the reading page.
    package var material: ReadingMaterial {
        ReadingMaterial(materialID: materialID, kind: readingTargetType, title: title)
    }
}
