/// What a piece of feedback is about, as the app's feedback page offers it. An
/// ``OpenStringEnum``.
public enum FeedbackCategory: OpenStringEnum {
    /// Something does not work (问题反馈). JSON `"bug"`.
    case bug
    /// A wish for something new (功能建议). JSON `"feature"`.
    case feature
    /// A problem with a lesson's content (内容问题). JSON `"content"`.
    case content
    /// Anything else (其他). JSON `"other"`.
    case other
    /// A category this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The four categories of the feedback page, in its order.
    public static let knownCases: [FeedbackCategory] = [.bug, .feature, .content, .other]

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .bug: "bug"
        case .feature: "feature"
        case .content: "content"
        case .other: "other"
        case .unknown(let rawValue): rawValue
        }
    }
}
