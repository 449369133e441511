/// The learner's knowledge bases (知识库) as the library page shows them.
public struct KnowledgeLibrary: Sendable, Hashable {
    /// The knowledge bases, in the server's order.
    public var bases: [KnowledgeBaseEntry]
    /// `true` when the server did not answer and this is what the device keeps.
    public var isOffline: Bool
    /// Why the server's answer is missing, offline (`nil` online or unknown).
    public var offlineCause: OfflineCause?

    /// Creates a library.
    public init(bases: [KnowledgeBaseEntry], isOffline: Bool, offlineCause: OfflineCause? = nil) {
        self.bases = bases
        self.isOffline = isOffline
        self.offlineCause = offlineCause
    }
}
