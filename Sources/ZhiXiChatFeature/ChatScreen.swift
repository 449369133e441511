import ZhiXiDomain

/// The AI tutor page's content: the conversation, the reply on its way, and what to do when it
/// went wrong.
public struct ChatScreen: Sendable, Hashable {
    /// The page's title: AI 导师, or 关于「矩阵分解」 for a lesson's conversation.
    public var title: String
    /// The messages kept, oldest first.
    public var messages: [ChatBubble]
    /// Shown when there is no message yet, `nil` otherwise.
    public var greeting: String?
    /// The id of ``reply``'s bubble.
    public static let replyID = "reply"

    /// The tutor's reply while it arrives (``isReplying``), or what arrived of one cut off;
    /// `nil` otherwise.
    public var reply: ChatBubble?
    /// `true` from sending until the reply is complete or failed: the page sends nothing else.
    public var isReplying: Bool
    /// Shown while ``isReplying``: AI 导师正在回答…….
    public var replyingText: String
    /// What went wrong with the last reply (cut off, failed, never answered) and the retry
    /// button's label (``AIChatViewModel/retry()``); `nil` otherwise.
    public var notice: ScreenError?
    /// Why the last message was not sent (empty, too long, not saved), `nil` otherwise.
    public var inputMessage: String?
    /// The text field's placeholder.
    public var placeholder: String
    /// The label of the button that starts a new conversation.
    public var newConversationTitle: String

    /// Creates a screen.
    public init(title: String, messages: [ChatBubble], greeting: String?, reply: ChatBubble?, isReplying: Bool, replyingText: String,
                notice: ScreenError?, inputMessage: String?, placeholder: String, newConversationTitle: String) {
        self.title = title
        self.messages = messages
        self.greeting = greeting
        self.reply = reply
        self.isReplying = isReplying
        self.replyingText = replyingText
        self.notice = notice
        self.inputMessage = inputMessage
        self.placeholder = placeholder
        self.newConversationTitle = newConversationTitle
    }
}
