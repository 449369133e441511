import ZhiXiDomain

/// What the review-plan page draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias ReviewPlanUiState = PageState<ReviewPlanScreen>
