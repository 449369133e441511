/// An enum of JSON strings that stays open: a string this version does not know decodes as
/// `unknown(rawValue)` and encodes back as the same string, so a newer server never breaks
/// an older app. Two values are equal when their raw strings are equal, so
/// `.unknown("feynman") == .feynman`.
///
/// A conforming enum lists its cases, `case unknown(String)`, ``knownCases`` and
/// ``rawValue``; decoding, encoding, equality, hashing, ``description`` and ``isKnown`` come
/// from here:
///
/// ```swift
/// public enum Mood: OpenStringEnum {
///     case calm, curious
///     case unknown(String)
///     public static let knownCases: [Mood] = [.calm, .curious]
///     public var rawValue: String {
///         switch self { case .calm: "calm"; case .curious: "curious"; case .unknown(let raw): raw }
///     }
/// }
/// ```
public protocol OpenStringEnum: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible
where RawValue == String {
    /// The values this version knows, in the order the app lists them.
    static var knownCases: [Self] { get }
    /// A value this version does not know, kept with its raw JSON string.
    static func unknown(_ rawValue: String) -> Self
    /// The value for a JSON string; ``unknown(_:)`` for a string this version does not know.
    init(rawValue: String)
    /// The JSON string of this value.
    var rawValue: String { get }
}

extension OpenStringEnum {
    /// The known value whose ``rawValue`` is `rawValue`, else `unknown(rawValue)`.
    /// O(known cases).
    public init(rawValue: String) {
        for known in Self.knownCases where known.rawValue == rawValue {
            self = known
            return
        }
        self = .unknown(rawValue)
    }

    /// `true` unless this is a value this version does not know.
    public var isKnown: Bool { Self.knownCases.contains(self) }

    /// The raw JSON string.
    public var description: String { rawValue }

    /// Equal when the raw strings are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the raw string.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Decodes the JSON string, known or not.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the raw JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
