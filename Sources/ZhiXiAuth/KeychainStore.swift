#if canImport(Security)
import Foundation
import Security

/// A secure store in the Keychain of Apple platforms: each key is a generic-password item
/// of `service` (account = key), readable after the device's first unlock and never
/// synced or restored to another device
/// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`).
///
/// Apple platforms only (`#if canImport(Security)`). It is not compiled, run or verified
/// on Linux, where the package's tests run; ``FileSecureStore`` is the store there.
///
/// **Entitlement.** On macOS (and in an iOS app using an access group) the Keychain answers
/// `errSecMissingEntitlement` (-34018) to a process signed without the
/// `keychain-access-groups` entitlement — a command-line tool, an unsigned test runner. The
/// store then throws ``SecureStoreError/unreadable(key:reason:)`` or
/// ``SecureStoreError/unwritable(key:reason:)`` saying so: sign the app with Keychain Sharing
/// (the entitlement lists the access group), or use ``FileSecureStore`` in such a process.
public struct KeychainStore: SecureStore {
    /// The Keychain service of the items, such as the app's bundle identifier.
    public let service: String
    /// The Keychain access group shared with extensions, if any.
    public let accessGroup: String?

    /// A store for `service`, in `accessGroup` when given.
    public init(service: String = "com.zhixi.review", accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    /// The data of the item for `key`, or `nil` when there is none.
    public func data(forKey key: String) throws(SecureStoreError) -> Data? {
        var query = baseQuery(forKey: key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data else { throw .unreadable(key: key, reason: "the Keychain item holds no data") }
            return data
        case errSecItemNotFound:
            return nil
        default:
            throw Self.failure("read", key: key, status: status)
        }
    }

    /// Saves `data` as the item for `key`, updating it when it exists.
    public func setData(_ data: Data, forKey key: String) throws(SecureStoreError) {
        let query = baseQuery(forKey: key)
        let attributes: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
        ]
        var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            status = SecItemAdd(query.merging(attributes) { _, new in new } as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw Self.failure("save", key: key, status: status) }
    }

    /// Deletes the item for `key`; nothing happens when there is none.
    public func removeData(forKey key: String) throws(SecureStoreError) {
        let status = SecItemDelete(baseQuery(forKey: key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw Self.failure("delete", key: key, status: status)
        }
    }

    /// The error of a failed Keychain call; a missing entitlement says so and what to do.
    private static func failure(_ operation: String, key: String, status: OSStatus) -> SecureStoreError {
        guard status == errSecMissingEntitlement else { return .keychain(operation: operation, key: key, status: status) }
        let reason = "the Keychain refused this process (errSecMissingEntitlement, -34018): it is not signed with the "
            + "keychain-access-groups entitlement; sign the app with Keychain Sharing, or use FileSecureStore"
        return operation == "read" ? .unreadable(key: key, reason: reason) : .unwritable(key: key, reason: reason)
    }

    private func baseQuery(forKey key: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        #if os(macOS)
        query[kSecUseDataProtectionKeychain as String] = true
        #endif
        return query
    }
}
#endif
