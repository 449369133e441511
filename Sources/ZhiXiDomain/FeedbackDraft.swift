import ZhiXiModel

/// Feedback as the learner wrote it, before it is sent.
package struct FeedbackDraft: Sendable, Hashable {
    /// The longest feedback sent, in characters (`Character`s): 2,000.
    package static let maximumLength = 2_000

    /// What it is about: 问题反馈, 功能建议, 内容问题, 其他.
    package var category: FeedbackCategory
    /// The learner's words (not empty).
    package var content: String
    /// A rating 1 (poor) to 5 (excellent), if given.
    package var rating: Int?
    /// The learning session it is about, if any.
    package var sessionID: String?
    /// The analysis it is about, if any.
    package var analysisID: String?

    /// Creates a draft.
    package init(category: FeedbackCategory, content: String, rating: Int? = nil, sessionID: String? = nil, analysisID: String? = nil) {
        self.category = category
        self.content = content
        self.rating = rating
        self.sessionID = sessionID
        self.analysisID = analysisID
    }
}
