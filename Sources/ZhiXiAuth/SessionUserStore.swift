import Foundation
import ZhiXiCore
import ZhiXiModel

/// The learner of the saved session as the server last described them, kept in a
/// ``SecureStore`` beside the tokens (the Keychain on Apple platforms; never `UserDefaults`),
/// so that a launch without network can sign the learner in from the device
/// (``AppSession/bootstrap()``, offline).
///
/// One JSON record under one key: `{"version": 1, "user": {…}}` with the model's encoding
/// of `User`. A missing, unreadable or damaged record reads as "nobody remembered"
/// (``loadUser()`` answers `nil`): the learner then signs in when the network is back, as
/// on a device that never remembered anyone.
package struct SessionUserStore: Sendable {
    /// The key of the record: `"session-user"`.
    package static let defaultKey = "session-user"

    /// Where the record is kept.
    package let secureStore: any SecureStore
    /// The key of the record in ``secureStore``.
    package let key: String

    /// A store on `secureStore`, under `key`.
    package init(secureStore: any SecureStore, key: String = SessionUserStore.defaultKey) {
        self.secureStore = secureStore
        self.key = key
    }

    /// The learner remembered, or `nil` when there is none or the record cannot be read as
    /// one (unreadable store, not JSON, a key twice, another version, not a user).
    package func loadUser() -> User? {
        guard let data = try? secureStore.data(forKey: key),
              JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) == nil,
              let record = try? ZhiXiJSON.makeDecoder().decode(StoredUserRecord.self, from: data),
              record.version == StoredUserRecord.currentVersion else { return nil }
        return record.user
    }

    /// Remembers `user`, replacing the learner remembered before, whole.
    /// - Throws: ``SecureStoreError`` when the record cannot be encoded or the store cannot be
    ///   written; the previous record is then unchanged.
    package func saveUser(_ user: User) throws(SecureStoreError) {
        let data: Data
        do {
            data = try ZhiXiJSON.makeEncoder().encode(StoredUserRecord(version: StoredUserRecord.currentVersion, user: user))
        } catch {
            throw .unwritable(key: key, reason: "the user cannot be encoded")
        }
        try secureStore.setData(data, forKey: key)
        guard loadUser() == user else {
            try? secureStore.removeData(forKey: key)
            throw .unwritable(key: key, reason: "the saved learner does not read back as written, so it was removed")
        }
    }

    /// Forgets the learner remembered (a damaged record too); nothing happens when there is none.
    /// - Throws: ``SecureStoreError`` when the store cannot be changed.
    package func clearUser() throws(SecureStoreError) {
        try secureStore.removeData(forKey: key)
    }
}

/// The JSON record of the remembered learner in the secure store. Version 1:
/// `{"version": 1, "user": {…}}`.
struct StoredUserRecord: Codable {
    static let currentVersion = 1

    var version: Int
    var user: User
}
