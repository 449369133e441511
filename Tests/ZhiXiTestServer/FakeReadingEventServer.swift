import Foundation
import ZhiXiModel
import ZhiXiReading

/// The reading endpoints of the app's API on a ``FakeZhiXiAPI``, with a server's memory:
/// `POST learning/reading-events/batch` stores each event once by `eventId`, as the event of
/// the learner whose token sent it, and answers `{"accepted", "rejected"}`;
/// `GET learning/continue` and `GET materials/{id}/reading-progress?targetType=T` answer
/// from the stored events of the asking learner (`status` `not_started` for a material never
/// read, `completed` once marked as read or read to the end, else `in_progress`). Events a
/// test plays with ``process(_:owner:)`` without an owner belong to no learner and count for
/// every one.
///
/// Rejections: an id stored before → `DUPLICATE_EVENT`; a material in
/// ``deniedMaterials`` → `MATERIAL_ACCESS_DENIED`, in ``expiredMaterials`` →
/// `TEMPORARY_MATERIAL_EXPIRED`, in ``deletedMaterials`` → `SOURCE_DELETED`; an event type
/// it does not know → `INVALID_EVENT_TYPE`; an id that is not a UUID → `INVALID_EVENT_ID`;
/// a position that is not normalized → `INVALID_POSITION`. Faults go through
/// `api.server.faults`.
package final class FakeReadingEventServer: @unchecked Sendable {
    /// The fake API the routes are on.
    package let api: FakeZhiXiAPI
    // Everything below is only touched under `lock`.
    private let lock = NSLock()
    private var stored: [String: ReadingEventUploadItem] = [:]
    private var owners: [String: String] = [:]
    private var received = 0
    private var duplicates = 0
    private var denied: Set<String> = []
    private var expired: Set<String> = []
    private var deleted: Set<String> = []
    private var titles: [String: String] = [:]

    /// Adds the reading routes to `api`'s server.
    package init(api: FakeZhiXiAPI) {
        self.api = api
        api.server.route("POST", "/api/learning/reading-events/batch") { [self] request in
            api.authorized(request) { user in
                guard let batch = request.decodeBody(ReadingEventBatchRequest.self) else {
                    return .error(400, code: "INVALID_REQUEST", message: "the body must be {\"events\": [...]}")
                }
                return .json(process(batch, owner: user.id))
            }
        }
        api.server.route("GET", "/api/learning/continue") { [self] request in
            api.authorized(request) { user in .json(continueItem(for: user.id)) }
        }
        api.server.route("GET", "/api/materials/{id}/reading-progress") { [self] request in
            api.authorized(request) { user in
                guard let targetType = request.query["targetType"], !targetType.isEmpty else {
                    return .error(400, code: "INVALID_REQUEST", message: "targetType is required")
                }
                return .json(progress(of: request.pathParameters["id"] ?? "", targetType: ReadingTargetType(rawValue: targetType),
                                      for: user.id))
            }
        }
    }

    /// Starts a fake API with the reading routes on 127.0.0.1.
    package convenience init(limits: TestServerLimits = TestServerLimits()) throws(TestServerError) {
        self.init(api: try FakeZhiXiAPI(limits: limits))
    }

    /// Materials refused with `MATERIAL_ACCESS_DENIED`, `TEMPORARY_MATERIAL_EXPIRED` and
    /// `SOURCE_DELETED`.
    package func refuse(denied: Set<String> = [], expired: Set<String> = [], deleted: Set<String> = []) {
        lock.lock()
        self.denied = denied
        self.expired = expired
        self.deleted = deleted
        lock.unlock()
    }

    /// The title `GET learning/continue` gives a material (none by default: the app shows it
    /// as untitled).
    package func setTitle(_ title: String?, of materialID: String) {
        lock.lock()
        titles[materialID] = title
        lock.unlock()
    }

    /// What the server answers to `batch`, storing the events it accepts as `owner`'s (the
    /// user id; `nil`: no learner's, counted for every one). Tests call it to play a request
    /// the network delivered twice, or a learner's reading on another device.
    package func process(_ batch: ReadingEventBatchRequest, owner: String? = nil) -> ReadingEventBatchResponse {
        lock.lock()
        defer { lock.unlock() }
        var response = ReadingEventBatchResponse()
        for event in batch.events {
            received += 1
            let code: String?
            if stored[event.eventID] != nil {
                code = "DUPLICATE_EVENT"
                duplicates += 1
            } else if denied.contains(event.materialID) {
                code = "MATERIAL_ACCESS_DENIED"
            } else if expired.contains(event.materialID) {
                code = "TEMPORARY_MATERIAL_EXPIRED"
            } else if deleted.contains(event.materialID) {
                code = "SOURCE_DELETED"
            } else if case .unknown = event.eventType {
                code = "INVALID_EVENT_TYPE"
            } else if UUID(uuidString: event.eventID) == nil {
                code = "INVALID_EVENT_ID"
            } else if let position = event.position, !position.isNormalized {
                code = "INVALID_POSITION"
            } else {
                code = nil
            }
            if let code {
                response.rejected.append(ReadingEventRejection(eventID: event.eventID, code: ReadingEventRejectionCode(rawValue: code),
                                                               message: "refused by the fake server"))
            } else {
                stored[event.eventID] = event
                if let owner { owners[event.eventID] = owner }
                response.accepted.append(event.eventID)
            }
        }
        return response
    }

    /// The stored events by id.
    package var storedEvents: [String: ReadingEventUploadItem] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// The stored events of the learner with this user id (those without an owner left out).
    package func storedEvents(ofUser userID: String) -> [ReadingEventUploadItem] {
        lock.lock()
        defer { lock.unlock() }
        return stored.filter { owners[$0.key] == userID }.map(\.value)
    }

    /// Events received in batches, duplicates included.
    package var receivedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Events received that were stored already.
    package var duplicateCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return duplicates
    }

    /// Forgets the stored events and the counts.
    package func reset() {
        lock.lock()
        stored.removeAll()
        owners.removeAll()
        received = 0
        duplicates = 0
        lock.unlock()
    }

    /// The stored events `userID` may see: theirs and those of no learner. Call under the lock.
    private func visibleEvents(of userID: String) -> [ReadingEventUploadItem] {
        stored.filter { owners[$0.key].map { $0 == userID } ?? true }.map(\.value)
    }

    private func continueItem(for userID: String) -> ContinueLearningItem {
        lock.lock()
        defer { lock.unlock() }
        let stored = visibleEvents(of: userID)
        guard let last = stored.max(by: { ($0.clientTimestampMs, $0.sequence) < ($1.clientTimestampMs, $1.sequence) }) else {
            return ContinueLearningItem(type: .nothing)
        }
        let position = stored.filter { $0.materialID == last.materialID && $0.position != nil }
            .max { ($0.clientTimestampMs, $0.sequence) < ($1.clientTimestampMs, $1.sequence) }?.position
        return ContinueLearningItem(type: ContinueLearningType(rawValue: last.readingTargetType.rawValue), materialID: last.materialID,
                                    title: titles[last.materialID], lastPosition: position, lastProgress: position?.progress,
                                    lastReadAt: last.event.timestamp)
    }

    private func progress(of materialID: String, targetType: ReadingTargetType, for userID: String) -> ReadingProgress {
        lock.lock()
        defer { lock.unlock() }
        let events = visibleEvents(of: userID).filter { $0.materialID == materialID }
        guard !events.isEmpty else { return ReadingProgress(materialID: materialID, readingTargetType: targetType, status: .notStarted) }
        let last = events.filter { $0.position != nil }.max { ($0.clientTimestampMs, $0.sequence) < ($1.clientTimestampMs, $1.sequence) }
        let finished = events.contains { $0.eventType == .markedAsRead } || (last?.position?.progress ?? 0) >= 1
        return ReadingProgress(materialID: materialID, readingTargetType: events.first?.readingTargetType ?? targetType,
                               status: finished ? .completed : .inProgress, lastPosition: last?.position,
                               lastProgress: last?.position?.progress, updatedAt: last?.event.timestamp)
    }
}
