import ZhiXiDomain
import ZhiXiModel

/// The feedback form as the page draws it (the text itself is ``FeedbackViewModel/content``).
public struct FeedbackForm: Sendable, Hashable {
    /// The page's title: 意见反馈.
    public var title: String
    /// The four categories, in the design's order.
    public var categories: [Choice<FeedbackCategory>]
    /// The category selected (the first, until the learner picks another).
    public var category: FeedbackCategory
    /// The text field's placeholder.
    public var placeholder: String
    /// Above the stars: 给知习打个分（可选）.
    public var ratingPrompt: String
    /// The rating given, 1–5, `nil` for none.
    public var rating: Int?
    /// The highest rating (the number of stars): 5.
    public var maximumRating: Int
    /// The characters written against the limit: `12/2000`.
    public var lengthText: String
    /// `true` when the text is longer than the limit.
    public var isTooLong: Bool
    /// `true` when the form can be sent (text written, within the limit, not being sent).
    public var canSubmit: Bool
    /// The submit button's label: 提交, or 正在提交…… while it is sent.
    public var submitTitle: String
    /// Why the last submission was not sent (nothing written, too long), `nil` otherwise.
    public var inputMessage: String?

    /// Creates a form.
    public init(title: String, categories: [Choice<FeedbackCategory>], category: FeedbackCategory, placeholder: String, ratingPrompt: String, rating: Int?,
                maximumRating: Int, lengthText: String, isTooLong: Bool, canSubmit: Bool, submitTitle: String, inputMessage: String?) {
        self.title = title
        self.categories = categories
        self.category = category
        self.placeholder = placeholder
        self.ratingPrompt = ratingPrompt
        self.rating = rating
        self.maximumRating = maximumRating
        self.lengthText = lengthText
        self.isTooLong = isTooLong
        self.canSubmit = canSubmit
        self.submitTitle = submitTitle
        self.inputMessage = inputMessage
    }
}
