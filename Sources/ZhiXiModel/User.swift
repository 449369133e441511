import Foundation

/// A learner's account, as the app's API returns it.
///
/// JSON, as the app's design has it: `{"id", "appleUserId", "displayName", "email",
/// "preferredLanguage", "createdAt", "lastLoginAt", "status"}`, and `onboardingCompleted`
/// beside them. Dates may be written in any RFC 3339 form: with or without a fraction of a
/// second, with `Z` or an offset. Absent `onboardingCompleted` decodes as `false` and absent
/// `status` as ``UserStatus/active``.
public struct User: Sendable, Codable, Hashable, Identifiable {
    /// The server's id of the user.
    public var id: String
    /// The stable user identifier that Sign in with Apple gives for this app.
    public var appleUserID: String
    /// The name the learner chose to be shown, if any.
    public var displayName: String?
    /// The e-mail address, possibly an Apple private relay address, if shared.
    public var email: String?
    /// The language the learner prefers, as a BCP-47 tag such as `"zh-Hans"`.
    public var preferredLanguage: String?
    /// `true` once the learner has finished the first-run introduction.
    public var onboardingCompleted: Bool
    /// When the account was created.
    public var createdAt: Date
    /// When the learner last signed in, if known.
    public var lastLoginAt: Date?
    /// The state of the account.
    public var status: UserStatus

    /// Creates a user.
    public init(
        id: String,
        appleUserID: String,
        displayName: String? = nil,
        email: String? = nil,
        preferredLanguage: String? = nil,
        onboardingCompleted: Bool = false,
        createdAt: Date,
        lastLoginAt: Date? = nil,
        status: UserStatus = .active
    ) {
        self.id = id
        self.appleUserID = appleUserID
        self.displayName = displayName
        self.email = email
        self.preferredLanguage = preferredLanguage
        self.onboardingCompleted = onboardingCompleted
        self.createdAt = createdAt
        self.lastLoginAt = lastLoginAt
        self.status = status
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case appleUserID = "appleUserId"
        case displayName, email, preferredLanguage, onboardingCompleted, createdAt, lastLoginAt, status
    }
}

extension User: ModelDecodable {
    static let decoding = ModelDecoding(template: User(id: "", appleUserID: "", createdAt: Date(timeIntervalSince1970: 0)),
                                        required: [.id, .appleUserID, .createdAt])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .id: id = try source.read()
        case .appleUserID: appleUserID = try source.read()
        case .displayName: displayName = try source.read()
        case .email: email = try source.read()
        case .preferredLanguage: preferredLanguage = try source.read()
        case .onboardingCompleted: onboardingCompleted = try source.read()
        case .createdAt: createdAt = try source.read()
        case .lastLoginAt: lastLoginAt = try source.read()
        case .status: status = try source.read()
        }
    }
}
