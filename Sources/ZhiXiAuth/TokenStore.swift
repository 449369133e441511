import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiNetwork

/// The learner's tokens (access and refresh token, token type, expiry) in a
/// ``SecureStore``, as one record under one key, so that they are replaced together.
///
/// An unreadable store or a damaged record reads as signed out (``loadTokens()`` answers
/// `nil`), never as a crash; ``readTokens()`` says why. Tokens go to the secure store
/// only: never to `UserDefaults`, never to a log or an error message.
package struct TokenStore: TokenStoreProtocol {
    /// The key of the record: `"session-tokens"`.
    package static let defaultKey = "session-tokens"

    /// Where the record is kept.
    package let secureStore: any SecureStore
    /// The key of the record in ``secureStore``.
    package let key: String

    /// A token store on `secureStore`, under `key`.
    package init(secureStore: any SecureStore, key: String = TokenStore.defaultKey) {
        self.secureStore = secureStore
        self.key = key
    }

    /// The saved tokens, or `nil` when there are none.
    /// - Throws: ``TokenStoreError/unreadable(_:)`` or ``TokenStoreError/corrupted(reason:)``.
    package func readTokens() throws(TokenStoreError) -> AuthTokens? {
        let data: Data?
        do {
            data = try secureStore.data(forKey: key)
        } catch {
            throw .unreadable(error)
        }
        guard let data else { return nil }
        if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) {
            throw .corrupted(reason: "the key \"\(duplicate.key)\" appears twice")
        }
        let record: StoredTokenRecord
        do {
            record = try ZhiXiJSON.makeDecoder().decode(StoredTokenRecord.self, from: data)
        } catch let error as DecodingError {
            throw .corrupted(reason: Self.reason(error))
        } catch {
            throw .corrupted(reason: "not a token record")
        }
        guard record.version == StoredTokenRecord.currentVersion else {
            throw .corrupted(reason: "record version \(record.version), expected \(StoredTokenRecord.currentVersion)")
        }
        guard !record.accessToken.isEmpty, !record.refreshToken.isEmpty, !record.tokenType.isEmpty else {
            throw .corrupted(reason: "a token is empty")
        }
        return AuthTokens(accessToken: record.accessToken, refreshToken: record.refreshToken,
                          tokenType: record.tokenType, expiresAt: record.expiresAt)
    }

    /// The saved tokens; `nil` when there are none or they cannot be read (signed out).
    package func loadTokens() -> AuthTokens? {
        (try? readTokens()) ?? nil
    }

    /// Saves `tokens`, replacing the previous ones whole, then reads them back: tokens that
    /// were written but do not read back as the same (a store that keeps less than it is
    /// given, tokens too large for it) are removed and reported, never taken for a session.
    /// - Throws: ``TokenStoreError/unwritable(_:)``; the previous tokens are then unchanged
    ///   (or, when the new ones did not read back, removed).
    package func saveTokens(_ tokens: AuthTokens) throws(TokenStoreError) {
        let record = StoredTokenRecord(version: StoredTokenRecord.currentVersion, accessToken: tokens.accessToken,
                                       refreshToken: tokens.refreshToken, tokenType: tokens.tokenType, expiresAt: tokens.expiresAt)
        let data: Data
        do {
            data = try ZhiXiJSON.makeEncoder().encode(record)
        } catch {
            throw .unwritable(.unwritable(key: key, reason: "the expiry date cannot be encoded"))
        }
        do {
            try secureStore.setData(data, forKey: key)
        } catch {
            throw .unwritable(error)
        }
        let readBack = try? readTokens()
        guard let readBack, readBack.accessToken == tokens.accessToken, readBack.refreshToken == tokens.refreshToken,
              readBack.tokenType == tokens.tokenType else {
            try? secureStore.removeData(forKey: key)
            throw .unwritable(.unwritable(key: key, reason: "the saved tokens do not read back as they were written, so they "
                                          + "were removed"))
        }
    }

    /// Removes the saved tokens (a damaged record too).
    /// - Throws: ``TokenStoreError/unwritable(_:)`` when the store cannot be changed.
    package func clearTokens() throws(TokenStoreError) {
        do {
            try secureStore.removeData(forKey: key)
        } catch {
            throw .unwritable(error)
        }
    }

    /// What is wrong with a record, by field: decoding errors of the standard decoder may
    /// quote values, which here would be tokens.
    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "the field \(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) is invalid"
        @unknown default: "not a token record"
        }
    }
}

/// The JSON record of the tokens in the secure store. Version 1:
/// `{"version": 1, "accessToken", "refreshToken", "tokenType", "expiresAt"}`.
struct StoredTokenRecord: Codable {
    static let currentVersion = 1

    var version: Int
    var accessToken: String
    var refreshToken: String
    var tokenType: String
    var expiresAt: Date
}
