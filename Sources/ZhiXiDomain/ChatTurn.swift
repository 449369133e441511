import Foundation

/// One message of a conversation with the AI tutor (AI 导师), as the device keeps it.
public struct ChatTurn: Sendable, Hashable, Identifiable {
    /// Who wrote a message.
    public enum Speaker: String, Sendable, Hashable, CaseIterable {
        /// The learner.
        case learner
        /// The AI tutor.
        case tutor
    }

    /// The longest message a learner sends, in characters (`Character`s): 2,000.
    public static let maximumLearnerLength = 2_000

    /// The message's id on the device.
    public var id: String
    /// Who wrote it.
    public var speaker: Speaker
    /// What it says.
    public var text: String
    /// When it was written (the learner's) or received whole (the tutor's).
    public var sentAt: Date

    /// Creates a message.
    public init(id: String, speaker: Speaker, text: String, sentAt: Date) {
        self.id = id
        self.speaker = speaker
        self.text = text
        self.sentAt = sentAt
    }
}
