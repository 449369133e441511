/// The tutor's reply while it arrives, or what arrived of a reply cut off.
public struct ChatReplyDraft: Sendable, Hashable {
    /// Who writes it: AI 导师.
    public var speakerName: String
    /// The reply so far (empty before its first piece).
    public var text: String
    /// `true` while more is coming; `false` once it was cut off.
    public var isStreaming: Bool

    /// Creates a draft.
    public init(speakerName: String, text: String, isStreaming: Bool) {
        self.speakerName = speakerName
        self.text = text
        self.isStreaming = isStreaming
    }
}
