import Foundation
import ZhiXiReviewService

/// One learner's files on the device: the cached workspace and the outbox of completions
/// and skips, in a directory of their own (see ``LearnerStorage``).
public struct LearnerPlace: Sendable {
    /// The learner's directory.
    public let directory: URL
    /// The cached workspace (`workspace.json`).
    public let cache: WorkspaceCache
    /// The durable outbox (`outbox/`).
    public let outbox: ReviewTaskOutbox
}
