import ZhiXiModel

/// What happened in a reading event. An `OpenStringEnum` (ZhiXiModel).
package enum ReadingEventType: OpenStringEnum {
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
    package static let knownCases: [ReadingEventType] = [.opened, .closed, .positionChanged, .heartbeat, .markedAsRead]

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .opened: "opened"
        case .closed: "closed"
        case .positionChanged: "position_changed"
        case .heartbeat: "heartbeat"
        case .markedAsRead: "marked_as_read"
        case .unknown(let rawValue): rawValue
        }
    }
}
