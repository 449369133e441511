/// The state of a user's account.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum UserStatus: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// The account is in use. JSON `"active"`.
    case active
    /// The account is blocked for now. JSON `"suspended"`.
    case suspended
    /// The account was deleted. JSON `"deleted"`.
    case deleted
    /// A status this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "active": self = .active
        case "suspended": self = .suspended
        case "deleted": self = .deleted
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .active: "active"
        case .suspended: "suspended"
        case .deleted: "deleted"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: UserStatus, rhs: UserStatus) -> Bool {
        switch (lhs, rhs) {
        case (.active, .active), (.suspended, .suspended), (.deleted, .deleted): true
        case (.unknown, _), (_, .unknown): lhs.rawValue == rhs.rawValue
        default: false
        }
    }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
