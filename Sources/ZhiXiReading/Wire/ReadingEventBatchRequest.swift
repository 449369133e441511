/// The body of `POST learning/reading-events/batch`: `{"events": [ReadingEventUploadItem…]}`.
public struct ReadingEventBatchRequest: Sendable, Codable, Hashable {
    /// The events, in the order the app recorded them.
    public var events: [ReadingEventUploadItem]

    /// Creates a batch.
    public init(events: [ReadingEventUploadItem]) {
        self.events = events
    }
}
