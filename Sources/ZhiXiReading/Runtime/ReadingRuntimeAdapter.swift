import Foundation
import ZhiXiModel

/// The reading runtime as the session manager sees it: sessions and their events, and a
/// buffer of events with a state machine (pending → exported → acknowledged and removed, or
/// failed and exported again later). The app's design put a Rust runtime behind this
/// seam; ``ReadingRuntime`` is the Swift one.
///
/// Times are given by the caller (the manager's injected clock), so a runtime is a pure
/// state machine.
package protocol ReadingRuntimeAdapter: Sendable {
    /// Starts a session on `context` at `time` and records its `opened` event (with
    /// `position`, if given). Returns the event, whose `clientSessionID` (a UUID string) is
    /// the id the other calls take.
    mutating func startSession(_ context: ReadingMaterialContext, position: ReadingPosition?, at time: Date) -> ReadingEventV2

    /// Pauses a session: active time stops counting. Records a `heartbeat` carrying the
    /// whole active seconds not yet reported, if any, and returns it.
    mutating func pauseSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2?

    /// Resumes a paused session: active time counts again from `time`.
    mutating func resumeSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError)

    /// Records a `position_changed` event with `position` normalized.
    mutating func recordPosition(_ position: ReadingPosition, in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2

    /// Records a `heartbeat` carrying the whole active seconds since the last event that
    /// carried some; `nil` (nothing recorded) when there is not one whole second.
    mutating func recordHeartbeat(in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2?

    /// Records a `marked_as_read` event (with the last position).
    mutating func markAsRead(in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2

    /// Closes a session: records its `closed` event with the active seconds not yet
    /// reported and the last position, and forgets the session.
    mutating func closeSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2

    /// Closes every session whose last activity is more than `maximumAge` seconds before
    /// `time` (a session left open when the app was suspended for long), and returns their
    /// `closed` events.
    mutating func closeStaleSessions(olderThan maximumAge: Double, at time: Date) -> [ReadingEventV2]

    /// The open session with this id, if any.
    func session(_ sessionID: String) -> ReadingSession?

    /// Up to `limit` pending events, oldest first, now exported.
    mutating func exportEvents(limit: Int) -> [ReadingEventV2]

    /// Removes exported events whose hand-off succeeded.
    mutating func ackEvents(_ eventIDs: [String])

    /// Marks exported events whose hand-off failed as failed.
    mutating func markFailed(_ eventIDs: [String])

    /// Makes every exported-but-unacknowledged and every failed event pending again (after
    /// a hand-off that never finished, or on returning to the foreground); returns how many.
    mutating func reloadStale() -> Int

    /// How many buffered events are in `state`.
    func bufferedEventCount(in state: ReadingBufferState) -> Int
}
