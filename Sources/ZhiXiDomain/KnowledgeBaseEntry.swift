import ZhiXiModel

/// One knowledge base of the library, with its learning paths.
public struct KnowledgeBaseEntry: Sendable, Hashable, Identifiable {
    /// The knowledge base.
    public var base: KnowledgeBase
    /// Its paths, in their order.
    public var paths: [LearningPathEntry]

    /// The knowledge base's id.
    public var id: String { base.id }

    /// Creates an entry.
    public init(base: KnowledgeBase, paths: [LearningPathEntry]) {
        self.base = base
        self.paths = paths
    }
}
