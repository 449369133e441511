import Foundation
import ZhiXiModel

extension ReadingEventUploadItem {
    /// The longest active time one event may carry, in seconds (a day).
    public static let maximumActiveSecondsDelta = 86_400
    /// The latest client timestamp accepted: 9999-12-31T23:59:59.999Z, in milliseconds.
    public static let maximumClientTimestampMs: Int64 = 253_402_300_799_999

    /// What is wrong with this event for the upload queue, or `nil` when it can be queued:
    /// `eventId` a UUID; `clientSessionId` and `materialId` not empty (at most 256
    /// characters); `activeSecondsDelta` from 0 to 86,400; `clientTimestampMs` after 1970
    /// and before the year 10000; `sequence` from 1; a `position`, when present, normalized
    /// (progress 0–1, page not negative, anchor not empty, at most 4,096 bytes). Event and
    /// target types (at most 256 bytes) this
    /// version does not know are accepted: the server judges them.
    public var validationProblem: String? {
        if UUID(uuidString: eventID) == nil { return "eventId must be a UUID such as 6F9619FF-8B86-D011-B42D-00CF4FC964FF" }
        if clientSessionID.isEmpty || clientSessionID.count > 256 { return "clientSessionId must be 1 to 256 characters" }
        if materialID.isEmpty || materialID.count > 256 { return "materialId must be 1 to 256 characters" }
        if readingTargetType.rawValue.isEmpty { return "readingTargetType must not be empty" }
        if eventType.rawValue.isEmpty { return "eventType must not be empty" }
        if !(0 ... Self.maximumActiveSecondsDelta).contains(activeSecondsDelta) {
            return "activeSecondsDelta must be from 0 to \(Self.maximumActiveSecondsDelta) seconds (an increment, not a total), got \(activeSecondsDelta)"
        }
        if !(1 ... Self.maximumClientTimestampMs).contains(clientTimestampMs) {
            return "clientTimestampMs must be milliseconds since 1970 before the year 10000, got \(clientTimestampMs)"
        }
        if sequence < 1 { return "sequence must be 1 or more, got \(sequence)" }
        if let position, !position.isNormalized {
            return "position must be normalized (progress from 0 to 1, pageIndex not negative, anchor not empty)"
        }
        if let anchor = position?.anchor, anchor.utf8.count > 4_096 { return "position.anchor must be at most 4,096 bytes" }
        if readingTargetType.rawValue.utf8.count > 256 || eventType.rawValue.utf8.count > 256 {
            return "readingTargetType and eventType must be at most 256 bytes"
        }
        return nil
    }
}
