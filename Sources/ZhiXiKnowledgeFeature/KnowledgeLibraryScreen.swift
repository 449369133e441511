/// The library page's content: each knowledge base with its learning paths.
public struct KnowledgeLibraryScreen: Sendable, Hashable {
    /// The page's title: 知识库.
    public var title: String
    /// The knowledge bases, in the server's order.
    public var bases: [KnowledgeBaseCard]
    /// Shown when there is no knowledge base, `nil` otherwise.
    public var emptyText: String?
    /// `true` when this is what the device keeps because the server did not answer.
    public var isOffline: Bool
    /// The banner to show when offline, saying why; `nil` online.
    public var offlineMessage: String?

    /// Creates a screen.
    public init(title: String, bases: [KnowledgeBaseCard], emptyText: String?, isOffline: Bool, offlineMessage: String?) {
        self.title = title
        self.bases = bases
        self.emptyText = emptyText
        self.isOffline = isOffline
        self.offlineMessage = offlineMessage
    }
}
