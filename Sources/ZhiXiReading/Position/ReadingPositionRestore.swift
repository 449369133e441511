import ZhiXiModel
import ZhiXiNetwork

/// Where to reopen a material, and where that came from.
package struct ReadingPositionRestore: Sendable, Hashable {
    /// Where the position came from.
    package enum Source: Sendable, Hashable {
        /// The server's saved progress.
        case server
        /// The device's ``ReadingPositionStore``: the server could not be asked, had no
        /// position, or had an older one than the device.
        case device
        /// Neither knows the material: start at the beginning.
        case none
    }

    /// The position to restore; `nil` to start at the beginning.
    package var position: ReadingPosition?
    /// Where it came from.
    package var source: Source
    /// How far the learner got, as the server says; `nil` when it did not say or could not
    /// be asked.
    package var status: ReadingProgressStatus?

    /// `true` when the server says the learner finished the material (or marked it as read).
    package var markedAsRead: Bool { status == .completed }
    /// Why the server could not be used, when it failed.
    package var serverError: APIError?
}
