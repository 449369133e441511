/// Where a review task stands. An ``OpenStringEnum``.
public enum ReviewTaskStatus: OpenStringEnum {
    /// Waiting to be done. JSON `"pending"`.
    case pending
    /// Done by the learner. JSON `"completed"`.
    case completed
    /// Passed over by the learner. JSON `"skipped"`.
    case skipped
    /// Withdrawn, for example because the lesson was removed. JSON `"cancelled"`.
    case cancelled
    /// A status this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The statuses this version knows.
    public static let knownCases: [ReviewTaskStatus] = [.pending, .completed, .skipped, .cancelled]

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .pending: "pending"
        case .completed: "completed"
        case .skipped: "skipped"
        case .cancelled: "cancelled"
        case .unknown(let rawValue): rawValue
        }
    }

    /// `true` for ``pending``: the task still asks for the learner's time.
    public var isOpen: Bool { self == .pending }
}
