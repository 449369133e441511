/// What kind of material a learner reads, as the reading pipeline tells them apart (the
/// API's `readingTargetType`): a source of a knowledge base, or a temporary file.
public enum ReadingMaterialKind: String, Sendable, Hashable, CaseIterable {
    /// A source in one of the learner's knowledge bases (`knowledge_source`).
    case knowledgeSource = "knowledge_source"
    /// A file the learner opened for a while, not kept in a knowledge base (`temporary_file`).
    case temporaryFile = "temporary_file"
}
