/// One event of a `text/event-stream` answer (the HTML standard's Server-Sent Events): its
/// type (`event:`, `message` when the event names none), its data (its `data:` lines joined
/// with newlines) and the last event id (`id:`) seen, if any.
package struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: `message` unless an `event:` line named another.
    package var event: String
    /// The event's data.
    package var data: String
    /// The last event id the stream gave, if any.
    package var id: String?

    /// Creates an event.
    package init(event: String = "message", data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}
