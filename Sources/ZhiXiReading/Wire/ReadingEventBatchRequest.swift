/// The body of `POST learning/reading-events/batch`: `{"events": [ReadingEventUploadItem…]}`.
package struct ReadingEventBatchRequest: Sendable, Codable, Hashable {
    /// The events, in the order the app recorded them.
    package var events: [ReadingEventUploadItem]

    /// Creates a batch.
    package init(events: [ReadingEventUploadItem]) {
        self.events = events
    }
}
