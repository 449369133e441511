import Foundation

/// A reading event as the runtime records it (version 2 of the app's reading events): what
/// happened, to which material, in which session. The upload adds what the app knows about
/// itself (``ReadingEventUploadItem``); everything else an upload item says is this.
///
/// JSON (camelCase): `{"eventId", "clientSessionId", "materialId", "readingTargetType",
/// "eventType", "position", "activeSecondsDelta", "clientTimestampMs", "sequence"}`;
/// `position` is absent when the event has none.
package struct ReadingEventV2: Sendable, Codable, Hashable, Identifiable {
    /// The event's unique id, a UUID string; the server keeps one event per id.
    package var eventID: String
    /// The reading session the event belongs to (a UUID string).
    package var clientSessionID: String
    /// The material read.
    package var materialID: String
    /// What kind of material it is.
    package var readingTargetType: ReadingTargetType
    /// What happened.
    package var eventType: ReadingEventType
    /// The normalized reading position, when the event has one.
    package var position: ReadingPosition?
    /// Seconds of active reading since the previous event of the session that carried
    /// some: an increment, never a running total; 0 for most events but heartbeats.
    package var activeSecondsDelta: Int
    /// When the event happened on the device, in milliseconds since 1970-01-01T00:00:00Z.
    package var clientTimestampMs: Int64
    /// The event's place in its session: grows by one with each event of the session,
    /// starting at 1.
    package var sequence: Int

    /// Creates an event.
    package init(
        eventID: String,
        clientSessionID: String,
        materialID: String,
        readingTargetType: ReadingTargetType,
        eventType: ReadingEventType,
        position: ReadingPosition? = nil,
        activeSecondsDelta: Int = 0,
        clientTimestampMs: Int64,
        sequence: Int
    ) {
        self.eventID = eventID
        self.clientSessionID = clientSessionID
        self.materialID = materialID
        self.readingTargetType = readingTargetType
        self.eventType = eventType
        self.position = position
        self.activeSecondsDelta = activeSecondsDelta
        self.clientTimestampMs = clientTimestampMs
        self.sequence = sequence
    }

    /// The event's id.
    package var id: String { eventID }

    /// When the event happened.
    package var timestamp: Date { Date(timeIntervalSince1970: Double(clientTimestampMs) / 1000) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case eventID = "eventId"
        case clientSessionID = "clientSessionId"
        case materialID = "materialId"
        case readingTargetType, eventType, position, activeSecondsDelta, clientTimestampMs, sequence
    }
}
