import Foundation

/// A learner's account, as the app's API returns it.
///
/// Absent `onboardingCompleted` decodes as `false` and absent `status` as
/// ``UserStatus/active``.
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
        case id, displayName, email, preferredLanguage, onboardingCompleted
        case appleUserID = "appleUserId"
        case createdAt, lastLoginAt, status
    }

    /// Decodes a user; absent `onboardingCompleted` is `false`, absent `status` is active.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            appleUserID: try container.decode(String.self, forKey: .appleUserID),
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            email: try container.decodeIfPresent(String.self, forKey: .email),
            preferredLanguage: try container.decodeIfPresent(String.self, forKey: .preferredLanguage),
            onboardingCompleted: try container.decodeIfPresent(Bool.self, forKey: .onboardingCompleted) ?? false,
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            lastLoginAt: try container.decodeIfPresent(Date.self, forKey: .lastLoginAt),
            status: try container.decodeIfPresent(UserStatus.self, forKey: .status) ?? .active
        )
    }
}

extension User: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a user with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var id: String?, appleUserID: String?, displayName: String?, email: String?
        var preferredLanguage: String?, onboardingCompleted: Bool?, createdAt: Date?
        var lastLoginAt: Date?, status: UserStatus?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                switch key {
                case .id: id = try reader.read(String.self)
                case .appleUserID: appleUserID = try reader.read(String.self)
                case .displayName: displayName = try reader.readOptional(String.self)
                case .email: email = try reader.readOptional(String.self)
                case .preferredLanguage: preferredLanguage = try reader.readOptional(String.self)
                case .onboardingCompleted: onboardingCompleted = try reader.readOptional(Bool.self)
                case .createdAt: createdAt = try reader.read(Date.self)
                case .lastLoginAt: lastLoginAt = try reader.readOptional(Date.self)
                case .status: status = try reader.readOptional(UserStatus.self)
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.id = try object.required(id, .id)
        self.appleUserID = try object.required(appleUserID, .appleUserID)
        self.displayName = displayName
        self.email = email
        self.preferredLanguage = preferredLanguage
        self.onboardingCompleted = onboardingCompleted ?? false
        self.createdAt = try object.required(createdAt, .createdAt)
        self.lastLoginAt = lastLoginAt
        self.status = status ?? .active
    }
}
