import ZhiXiModel

/// How a task was moved off the day the memory model and the load balancer gave it, beyond
/// the budget's deferrals: a plain value, so that placed tasks stay free of reference counting.
enum PlanMove: UInt8, Sendable {
    /// Not moved.
    case none
    /// Brought forward to a day before a break (a fragile review).
    case beforeBreak
    /// Moved to after a break.
    case afterBreak
    /// Postponed on request.
    case postponed
    /// Brought forward to today on request.
    case advanced

    /// The model's value, or `nil` for ``none``.
    var reviewTaskMove: ReviewTaskMove? {
        switch self {
        case .none: nil
        case .beforeBreak: .beforeBreak
        case .afterBreak: .afterBreak
        case .postponed: .postponed
        case .advanced: .advanced
        }
    }

    /// Whether the move placed the task on a day directly, into room the budget fill left:
    /// such a task is not an arrival of the fill.
    var isPinned: Bool { self == .beforeBreak || self == .advanced }
}
