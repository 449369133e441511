import ZhiXiModel

/// One of the four categories the form offers.
public struct FeedbackCategoryOption: Sendable, Hashable, Identifiable {
    /// The category.
    public var category: FeedbackCategory
    /// Its name: 问题反馈, 功能建议, 内容问题, 其他.
    public var name: String
    /// `true` for the one chosen.
    public var isSelected: Bool

    /// The category's JSON value.
    public var id: String { category.rawValue }

    /// Creates an option.
    public init(category: FeedbackCategory, name: String, isSelected: Bool) {
        self.category = category
        self.name = name
        self.isSelected = isSelected
    }
}
