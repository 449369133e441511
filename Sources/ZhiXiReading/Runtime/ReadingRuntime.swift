import Foundation
import ZhiXiModel

/// The Swift reading runtime: sessions, their events, and the event buffer.
///
/// - Active time counts only while a session is active; a stretch between two moments
///   the runtime hears of a session counts at most
///   ``ReadingRuntimeConfiguration/maximumActiveGap``. Events carry whole seconds as
///   increments (`activeSecondsDelta`); the fraction is carried to the next event, and
///   rounded to the nearest second when the session closes.
/// - Each event gets a new UUID from the injected generator and the next `sequence` of
///   its session, from 1.
/// - The buffer keeps events in order of recording. It is small in use (the manager hands
///   events to the upload queue as they come), so its operations are O(buffer) at worst.
package struct ReadingRuntime: ReadingRuntimeAdapter {
    private struct BufferedEvent: Sendable {
        var event: ReadingEventV2
        var state: ReadingBufferState
    }

    /// How active time is counted.
    package let configuration: ReadingRuntimeConfiguration
    private let makeID: @Sendable () -> UUID
    private var sessions: [String: ReadingSession] = [:]
    private var buffer: [BufferedEvent] = []

    /// Creates a runtime with no session.
    ///
    /// - Parameters:
    ///   - configuration: how active time is counted.
    ///   - makeID: the ids of sessions and events (default: random UUIDs).
    package init(configuration: ReadingRuntimeConfiguration = ReadingRuntimeConfiguration(),
                makeID: @escaping @Sendable () -> UUID = { UUID() }) {
        self.configuration = configuration
        self.makeID = makeID
    }

    /// The open sessions, oldest first.
    package var openSessions: [ReadingSession] { sessions.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) } }

    // MARK: - Sessions

    /// Starts a session and records its `opened` event; see ``ReadingRuntimeAdapter``.
    package mutating func startSession(_ context: ReadingMaterialContext, position: ReadingPosition?, at time: Date) -> ReadingEventV2 {
        let id = makeID().uuidString
        sessions[id] = ReadingSession(
            clientSessionID: id, context: context, startedAt: time, state: .active, lastActivityAt: time,
            lastPosition: position?.normalized, lastSequence: 0, reportedActiveSeconds: 0, activeSince: time,
            unreportedActiveSeconds: 0)
        return record(.opened, in: id, position: position?.normalized, activeSeconds: 0, at: time)
    }

    /// Pauses a session, reporting its whole unreported active seconds in a `heartbeat`.
    package mutating func pauseSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2? {
        var session = try open(sessionID)
        guard session.state == .active else { return nil }
        Self.count(&session, until: time, gap: configuration.maximumActiveGap)
        session.state = .paused
        session.activeSince = nil
        session.lastActivityAt = max(session.lastActivityAt, time)
        let whole = Self.takeWholeSeconds(&session, rounding: .down)
        sessions[sessionID] = session
        guard whole > 0 else { return nil }
        return record(.heartbeat, in: sessionID, position: session.lastPosition, activeSeconds: whole, at: time)
    }

    /// Resumes a paused session: active time counts again from `time`.
    package mutating func resumeSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError) {
        var session = try open(sessionID)
        guard session.state == .paused else { return }
        session.state = .active
        session.activeSince = time
        session.lastActivityAt = max(session.lastActivityAt, time)
        sessions[sessionID] = session
    }

    /// Records a `position_changed` event with the position normalized.
    package mutating func recordPosition(_ position: ReadingPosition, in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2 {
        var session = try open(sessionID)
        session.lastPosition = position.normalized
        session.lastActivityAt = max(session.lastActivityAt, time)
        sessions[sessionID] = session
        return record(.positionChanged, in: sessionID, position: position.normalized, activeSeconds: 0, at: time)
    }

    /// Records a `heartbeat` with the whole active seconds since the last report, if any.
    package mutating func recordHeartbeat(in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2? {
        var session = try open(sessionID)
        guard session.state == .active else { return nil }
        Self.count(&session, until: time, gap: configuration.maximumActiveGap)
        session.lastActivityAt = max(session.lastActivityAt, time)
        let whole = Self.takeWholeSeconds(&session, rounding: .down)
        sessions[sessionID] = session
        guard whole > 0 else { return nil }
        return record(.heartbeat, in: sessionID, position: session.lastPosition, activeSeconds: whole, at: time)
    }

    /// Records `marked_as_read` with the last position.
    package mutating func markAsRead(in sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2 {
        var session = try open(sessionID)
        session.lastActivityAt = max(session.lastActivityAt, time)
        sessions[sessionID] = session
        return record(.markedAsRead, in: sessionID, position: session.lastPosition, activeSeconds: 0, at: time)
    }

    /// Records `closed` with the remaining active seconds (rounded) and forgets the session.
    package mutating func closeSession(_ sessionID: String, at time: Date) throws(ReadingRuntimeError) -> ReadingEventV2 {
        var session = try open(sessionID)
        if session.state == .active { Self.count(&session, until: time, gap: configuration.maximumActiveGap) }
        let whole = Self.takeWholeSeconds(&session, rounding: .toNearestOrAwayFromZero)
        sessions[sessionID] = session
        let event = record(.closed, in: sessionID, position: session.lastPosition, activeSeconds: whole, at: time)
        sessions[sessionID] = nil
        return event
    }

    /// Closes the sessions idle for longer than `maximumAge` seconds, dated at their last
    /// activity. O(sessions log sessions).
    package mutating func closeStaleSessions(olderThan maximumAge: Double, at time: Date) -> [ReadingEventV2] {
        let stale = openSessions.filter { time.timeIntervalSince($0.lastActivityAt) > maximumAge }
        var closed: [ReadingEventV2] = []
        for session in stale {
            // The learner left at the last activity: count active time up to then (at most
            // the gap), and date the close there.
            let leftAt = session.lastActivityAt
            if let event = try? closeSession(session.id, at: max(leftAt, session.activeSince ?? leftAt)) { closed.append(event) }
        }
        return closed
    }

    /// The open session with this id.
    package func session(_ sessionID: String) -> ReadingSession? { sessions[sessionID] }

    // MARK: - Buffer

    /// Up to `limit` pending events, oldest first, now exported. O(buffer).
    package mutating func exportEvents(limit: Int) -> [ReadingEventV2] {
        var exported: [ReadingEventV2] = []
        for index in buffer.indices where exported.count < limit && buffer[index].state == .pending {
            buffer[index].state = .exported
            exported.append(buffer[index].event)
        }
        return exported
    }

    /// Removes the acknowledged exported events. O(buffer).
    package mutating func ackEvents(_ eventIDs: [String]) {
        let acknowledged = Set(eventIDs)
        buffer.removeAll { $0.state == .exported && acknowledged.contains($0.event.eventID) }
    }

    /// Marks exported events failed. O(buffer).
    package mutating func markFailed(_ eventIDs: [String]) {
        let failed = Set(eventIDs)
        for index in buffer.indices where buffer[index].state == .exported && failed.contains(buffer[index].event.eventID) {
            buffer[index].state = .failed
        }
    }

    /// Makes exported and failed events pending again. O(buffer).
    package mutating func reloadStale() -> Int {
        var reloaded = 0
        for index in buffer.indices where buffer[index].state != .pending {
            buffer[index].state = .pending
            reloaded += 1
        }
        return reloaded
    }

    /// Buffered events in `state`. O(buffer).
    package func bufferedEventCount(in state: ReadingBufferState) -> Int {
        buffer.reduce(0) { $0 + ($1.state == state ? 1 : 0) }
    }

    // MARK: - Internals

    private func open(_ sessionID: String) throws(ReadingRuntimeError) -> ReadingSession {
        guard let session = sessions[sessionID] else { throw .unknownSession(sessionID) }
        return session
    }

    /// Appends an event of the session to the buffer with the session's next sequence.
    private mutating func record(_ type: ReadingEventType, in sessionID: String, position: ReadingPosition?,
                                 activeSeconds: Int, at time: Date) -> ReadingEventV2 {
        var session = sessions[sessionID]!
        session.lastSequence += 1
        session.reportedActiveSeconds += activeSeconds
        sessions[sessionID] = session
        let event = ReadingEventV2(
            eventID: makeID().uuidString, clientSessionID: sessionID, materialID: session.context.materialID,
            readingTargetType: session.context.readingTargetType, eventType: type, position: position,
            activeSecondsDelta: activeSeconds, clientTimestampMs: Int64((time.timeIntervalSince1970 * 1000).rounded(.down)),
            sequence: session.lastSequence)
        buffer.append(BufferedEvent(event: event, state: .pending))
        return event
    }

    /// Adds the active time from `activeSince` to `time` (at most `gap`) to the unreported
    /// seconds.
    private static func count(_ session: inout ReadingSession, until time: Date, gap: Double) {
        guard let since = session.activeSince else { return }
        session.unreportedActiveSeconds += min(gap, max(0, time.timeIntervalSince(since)))
        session.activeSince = max(since, time)
    }

    /// Takes the whole seconds out of the unreported active time.
    private static func takeWholeSeconds(_ session: inout ReadingSession, rounding: FloatingPointRoundingRule) -> Int {
        let whole = Int(session.unreportedActiveSeconds.rounded(rounding))
        session.unreportedActiveSeconds = max(0, session.unreportedActiveSeconds - Double(whole))
        return whole
    }
}
