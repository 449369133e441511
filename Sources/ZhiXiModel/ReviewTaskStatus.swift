/// Where a review task stands.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum ReviewTaskStatus: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// Waiting to be done. JSON `"pending"`.
    case pending
    /// Done by the learner. JSON `"completed"`.
    case completed
    /// Passed over by the learner. JSON `"skipped"`.
    case skipped
    /// Withdrawn, for example because the lesson was removed. JSON `"cancelled"`.
    case cancelled
    /// A status this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "pending": self = .pending
        case "completed": self = .completed
        case "skipped": self = .skipped
        case "cancelled": self = .cancelled
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .completed: "completed"
        case .skipped: "skipped"
        case .cancelled: "cancelled"
        case .unknown(let rawValue): rawValue
        }
    }

    /// `true` for ``pending``: the task still asks for the learner's time.
    public var isOpen: Bool { self == .pending }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReviewTaskStatus, rhs: ReviewTaskStatus) -> Bool {
        switch (lhs, rhs) {
        case (.pending, .pending), (.completed, .completed), (.skipped, .skipped), (.cancelled, .cancelled): true
        case (.unknown, _), (_, .unknown): lhs.rawValue == rhs.rawValue
        default: false
        }
    }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
