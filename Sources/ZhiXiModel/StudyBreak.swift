import Foundation
import ZhiXiCore

/// Days a learner is away and will not study: from one study date to another, both
/// included. JSON `{"from": "2026-12-24", "to": "2026-12-27"}` (ISO 8601 calendar dates).
///
/// Dates are study dates of the learner's calendar (a study day starts at the profile's
/// day-start hour). What falls due while the learner is away is moved before or after the
/// break by the planner.
public struct StudyBreak: Sendable, Codable, Hashable {
    /// The first day away.
    public var from: CivilDate
    /// The last day away (not before ``from``, which the planner checks).
    public var to: CivilDate

    /// A break from `from` to `to`, both included.
    public init(from: CivilDate, to: CivilDate) {
        self.from = from
        self.to = to
    }

    /// The number of days away (0 when ``to`` is before ``from``).
    public var dayCount: Int { max(0, to.daysSince1970 - from.daysSince1970 + 1) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case from, to
    }
}

extension StudyBreak: ModelDecodable {
    static let decoding = ModelDecoding(template: StudyBreak(from: CivilDate(daysSince1970: 0), to: CivilDate(daysSince1970: 0)),
                                        required: [.from, .to])

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .from: from = try source.read()
        case .to: to = try source.read()
        }
    }
}
