/// The state of a user's account. An ``OpenStringEnum``.
public enum UserStatus: OpenStringEnum {
    /// The account is in use. JSON `"active"`.
    case active
    /// The account is blocked for now. JSON `"suspended"`.
    case suspended
    /// The account was deleted. JSON `"deleted"`.
    case deleted
    /// A status this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The statuses this version knows.
    public static let knownCases: [UserStatus] = [.active, .suspended, .deleted]

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .active: "active"
        case .suspended: "suspended"
        case .deleted: "deleted"
        case .unknown(let rawValue): rawValue
        }
    }
}
