import Foundation
import ZhiXiModel

/// One reading session of the runtime: a material opened until it is closed.
package struct ReadingSession: Sendable, Hashable, Identifiable {
    /// Whether the learner is reading now.
    package enum State: Sendable, Hashable {
        /// Open and in the foreground: active time counts.
        case active
        /// Open but paused (the app in the background): active time does not count.
        case paused
    }

    /// The session's id, sent as `clientSessionId`.
    package let clientSessionID: String
    /// The material.
    package let context: ReadingMaterialContext
    /// When it started.
    package let startedAt: Date
    /// Active or paused.
    package internal(set) var state: State
    /// The last time something happened in it (start, resume, position, heartbeat, mark
    /// as read, pause).
    package internal(set) var lastActivityAt: Date
    /// The last position recorded.
    package internal(set) var lastPosition: ReadingPosition?
    /// The sequence number of its last event.
    package internal(set) var lastSequence: Int
    /// Active seconds reported in its events so far.
    package internal(set) var reportedActiveSeconds: Int
    /// When the stretch of active time not yet counted began (`nil` when paused).
    var activeSince: Date?
    /// Active seconds counted but not yet reported (less than one, or since the last event).
    var unreportedActiveSeconds: Double

    /// The session's id.
    package var id: String { clientSessionID }
}
