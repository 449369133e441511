/// Why the server refused one event of a reading-event batch (`rejected[].code`).
///
/// An open set: a value this version does not know decodes as ``unknown(_:)`` and encodes
/// back as the same string; codes starting with `INVALID_` (such as `INVALID_POSITION`)
/// are ``invalid(_:)``. Two values are equal when their raw strings are equal.
public enum ReadingEventRejectionCode: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// The server already has an event with this id: it was delivered before.
    /// JSON `"DUPLICATE_EVENT"`.
    case duplicateEvent
    /// The learner may no longer read the material. JSON `"MATERIAL_ACCESS_DENIED"`.
    case materialAccessDenied
    /// The temporary file the event is about has expired. JSON `"TEMPORARY_MATERIAL_EXPIRED"`.
    case temporaryMaterialExpired
    /// The knowledge source the event is about was deleted. JSON `"SOURCE_DELETED"`.
    case sourceDeleted
    /// The event itself is wrong (`INVALID_…`, such as `INVALID_POSITION`), kept with the
    /// whole code.
    case invalid(String)
    /// A code this version does not know, kept with its raw JSON string.
    case unknown(String)

    /// The value for a JSON string: ``invalid(_:)`` for `INVALID_…`, ``unknown(_:)`` for a
    /// string this version does not know.
    public init(rawValue: String) {
        switch rawValue {
        case "DUPLICATE_EVENT": self = .duplicateEvent
        case "MATERIAL_ACCESS_DENIED": self = .materialAccessDenied
        case "TEMPORARY_MATERIAL_EXPIRED": self = .temporaryMaterialExpired
        case "SOURCE_DELETED": self = .sourceDeleted
        case _ where rawValue.hasPrefix("INVALID_"): self = .invalid(rawValue)
        default: self = .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    public var rawValue: String {
        switch self {
        case .duplicateEvent: "DUPLICATE_EVENT"
        case .materialAccessDenied: "MATERIAL_ACCESS_DENIED"
        case .temporaryMaterialExpired: "TEMPORARY_MATERIAL_EXPIRED"
        case .sourceDeleted: "SOURCE_DELETED"
        case .invalid(let rawValue), .unknown(let rawValue): rawValue
        }
    }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: ReadingEventRejectionCode, rhs: ReadingEventRejectionCode) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
