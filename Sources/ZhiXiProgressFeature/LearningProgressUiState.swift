import ZhiXiDomain

/// What the progress page (学习进度) draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias LearningProgressUiState = PageState<LearningProgressScreen>
