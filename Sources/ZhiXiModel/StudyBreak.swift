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

    /// Decodes `{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}`.
    /// - Throws: `DecodingError.dataCorrupted` naming the member when a date is not a valid
    ///   `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> CivilDate {
            let text = try container.decode(String.self, forKey: key)
            guard let date = CivilDate(iso8601Date: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: Self.dateExpectation(text))
            }
            return date
        }
        self.init(from: try date(.from), to: try date(.to))
    }

    /// Encodes the two dates as `YYYY-MM-DD` strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from.description, forKey: .from)
        try container.encode(to.description, forKey: .to)
    }

    /// The message for a text that is not a date.
    static func dateExpectation(_ text: String) -> String {
        "expected a date written YYYY-MM-DD such as 2026-12-24, found \"\(text)\""
    }
}

extension StudyBreak: JSONByteDecodable {
    private static let byteKeys = JSONKeyTable<CodingKeys>()

    /// Reads a break with the same rules as ``init(from:)``.
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        var object = try reader.beginObject(Self.byteKeys)
        var from: CivilDate?, to: CivilDate?
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                _ = reader.peekToken()
                let start = reader.offset
                let text = try reader.readString()
                guard let date = CivilDate(iso8601Date: text) else {
                    throw JSONReadFailure(offset: start, reason: Self.dateExpectation(text))
                }
                switch key {
                case .from: from = date
                case .to: to = date
                }
            } catch {
                throw object.annotate(error)
            }
        }
        self.from = try object.required(from, .from)
        self.to = try object.required(to, .to)
    }
}
