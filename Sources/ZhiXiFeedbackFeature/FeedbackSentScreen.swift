/// The feedback page once the server has the feedback.
public struct FeedbackSentScreen: Sendable, Hashable {
    /// 已收到你的反馈，谢谢！
    public var message: String
    /// The label of the button that starts another one (``FeedbackViewModel/startAnother()``).
    public var anotherTitle: String
    /// The server's id of the feedback, when it gave one.
    public var feedbackID: String?

    /// Creates a screen.
    public init(message: String, anotherTitle: String, feedbackID: String?) {
        self.message = message
        self.anotherTitle = anotherTitle
        self.feedbackID = feedbackID
    }
}
