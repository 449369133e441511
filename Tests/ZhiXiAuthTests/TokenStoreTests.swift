import Foundation
import Testing
import ZhiXiAuth
import ZhiXiNetwork

@Suite("TokenStore: tokens and expiry, cleared, and signed out when damaged")
struct TokenStoreTests {
    static let tokens = AuthTokens(accessToken: "at-secret-access", refreshToken: "rt-secret-refresh",
                                   expiresAt: Date(timeIntervalSince1970: 1_800_000_000))

    @Test("tokens and expiry survive a round trip through a file store, one file")
    func roundTrip() throws {
        let directory = temporaryDirectory()
        let store = TokenStore(secureStore: FileSecureStore(directory: directory))
        #expect(store.loadTokens() == nil)
        try store.saveTokens(Self.tokens)
        #expect(TokenStore(secureStore: FileSecureStore(directory: directory)).loadTokens() == Self.tokens)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [TokenStore.defaultKey])
        #expect(Self.tokens.isAccessTokenExpired(at: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(!Self.tokens.isAccessTokenExpired(at: Date(timeIntervalSince1970: 1_799_999_999)))
        try store.clearTokens()
        #expect(store.loadTokens() == nil)
    }

    @Test("a damaged record reads as signed out, and the reason names no token", arguments: [
        ("not json", "not JSON"),
        ("", "not JSON"),
        (#"{"version":1,"accessToken":"at-secret-access","tokenType":"Bearer","expiresAt":"2027-01-15T08:00:00Z"}"#,
         "the field refreshToken is missing"),
        (#"{"version":1,"accessToken":"at-secret-access","refreshToken":17,"tokenType":"Bearer","expiresAt":"2027-01-15T08:00:00Z"}"#,
         "the field refreshToken has the wrong type"),
        (#"{"version":2,"accessToken":"at-secret-access","refreshToken":"rt-secret-refresh","tokenType":"Bearer","expiresAt":"2027-01-15T08:00:00Z"}"#,
         "record version 2, expected 1"),
        (#"{"version":1,"accessToken":"","refreshToken":"rt-secret-refresh","tokenType":"Bearer","expiresAt":"2027-01-15T08:00:00Z"}"#,
         "a token is empty"),
        (#"{"version":1,"accessToken":"at-secret-access","refreshToken":"rt-secret-refresh","tokenType":"Bearer","expiresAt":"at-secret-access"}"#,
         "the field expiresAt is invalid"),
    ])
    func corrupted(contents: String, reason: String) throws {
        let secureStore = InMemorySecureStore([TokenStore.defaultKey: Data(contents.utf8)])
        let store = TokenStore(secureStore: secureStore)
        #expect(store.loadTokens() == nil)
        #expect(throws: TokenStoreError.corrupted(reason: reason)) { try store.readTokens() }
        do {
            _ = try store.readTokens()
        } catch {
            #expect(!error.description.contains("secret"))
        }
        try store.saveTokens(Self.tokens)
        #expect(store.loadTokens() == Self.tokens)
    }

    @Test("an unreadable store reads as signed out")
    func unreadable() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(TokenStore.defaultKey), withIntermediateDirectories: true)
        let store = TokenStore(secureStore: FileSecureStore(directory: directory))
        #expect(store.loadTokens() == nil)
        #expect(throws: TokenStoreError.self) { try store.readTokens() }
    }
}
