import Foundation
import ZhiXiReading
import ZhiXiServices

/// One learner's files on the device, in a directory of their own (see ``LearnerStorage``):
/// the cached workspace, the outbox of completions and skips, the reading positions and the
/// reading-event upload queue.
package struct LearnerPlace: Sendable {
    /// The learner's directory.
    package let directory: URL
    /// The cached workspace (`workspace.json`).
    package let cache: WorkspaceCache
    /// The durable outbox (`outbox/`).
    package let outbox: ReviewTaskOutbox
    /// The learner's last reading position of each material (`reading-positions.json`).
    package let positions: FileReadingPositionStore

    /// The directory of the learner's reading-event upload queue (`reading-queue/`, made
    /// by the queue when it is first opened).
    package var readingQueueDirectory: URL {
        directory.appendingPathComponent("reading-queue", isDirectory: true)
    }
}
