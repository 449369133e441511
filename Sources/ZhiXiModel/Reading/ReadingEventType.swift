/// What happened in a reading event.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum ReadingEventType: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// The learner opened the material. JSON `"opened"`.
    case opened
    /// The learner closed the material (or the session was closed as stale). JSON `"closed"`.
    case closed
    /// The reading position moved. JSON `"position_changed"`.
    case positionChanged
    /// The material is still open; carries the active seconds since the last event that
    /// carried some. JSON `"heartbeat"`.
    case heartbeat
    /// The learner marked the material as read. JSON `"marked_as_read"`.
    case markedAsRead
    /// An event type this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The five event types this version knows.
    public static let knownCases: [ReadingEventType] = [.opened, .closed, .positionChanged, .heartbeat, .markedAsRead]

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "opened": self = .opened
        case "closed": self = .closed
        case "position_changed": self = .positionChanged
        case "heartbeat": self = .heartbeat
        case "marked_as_read": self = .markedAsRead
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .opened: "opened"
        case .closed: "closed"
        case .positionChanged: "position_changed"
        case .heartbeat: "heartbeat"
        case .markedAsRead: "marked_as_read"
        case .unknown(let rawValue): rawValue
        }
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReadingEventType, rhs: ReadingEventType) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
