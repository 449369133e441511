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
    /// `true` when the server says the learner marked the material as read.
    public var markedAsRead: Bool
    /// Why the server could not be used, when it failed.
    public var serverError: APIError?
}
