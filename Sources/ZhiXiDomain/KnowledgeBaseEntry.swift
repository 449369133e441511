import ZhiXiModel

/// One knowledge base of the library, with its learning paths.
package struct KnowledgeBaseEntry: Sendable, Hashable, Identifiable {
    /// The knowledge base.
    package var base: KnowledgeBase
    /// Its paths, in their order.
    package var paths: [LearningPathEntry]

    /// The knowledge base's id.
    package var id: String { base.id }

    /// Creates an entry.
    package init(base: KnowledgeBase, paths: [LearningPathEntry]) {
        self.base = base
        self.paths = paths
    }
}
