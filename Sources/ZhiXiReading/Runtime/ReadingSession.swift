import Foundation
import ZhiXiModel

/// One reading session of the runtime: a material opened until it is closed.
public struct ReadingSession: Sendable, Hashable, Identifiable {
    /// Whether the learner is reading now.
    public enum State: Sendable, Hashable {
        /// Open and in the foreground: active time counts.
        case active
        /// Open but paused (the app in the background): active time does not count.
        case paused
    }

    /// The session's id, sent as `clientSessionId`.
    public let clientSessionID: String
    /// The material.
    public let context: ReadingMaterialContext
    /// When it started.
    public let startedAt: Date
    /// Active or paused.
    public internal(set) var state: State
    /// The last time something happened in it (start, resume, position, heartbeat, mark
    /// as read, pause).
    public internal(set) var lastActivityAt: Date
    /// The last position recorded.
    public internal(set) var lastPosition: ReadingPosition?
    /// The sequence number of its last event.
    public internal(set) var lastSequence: Int
    /// Active seconds reported in its events so far.
    public internal(set) var reportedActiveSeconds: Int
    /// When the stretch of active time not yet counted began (`nil` when paused).
    var activeSince: Date?
    /// Active seconds counted but not yet reported (less than one, or since the last event).
    var unreportedActiveSeconds: Double

    /// The session's id.
    public var id: String { clientSessionID }
}
