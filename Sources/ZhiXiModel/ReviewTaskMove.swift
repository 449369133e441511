/// Why a planned review was moved away from the day the memory model gave it, beyond the
/// daily budget's deferrals (``ReviewTaskExplanation/deferredFrom``): a break, or a request
/// to postpone or advance.
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string. Two values are equal when their raw strings are equal.
public enum ReviewTaskMove: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
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

    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "beforeBreak": self = .beforeBreak
        case "afterBreak": self = .afterBreak
        case "postponed": self = .postponed
        case "advanced": self = .advanced
        default: self = .unknown(rawValue)
        }
    }

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

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReviewTaskMove, rhs: ReviewTaskMove) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
