/// One knowledge base on the library page.
public struct KnowledgeBaseCard: Sendable, Hashable, Identifiable {
    /// The knowledge base's id.
    public var id: String
    /// Its title.
    public var title: String
    /// What it covers, if said.
    public var description: String?
    /// Who it is written for, if said.
    public var targetUser: String?
    /// `3 条学习路径`.
    public var pathCountText: String
    /// Its learning paths, in their order.
    public var paths: [LearningPathRow]

    /// Creates a card.
    public init(id: String, title: String, description: String?, targetUser: String?, pathCountText: String, paths: [LearningPathRow]) {
        self.id = id
        self.title = title
        self.description = description
        self.targetUser = targetUser
        self.pathCountText = pathCountText
        self.paths = paths
    }
}
