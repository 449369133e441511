/// A civil date as text, `YYYY-MM-DD`: the dates of the API's queries (`from=2026-11-29`)
/// and answers (`"date": "2026-11-29"`).
extension CivilDate: Codable {
    /// The date written as `YYYY-MM-DD` (a four-digit year, months 01–12, a day that exists in
    /// its month), or `nil` for anything else. O(1).
    public init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0 ..< 4), let month = number(5 ..< 7), let day = number(8 ..< 10) else { return nil }
        self.init(year: year, month: month, day: day)
        guard isValid else { return nil }
    }

    /// Decodes a `YYYY-MM-DD` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date such as 2026-11-29, found \"\(text)\"")
        }
        self = date
    }

    /// Encodes the date as a `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
