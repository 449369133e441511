import ZhiXiCore
import Foundation

/// The JSON contract of the ZhiXi domain model: encoders and decoders configured for it.
///
/// - Keys are the camelCase property names.
/// - Dates are ISO-8601 strings (see `ISO8601Timestamp` (ZhiXiCore)): decoded with or without a
///   fraction of a second and with `Z` or an offset such as `+08:00`; encoded in UTC with `Z`
///   and the shortest fraction of a second (none, 3, 6 or 9 digits) that reads back as the
///   very same `Date`: `2025-03-14T09:30:00Z`, `…:12.345Z`, and for a `Date()` stamp
///   `…:12.345678912Z`. A decoded record therefore equals the encoded one, and a date at a
///   whole millisecond (as servers send them) is written exactly as before, to the
///   millisecond. The scheduler's `Card` and `CardReview` write their dates the same way: one
///   precision across the package's JSON.
/// - Unknown keys are ignored, missing optional keys decode as `nil`, and the open enums
///   (``ReviewType``, ``UserStatus``, ``ReviewTaskStatus``) keep values they do not know.
/// - Encoded output is stable: keys sorted, slashes not escaped.
public enum ZhiXiJSON {
    /// A `JSONEncoder` for the contract: sorted keys, ISO-8601 dates, unescaped slashes.
    ///
    /// - Parameter prettyPrinted: indent the output for people to read.
    public static func makeEncoder(prettyPrinted: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            guard ISO8601Timestamp.isRepresentable(date) else {
                throw EncodingError.invalidValue(
                    date,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "the date \(date) has a year outside 0000–9999, "
                            + "which ISO-8601 timestamps of the contract cannot hold"
                    )
                )
            }
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Timestamp.string(from: date, precision: .nanoseconds))
        }
        return encoder
    }

    /// A `JSONDecoder` for the contract: ISO-8601 dates with or without fractional seconds.
    /// - Parameter refusingDatesOutsideSupportedYears: refuse a date outside the years
    ///   1900–2200 (`SupportedYears` of ZhiXiCore) as a value of the wrong shape, naming its
    ///   field: what the API client reads servers' answers with, so that no date a learner
    ///   cannot have (the year 1 or 9999) reaches a plan, a calendar or a terminal.
    public static func makeDecoder(refusingDatesOutsideSupportedYears: Bool = false) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601Timestamp.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an ISO-8601 date such as 2025-03-14T09:30:00Z, found \"\(text.escapingControlCharacters())\""
                )
            }
            if refusingDatesOutsideSupportedYears, !SupportedYears.contains(secondsSince1970: date.timeIntervalSince1970) {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "\"\(text.escapingControlCharacters())\" is outside the years \(SupportedYears.description)"
                )
            }
            return date
        }
        return decoder
    }
}
