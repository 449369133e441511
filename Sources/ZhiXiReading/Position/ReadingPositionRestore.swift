import ZhiXiModel
import ZhiXiNetwork

/// Where to reopen a material, and where that came from.
public struct ReadingPositionRestore: Sendable, Hashable {
    /// Where the position came from.
    public enum Source: Sendable, Hashable {
        /// The server's saved progress.
        case server
        /// The device's ``ReadingPositionStore``: the server could not be asked, had no
        /// position, or had an older one than the device.
        case device
        /// Neither knows the material: start at the beginning.
        case none
    }

    /// The position to restore; `nil` to start at the beginning.
    public var position: ReadingPosition?
    /// Where it came from.
    public var source: Source
    /// How far the learner got, as the server says; `nil` when it did not say or could not
    /// be asked.
    public var status: ReadingProgressStatus?

    /// `true` when the server says the learner finished the material (or marked it as read).
    public var markedAsRead: Bool { status == .completed }
    /// Why the server could not be used, when it failed.
    public var serverError: APIError?
}
