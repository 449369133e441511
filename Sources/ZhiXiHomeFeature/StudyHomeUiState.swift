import ZhiXiDomain

/// What the study home (学习) draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias StudyHomeUiState = PageState<StudyHomeScreen>
