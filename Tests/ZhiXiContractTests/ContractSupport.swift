import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel

/// Decodes hand-written JSON text with ``ZhiXiJSON``.
func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try ZhiXiJSON.makeDecoder().decode(type, from: Data(json.utf8))
}

/// Encodes `value` with ``ZhiXiJSON`` and decodes it back.
func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try ZhiXiJSON.makeDecoder().decode(Value.self, from: ZhiXiJSON.makeEncoder().encode(value))
}

/// The JSON object that ``ZhiXiJSON`` writes for `value`, as a dictionary.
func jsonObject(_ value: some Encodable) throws -> [String: Any] {
    let data = try ZhiXiJSON.makeEncoder().encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The date of an ISO-8601 timestamp written in a test.
func timestamp(_ text: String) -> Date {
    ISO8601Timestamp.date(from: text)!
}

/// Checks that a sample sets every stored property and writes exactly its coding keys.
enum CodingKeyCoverage {
    /// The names of the stored properties of `value` that hold nothing (a `nil` optional or
    /// an empty array): what a sample failed to set.
    static func unsetProperties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .optional, inner.children.isEmpty { return child.label ?? "?" }
            if inner.displayStyle == .collection, inner.children.isEmpty { return child.label ?? "?" }
            return nil
        }
    }

    /// The top-level keys of the JSON that ``ZhiXiJSON`` writes for `value`.
    static func encodedKeys(of value: some Encodable) throws -> Set<String> {
        Set(try jsonObject(value).keys)
    }

    static func check<Value: Encodable, Keys: CodingKey & CaseIterable>(_ value: Value, keys: Keys.Type) throws {
        #expect(unsetProperties(of: value) == [], "the sample of \(Value.self) leaves these unset")
        let expected = Set(Keys.allCases.map(\.stringValue))
        #expect(try encodedKeys(of: value) == expected, "\(Value.self) writes other keys than its CodingKeys")
        #expect(Mirror(reflecting: value).children.count == expected.count,
                "\(Value.self) has a stored property without a coding key, or a key without a property")
    }
}
