/// What the learner was reading last, to offer "continue where you left off" (继续阅读).
public struct ContinueReading: Sendable, Hashable {
    /// The material to open.
    public var materialID: String
    /// Its kind (the API's `readingTargetType`), what the reader needs to open it.
    public var readingTargetType: ReadingMaterialKind
    /// Its title (a material without one is called 未命名 / "Untitled").
    public var title: String
    /// How far through it the learner got, 0–1, when known.
    public var progress: Double?
    /// `true` when it came from the device's own record (of the same learner) because the
    /// server could not be asked.
    public var isFromDevice: Bool

    /// Creates a suggestion.
    public init(materialID: String, readingTargetType: ReadingMaterialKind, title: String, progress: Double?, isFromDevice: Bool) {
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.title = title
        self.progress = progress
        self.isFromDevice = isFromDevice
    }

    /// The material to give the reading page.
    public var material: ReadingMaterial {
        ReadingMaterial(materialID: materialID, kind: readingTargetType, title: title)
    }
}
