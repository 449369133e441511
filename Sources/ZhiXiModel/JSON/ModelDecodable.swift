import Foundation

/// A model type whose JSON is read by one declaration, whichever decoder reads it:
/// `JSONDecoder` (``ZhiXiJSON/makeDecoder()``, the API client) and ``JSONByteReader`` (the
/// workspace reader) run the same ``decodeField(_:from:)``, so the two cannot disagree.
///
/// A type declares, once:
/// - ``decoding``: the template value decoding starts from — the memberwise initializer's
///   defaults, so a field's default is written only there — the keys that must be present,
///   and the former names of renamed keys (read when the key's own name is absent);
/// - ``decodeField(_:from:)``: one line per key, `case .id: id = try source.read()`.
///
/// Rules for both decoders: a required key must be present and not `null`; any other key
/// that is absent or `null` keeps the template's value; unknown keys are ignored; when a
/// key has a value under its own and a former name, its own name wins (a `null` is no value).
protocol ModelDecodable: Decodable, JSONByteDecodable, Sendable {
    /// The type's keys: its `CodingKeys`, which its `Encodable` conformance writes.
    associatedtype CodingKeys: CodingKey & CaseIterable & Sendable

    /// The template, the required keys and the former names, with the byte reader's table.
    static var decoding: ModelDecoding<Self> { get }

    /// Reads the value of `key` from `source` into the field of that key.
    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure)

    /// Called after every member was read; `isPresent(key)` says whether the key had a value.
    /// Does nothing unless a type needs it (a default that depends on another field).
    mutating func finishDecoding(isPresent: (CodingKeys) -> Bool)
}

extension ModelDecodable {
    /// Does nothing.
    @inline(__always)
    mutating func finishDecoding(isPresent: (CodingKeys) -> Bool) {}

    /// Decodes the value with its one declaration (``ModelDecodable``).
    public init(from decoder: any Decoder) throws {
        let decoding = Self.decoding
        let table = decoding.keys
        let container = try decoder.container(keyedBy: ModelFieldName.self)
        self = decoding.template
        var present: UInt64 = 0
        for (index, key) in table.keys.enumerated() {
            let isRequired = table.requiredMask & 1 << UInt64(index) != 0
            // A value under the key's own name, else under a former one; null is no value.
            func hasValue(_ name: ModelFieldName) throws -> Bool {
                try container.contains(name) && (isRequired || !container.decodeNil(forKey: name))
            }
            var name = ModelFieldName(key.stringValue)
            if try !hasValue(name) {
                guard let former = try decoding.formerNames(of: index).first(where: { try hasValue(ModelFieldName($0)) }) else {
                    if isRequired {
                        throw DecodingError.keyNotFound(key, DecodingError.Context(
                            codingPath: decoder.codingPath, debugDescription: "missing required key \"\(key.stringValue)\""))
                    }
                    continue
                }
                name = ModelFieldName(former)
            }
            var source = ContainerFieldSource(container: container, key: name)
            try decodeField(key, from: &source)
            present |= 1 << UInt64(index)
        }
        finishDecoding { key in present & 1 << UInt64(table.index(of: key)) != 0 }
    }

    /// Reads the value with its one declaration (``ModelDecodable``).
    @inline(__always)
    init(reading reader: inout JSONByteReader) throws(JSONReadFailure) {
        let decoding = Self.decoding
        var object = try reader.beginObject(decoding.keys)
        self = decoding.template
        while let key = try reader.nextField(&object) {
            do throws(JSONReadFailure) {
                try decodeField(key, from: &reader)
            } catch {
                throw object.annotate(error)
            }
        }
        try object.checkRequired()
        finishDecoding { object.isPresent($0) }
    }
}

/// How a ``ModelDecodable`` type is decoded: where decoding starts, which keys must be
/// present, which former names are still read. Built once per type (a `static let`).
final class ModelDecoding<Model: ModelDecodable>: Sendable {
    /// The value decoding starts from: every field that may be absent holds its default.
    let template: Model
    /// The keys, required ones and former names, for matching key bytes.
    let keys: JSONKeyTable<Model.CodingKeys>

    /// - Parameters:
    ///   - template: the value with every default; the required fields' values in it are
    ///     never seen (a missing required key fails).
    ///   - required: the keys that must be present and not `null`, in the order a missing
    ///     one is reported.
    ///   - formerNames: names a key had in earlier versions of the contract, read when the
    ///     key's own name is absent.
    init(template: Model, required: [Model.CodingKeys] = [], formerNames: KeyValuePairs<String, Model.CodingKeys> = [:]) {
        self.template = template
        keys = JSONKeyTable(required: required, formerNames: formerNames.map { (name: $0.key, key: $0.value) })
    }

    /// The former names of the key at `index`.
    func formerNames(of index: Int) -> [String] {
        keys.names.indices.filter { $0 >= keys.keyCount && keys.entryKeys[$0] == index }.map { keys.names[$0] }
    }
}

/// Where ``ModelDecodable/decodeField(_:from:)`` reads a member's value: the byte reader, or
/// a `JSONDecoder` container.
protocol ModelFieldSource {
    /// What reading fails with.
    associatedtype Failure: Error

    /// Reads the member's value as a `Value`.
    mutating func read<Value: Decodable & JSONByteDecodable>(_ type: Value.Type) throws(Failure) -> Value
}

extension ModelFieldSource {
    /// Reads the member's value as the type the caller assigns it to.
    @inline(__always)
    mutating func read<Value: Decodable & JSONByteDecodable>() throws(Failure) -> Value {
        try read(Value.self)
    }
}

extension JSONByteReader: ModelFieldSource {}

/// A member of a `JSONDecoder` container.
struct ContainerFieldSource: ModelFieldSource {
    let container: KeyedDecodingContainer<ModelFieldName>
    let key: ModelFieldName

    func read<Value: Decodable & JSONByteDecodable>(_ type: Value.Type) throws -> Value {
        try container.decode(type, forKey: key)
    }
}

/// A JSON member name as a coding key: a key's own name or a former one.
struct ModelFieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
