import Foundation

/// One message of a conversation with the AI tutor (AI 导师), as the device keeps it.
package struct ChatTurn: Sendable, Hashable, Identifiable {
    /// Who wrote a message.
    package enum Speaker: String, Sendable, Hashable, CaseIterable {
        /// The learner.
        case learner
        /// The AI tutor.
        case tutor
    }

    /// The longest message a learner sends, in characters (`Character`s): 2,000.
    package static let maximumLearnerLength = 2_000

    /// The message's id on the device.
    package var id: String
    /// Who wrote it.
    package var speaker: Speaker
    /// What it says.
    package var text: String
    /// When it was written (the learner's) or received whole (the tutor's).
    package var sentAt: Date

    /// Creates a message.
    package init(id: String, speaker: Speaker, text: String, sentAt: Date) {
        self.id = id
        self.speaker = speaker
        self.text = text
        self.sentAt = sentAt
    }
}
