/// A civil date in JSON: the string `YYYY-MM-DD` (ISO 8601's calendar date), as the API's
/// queries (`from=2026-11-29`) and answers (`"date": "2026-11-29"`) and the study breaks of a
/// profile write it.
extension CivilDate: Codable {
    /// The message for a text that is not a date, naming it.
    public static func dateExpectation(_ text: String) -> String {
        "expected a date written YYYY-MM-DD such as 2026-12-24, found \"\(text)\""
    }

    /// Decodes a `YYYY-MM-DD` string.
    /// - Throws: `DecodingError.dataCorrupted` when it is not a date of the calendar.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(iso8601Date: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.dateExpectation(text))
        }
        self = date
    }

    /// Encodes the date as a `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
