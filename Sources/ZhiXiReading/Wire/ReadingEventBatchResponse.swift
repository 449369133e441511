/// The answer to `POST learning/reading-events/batch`:
/// `{"accepted": [eventId…], "rejected": [{"eventId", "code", "message"}…]}`.
///
/// An absent `accepted` or `rejected` decodes as empty. An event of the batch in neither
/// list was not taken by the server.
package struct ReadingEventBatchResponse: Sendable, Codable, Hashable {
    /// The ids of the events the server stored.
    package var accepted: [String]
    /// The events the server refused, with why.
    package var rejected: [ReadingEventRejection]

    /// Creates an answer.
    package init(accepted: [String] = [], rejected: [ReadingEventRejection] = []) {
        self.accepted = accepted
        self.rejected = rejected
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case accepted, rejected
    }

    /// Decodes an answer; absent lists keep the initializer's defaults (empty).
    package init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accepted = try container.decodeIfPresent([String].self, forKey: .accepted) ?? accepted
        rejected = try container.decodeIfPresent([ReadingEventRejection].self, forKey: .rejected) ?? rejected
    }
}
