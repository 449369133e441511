/// One event the server refused in a reading-event batch: `{"eventId", "code", "message"}`.
package struct ReadingEventRejection: Sendable, Codable, Hashable {
    /// The id of the refused event.
    package var eventID: String
    /// Why it was refused.
    package var code: ReadingEventRejectionCode
    /// The server's explanation, for people; may be absent.
    package var message: String?

    /// Creates a rejection.
    package init(eventID: String, code: ReadingEventRejectionCode, message: String? = nil) {
        self.eventID = eventID
        self.code = code
        self.message = message
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case eventID = "eventId"
        case code, message
    }
}
