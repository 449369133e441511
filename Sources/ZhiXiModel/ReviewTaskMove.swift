/// Why a planned review was moved away from the day the memory model gave it, beyond the
/// daily budget's deferrals (``ReviewTaskExplanation/deferredFrom``): a break, or a request
/// to postpone or advance.
///
/// An ``OpenStringEnum``.
public enum ReviewTaskMove: OpenStringEnum {
    /// Brought forward to a day before a break, because waiting until after it would let
    /// recall fall well below the desired retention. JSON `"beforeBreak"`.
    case beforeBreak
    /// Moved to after a break: recall holds up well enough to wait. JSON `"afterBreak"`.
    case afterBreak
    /// Postponed on request, among the due reviews whose postponement costs least. JSON `"postponed"`.
    case postponed
    /// Brought forward to today on request, among the reviews not yet due most at risk. JSON `"advanced"`.
    case advanced
    /// A move this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The moves this version knows.
    public static let knownCases: [ReviewTaskMove] = [.beforeBreak, .afterBreak, .postponed, .advanced]

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .beforeBreak: "beforeBreak"
        case .afterBreak: "afterBreak"
        case .postponed: "postponed"
        case .advanced: "advanced"
        case .unknown(let rawValue): rawValue
        }
    }
}
