/// One event the server refused in a reading-event batch: `{"eventId", "code", "message"}`.
public struct ReadingEventRejection: Sendable, Codable, Hashable {
    /// The id of the refused event.
    public var eventID: String
    /// Why it was refused.
    public var code: ReadingEventRejectionCode
    /// The server's explanation, for people; may be absent.
    public var message: String?

    /// Creates a rejection.
    public init(eventID: String, code: ReadingEventRejectionCode, message: String? = nil) {
        self.eventID = eventID
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case eventID = "eventId"
        case code, message
    }
}
