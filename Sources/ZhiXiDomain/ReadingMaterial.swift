/// The material a reading page opens: what the reading pipeline needs to record the
/// learner's reading of it.
public struct ReadingMaterial: Sendable, Hashable {
    /// The material's id on the server.
    public var materialID: String
    /// Its kind (the API's `readingTargetType`).
    public var kind: ReadingMaterialKind
    /// Its title, if known (kept with the position for the continue card offline).
    public var title: String?

    /// Creates a material.
    public init(materialID: String, kind: ReadingMaterialKind, title: String? = nil) {
        self.materialID = materialID
        self.kind = kind
        self.title = title
    }
}
