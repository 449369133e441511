import Foundation
import ZhiXiModel

/// A reading event as the runtime records it (version 2 of the app's reading events):
/// typed ids and the fields of the upload, which ``uploadItem`` gives.
public struct ReadingEventV2: Sendable, Hashable, Identifiable {
    /// The event's unique id; the server deduplicates by it.
    public var eventID: UUID
    /// The session the event belongs to.
    public var clientSessionID: UUID
    /// The material read.
    public var materialID: String
    /// What kind of material it is.
    public var readingTargetType: ReadingTargetType
    /// What happened.
    public var eventType: ReadingEventType
    /// The normalized position, when the event has one.
    public var position: ReadingPosition?
    /// Active reading seconds since the session's previous event that carried some (an
    /// increment, never a total).
    public var activeSecondsDelta: Int
    /// When it happened, in milliseconds since 1970 (the injected clock's time).
    public var clientTimestampMs: Int64
    /// 1 for the session's first event, then one more for each event of the session.
    public var sequence: Int

    /// The event's id.
    public var id: UUID { eventID }

    /// The event as the upload queue and the API take it.
    public var uploadItem: ReadingEventUploadItem {
        ReadingEventUploadItem(
            eventID: eventID.uuidString, clientSessionID: clientSessionID.uuidString, materialID: materialID,
            readingTargetType: readingTargetType, eventType: eventType, position: position,
            activeSecondsDelta: activeSecondsDelta, clientTimestampMs: clientTimestampMs, sequence: sequence)
    }
}
