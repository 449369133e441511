import Foundation
import ZhiXiModel

extension ReadingEventUploadItem {
    /// The longest active time one event may carry, in seconds (a day).
    package static let maximumActiveSecondsDelta = 86_400
    /// The latest client timestamp accepted: 9999-12-31T23:59:59.999Z, in milliseconds.
    package static let maximumClientTimestampMs: Int64 = 253_402_300_799_999

    /// What is wrong with this event for the upload queue, or `nil` when it can be queued:
    /// `eventId` a UUID; `clientSessionId` and `materialId` not empty (at most 256
    /// characters); `activeSecondsDelta` from 0 to 86,400; `clientTimestampMs` after 1970
    /// and before the year 10000; `sequence` from 1; a `position`, when present, normalized
    /// (progress 0–1, page not negative, anchor not empty, at most 4,096 bytes). Event and
    /// target types (at most 256 bytes) this
    /// version does not know are accepted: the server judges them. `platform` and
    /// `appVersion`, when present, are 1 to 64 bytes; `clientTimezoneOffsetMinutes` is within
    /// ±18 hours (±1,080 minutes).
    package var validationProblem: String? {
        if UUID(uuidString: event.eventID) == nil { return "eventId must be a UUID such as 6F9619FF-8B86-D011-B42D-00CF4FC964FF" }
        if event.clientSessionID.isEmpty || Self.hasMoreThan256Characters(event.clientSessionID) {
            return "clientSessionId must be 1 to 256 characters"
        }
        if event.materialID.isEmpty || Self.hasMoreThan256Characters(event.materialID) { return "materialId must be 1 to 256 characters" }
        if event.readingTargetType.rawValue.isEmpty { return "readingTargetType must not be empty" }
        if event.eventType.rawValue.isEmpty { return "eventType must not be empty" }
        if !(0 ... Self.maximumActiveSecondsDelta).contains(event.activeSecondsDelta) {
            return "activeSecondsDelta must be from 0 to \(Self.maximumActiveSecondsDelta) seconds (an increment, not a total), got \(event.activeSecondsDelta)"
        }
        if !(1 ... Self.maximumClientTimestampMs).contains(event.clientTimestampMs) {
            return "clientTimestampMs must be milliseconds since 1970 before the year 10000, got \(event.clientTimestampMs)"
        }
        if event.sequence < 1 { return "sequence must be 1 or more, got \(event.sequence)" }
        if let position = event.position, !position.isNormalized {
            return "position must be normalized (progress from 0 to 1, pageIndex not negative, anchor not empty)"
        }
        if let anchor = event.position?.anchor, anchor.utf8.count > 4_096 { return "position.anchor must be at most 4,096 bytes" }
        if event.readingTargetType.rawValue.utf8.count > 256 || event.eventType.rawValue.utf8.count > 256 {
            return "readingTargetType and eventType must be at most 256 bytes"
        }
        if let platform, platform.isEmpty || platform.utf8.count > 64 { return "platform must be 1 to 64 bytes" }
        if let appVersion, appVersion.isEmpty || appVersion.utf8.count > 64 { return "appVersion must be 1 to 64 bytes" }
        if let offset = clientTimezoneOffsetMinutes, !(-1_080 ... 1_080).contains(offset) {
            return "clientTimezoneOffsetMinutes must be within ±1,080 minutes (±18 hours), got \(offset)"
        }
        return nil
    }

    /// Whether `text` has more than 256 characters, counting characters only when its UTF-8
    /// length leaves a doubt: a character takes at least one byte, so 256 bytes or fewer are
    /// 256 characters or fewer. O(1) for short text.
    private static func hasMoreThan256Characters(_ text: String) -> Bool {
        text.utf8.count > 256 && text.count > 256
    }
}
