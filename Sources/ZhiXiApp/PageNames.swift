// The names the pages' public API takes and gives, re-exported so that `import ZhiXiApp` (with
// the feature the app shows) is enough to drive every page: they live in ZhiXiDomain, a hidden
// target, no product (docs/ARCHITECTURE.md, "Exported and hidden targets").

// The login page and the app's route.
@_exported import enum ZhiXiDomain.AppDestination
@_exported import struct ZhiXiDomain.AppleSignInCredential
@_exported import enum ZhiXiDomain.SignInFailure
@_exported import enum ZhiXiDomain.SessionRestoreFailure

// What a reading page opens and where the reader is in it.
@_exported import struct ZhiXiDomain.ReadingMaterial
@_exported import enum ZhiXiDomain.ReadingMaterialKind
@_exported import struct ZhiXiDomain.ReadingLocation

// What the pages show when something failed, and the wording they are drawn in.
@_exported import struct ZhiXiDomain.ScreenError
@_exported import enum ZhiXiDomain.PageState
@_exported import struct ZhiXiDomain.ReviewTaskRow
@_exported import struct ZhiXiDomain.Choice
@_exported import enum ZhiXiDomain.RepositoryFailure
@_exported import enum ZhiXiDomain.OfflineCause
@_exported import struct ZhiXiDomain.LearnerWording
@_exported import class ZhiXiDomain.LanguageSetting
@_exported import struct ZhiXiDomain.OnboardingAnswers
