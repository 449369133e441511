import ZhiXiDomain

/// What a learning path's page (学习路径) draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias LearningPathUiState = PageState<LearningPathScreen>
