import ZhiXiModel

/// How far a learner got with a material, as `GET materials/{id}/reading-progress` says.
/// An `OpenStringEnum` (ZhiXiModel).
package enum ReadingProgressStatus: OpenStringEnum {
    /// Never opened: any position the answer carries is not one to restore.
    /// JSON `"not_started"`.
    case notStarted
    /// Opened, not finished. JSON `"in_progress"`.
    case inProgress
    /// Read to the end or marked as read. JSON `"completed"`.
    case completed
    /// A status this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The statuses this version knows.
    package static let knownCases: [ReadingProgressStatus] = [.notStarted, .inProgress, .completed]

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .notStarted: "not_started"
        case .inProgress: "in_progress"
        case .completed: "completed"
        case .unknown(let rawValue): rawValue
        }
    }
}
