/// The learner's knowledge bases (知识库) as the library page shows them.
package struct KnowledgeLibrary: Sendable, Hashable {
    /// The knowledge bases, in the server's order.
    package var bases: [KnowledgeBaseEntry]
    /// `true` when the server did not answer and this is what the device keeps.
    package var isOffline: Bool
    /// Why the server's answer is missing, offline (`nil` online or unknown).
    package var offlineCause: OfflineCause?

    /// Creates a library.
    package init(bases: [KnowledgeBaseEntry], isOffline: Bool, offlineCause: OfflineCause? = nil) {
        self.bases = bases
        self.isOffline = isOffline
        self.offlineCause = offlineCause
    }
}
