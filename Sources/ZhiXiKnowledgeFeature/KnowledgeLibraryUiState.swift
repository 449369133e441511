import ZhiXiDomain

/// What the library page (知识库) draws: a `PageState` (loading, the
/// screen, signed out, or an error).
public typealias KnowledgeLibraryUiState = PageState<KnowledgeLibraryScreen>
