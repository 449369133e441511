import Foundation

/// One reading event as the app uploads it in `POST learning/reading-events/batch`: the
/// runtime's ``ReadingEventV2`` and what the app adds about itself.
///
/// JSON (camelCase, one flat object as the app's design has it):
/// ```json
/// {"eventId": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "clientSessionId": "…",
///  "materialId": "src-42", "readingTargetType": "knowledge_source",
///  "eventType": "heartbeat", "position": {"progress": 0.42},
///  "activeSecondsDelta": 15, "clientTimestampMs": 1767225600000, "sequence": 7,
///  "platform": "ios", "appVersion": "1.4.0", "clientTimezoneOffsetMinutes": 480}
/// ```
/// The event's fields are read through the item (`item.eventID`, `item.materialID`, …).
/// The server deduplicates by `eventId`.
@dynamicMemberLookup
package struct ReadingEventUploadItem: Sendable, Codable, Hashable, Identifiable {
    /// The platform the app sets on its events, `"ios"`.
    package static let appPlatform = "ios"

    /// The event.
    package var event: ReadingEventV2
    /// Where the event was recorded: `"ios"` for the app, `"cli"` for `zhixi-review events
    /// enqueue`; `nil` when an input did not say.
    package var platform: String?
    /// The version of the app that recorded it, such as `"1.4.0"`, if known.
    package var appVersion: String?
    /// The offset from UTC of the device's time zone at the event's instant, in minutes
    /// (480 for Asia/Shanghai), if known.
    package var clientTimezoneOffsetMinutes: Int?

    /// An upload item of `event`.
    package init(_ event: ReadingEventV2, platform: String? = ReadingEventUploadItem.appPlatform, appVersion: String? = nil,
                clientTimezoneOffsetMinutes: Int? = nil) {
        self.event = event
        self.platform = platform
        self.appVersion = appVersion
        self.clientTimezoneOffsetMinutes = clientTimezoneOffsetMinutes
    }

    /// An upload item of `event` recorded by the app version `appVersion` on `platform`, with
    /// the offset of `timeZone` at the event's instant.
    package init(_ event: ReadingEventV2, platform: String? = ReadingEventUploadItem.appPlatform, appVersion: String?,
                timeZone: TimeZone) {
        self.init(event, platform: platform, appVersion: appVersion,
                  clientTimezoneOffsetMinutes: timeZone.secondsFromGMT(for: event.timestamp) / 60)
    }

    /// A field of the event, such as `item.eventID`.
    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<ReadingEventV2, Value>) -> Value {
        get { event[keyPath: keyPath] }
        set { event[keyPath: keyPath] = newValue }
    }

    /// The event's id.
    package var id: String { event.eventID }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case platform, appVersion, clientTimezoneOffsetMinutes
    }

    /// Decodes the event's members and the app's, from one object.
    package init(from decoder: any Decoder) throws {
        event = try ReadingEventV2(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        clientTimezoneOffsetMinutes = try container.decodeIfPresent(Int.self, forKey: .clientTimezoneOffsetMinutes)
    }

    /// Encodes the event's members and the app's into one object.
    package func encode(to encoder: any Encoder) throws {
        try event.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(platform, forKey: .platform)
        try container.encodeIfPresent(appVersion, forKey: .appVersion)
        try container.encodeIfPresent(clientTimezoneOffsetMinutes, forKey: .clientTimezoneOffsetMinutes)
    }
}
