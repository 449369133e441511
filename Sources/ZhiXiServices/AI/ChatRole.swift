import ZhiXiModel

/// Who wrote a chat message. An `OpenStringEnum` (ZhiXiModel).
package enum ChatRole: OpenStringEnum {
    /// The learner. JSON `"user"`.
    case user
    /// The AI tutor. JSON `"assistant"`.
    case assistant
    /// Instructions to the tutor. JSON `"system"`.
    case system
    /// A role this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The roles this version knows.
    package static let knownCases: [ChatRole] = [.user, .assistant, .system]

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .user: "user"
        case .assistant: "assistant"
        case .system: "system"
        case .unknown(let rawValue): rawValue
        }
    }
}
