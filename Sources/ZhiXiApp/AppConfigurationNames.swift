// The names an app needs to build an `AppConfiguration`, re-exported so that `import ZhiXiApp`
// is enough: their targets (ZhiXiAuth, ZhiXiNetwork, ZhiXiReading) are hidden, no products
// (docs/ARCHITECTURE.md, "Exported and hidden targets"). `AppImportTests` builds a container
// with these names and no other import.

// Where the tokens are kept, and where a sign-in's credential comes from.
@_exported import protocol ZhiXiAuth.SecureStore
@_exported import struct ZhiXiAuth.FileSecureStore
@_exported import protocol ZhiXiAuth.AppleCredentialProvider
@_exported import struct ZhiXiAuth.FixedAppleCredentialProvider
@_exported import struct ZhiXiAuth.AppleCredential
@_exported import enum ZhiXiAuth.AuthError
#if canImport(Security)
@_exported import struct ZhiXiAuth.KeychainStore
#endif
#if canImport(AuthenticationServices) && canImport(CryptoKit) && !os(watchOS)
@_exported import class ZhiXiAuth.AuthorizationControllerCredentialProvider
#endif

// How the API client waits and retries.
@_exported import struct ZhiXiNetwork.APIClientConfiguration
@_exported import struct ZhiXiNetwork.RetryPolicy
