import ZhiXiModel

/// The lesson's next review as the plan has it after the analysis.
public struct NextReviewCard: Sendable, Hashable {
    /// The kind of review.
    public var reviewType: ReviewType
    /// The learner's day it is planned for, as shown: `11月30日（周一）`.
    public var dateText: String
    /// `下次复习：11月30日（周一） · 回忆`.
    public var text: String
    /// Why it was planned then.
    public var reason: String?
    /// Its minutes.
    public var minutes: Int

    /// Creates a card.
    public init(reviewType: ReviewType, dateText: String, text: String, reason: String?, minutes: Int) {
        self.reviewType = reviewType
        self.dateText = dateText
        self.text = text
        self.reason = reason
        self.minutes = minutes
    }
}
