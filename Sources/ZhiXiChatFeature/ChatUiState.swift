import ZhiXiDomain

/// What the AI tutor page (AI 导师) draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias ChatUiState = PageState<ChatScreen>
