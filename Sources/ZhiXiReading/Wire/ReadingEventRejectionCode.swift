import ZhiXiModel

/// Why the server refused one event of a reading-event batch (`rejected[].code`). An
/// `OpenStringEnum` (ZhiXiModel) whose codes starting with `INVALID_` (such as
/// `INVALID_POSITION`) are ``invalid(_:)``.
package enum ReadingEventRejectionCode: OpenStringEnum {
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

    /// The codes this version knows by name (``invalid(_:)`` is known by its prefix).
    package static let knownCases: [ReadingEventRejectionCode] = [.duplicateEvent, .materialAccessDenied,
                                                                 .temporaryMaterialExpired, .sourceDeleted]

    /// The value for a JSON string: ``invalid(_:)`` for `INVALID_…`, ``unknown(_:)`` for a
    /// string this version does not know.
    package init(rawValue: String) {
        if let known = Self.knownCases.first(where: { $0.rawValue == rawValue }) {
            self = known
        } else {
            self = rawValue.hasPrefix("INVALID_") ? .invalid(rawValue) : .unknown(rawValue)
        }
    }

    /// The JSON string of this value.
    package var rawValue: String {
        switch self {
        case .duplicateEvent: "DUPLICATE_EVENT"
        case .materialAccessDenied: "MATERIAL_ACCESS_DENIED"
        case .temporaryMaterialExpired: "TEMPORARY_MATERIAL_EXPIRED"
        case .sourceDeleted: "SOURCE_DELETED"
        case .invalid(let rawValue), .unknown(let rawValue): rawValue
        }
    }
}
