import Foundation

/// A value that writes its own JSON text (a number with fixed decimals, a parameter list as
/// `optimize` prints it), which ``ReportJSONEncoder`` copies as it is.
protocol JSONFragment: Encodable {
    /// The value's JSON text.
    var jsonText: String { get }
}

/// Where a value's members (or elements) break the line in ``ReportJSONEncoder``'s text: a
/// member that breaks starts a new line indented two spaces per level of nesting. A value
/// without a layout is written on one line in the encoder's style.
struct JSONLayout: Sendable {
    /// Which members break the line.
    enum LineBreaks: Sendable, Equatable {
        /// Every member starts a line, and so does the closing bracket (after at least one member).
        case all
        /// The members at positions that are multiples of this number start a line (`2`: a
        /// line for each pair), and so does the closing bracket.
        case every(Int)
        /// The members from this position (0-based) on start a line; the closing bracket does not.
        case from(Int)
    }

    /// Which members break the line; `nil`: none.
    var lineBreaks: LineBreaks?
    /// Members separated by `,` alone (`[1,2,3]`), not the style's separator.
    var compact = false

    /// Every member on its own line: `{⏎  "a": 1,⏎  "b": 2⏎}` (`{}` when empty).
    static let memberPerLine = JSONLayout(lineBreaks: .all)
    /// On one line without spaces: `[1,2,3]`.
    static let compactLine = JSONLayout(lineBreaks: nil, compact: true)
}

/// A value that says how ``ReportJSONEncoder`` lays it out (see ``JSONLayout``).
protocol JSONLaidOut: Encodable {
    /// The value's layout.
    var jsonLayout: JSONLayout { get }
}

/// The one writer of the commands' JSON reports (`evaluate`, `states`, `optimize --batch`,
/// `simulate`):
/// any `Encodable`, its members in the order it encodes them (a synthesised conformance: the
/// declaration's order), an optional member that is `nil` left out (as `JSONEncoder` does;
/// ``ReportNumber`` writes `null`), strings escaped as the commands escape them, dates as
/// ISO 8601 in UTC, ``JSONFragment``s copied as they are, and ``JSONLaidOut`` values laid out
/// on lines as they ask. O(size of the output).
struct ReportJSONEncoder {
    /// How members and elements are separated.
    enum Style {
        /// `{"a": 1, "b": [1, 2]}`, on one line.
        case spaced
        /// `{"a":1,"b":[1,2]}`, on one line (JSON lines).
        case compact
        /// A top-level array with each element on its own line, indented two spaces, and each
        /// element spaced: `[⏎  {"a": 1},⏎  {"a": 2}⏎]` (`[]` when empty).
        case elementPerLine
    }

    /// The separators and the layout.
    var style: Style

    /// `value` as JSON text, without a final newline.
    func text(_ value: some Encodable) throws -> String {
        let node = ReportJSONNode()
        try node.set(value)
        var output = ""
        let (comma, colon) = style == .compact ? (",", ":") : (", ", ": ")
        if style == .elementPerLine, node.shape == .array {
            guard !node.children.isEmpty else { return "[]" }
            output = "["
            for (index, element) in node.children.enumerated() {
                output += index == 0 ? "\n  " : ",\n  "
                element.write(to: &output, comma: comma, colon: colon)
            }
            return output + "\n]"
        }
        node.write(to: &output, comma: comma, colon: colon)
        return output
    }
}

/// A value being encoded: a fragment of text, an object (keys in order of first use) or an
/// array.
private final class ReportJSONNode {
    enum Shape { case fragment, object, array }

    private(set) var shape = Shape.fragment
    /// The text of a fragment.
    private var text = "null"
    /// The keys of an object, beside their values in `children`.
    private var keys: [String] = []
    /// The values of an object's keys, or the elements of an array.
    private(set) var children: [ReportJSONNode] = []
    /// How the members or elements are laid out; `nil`: the style's one line.
    private var layout: JSONLayout?

    /// Encodes `value` into this node.
    func set(_ value: (any Encodable)?) throws {
        switch value {
        case nil: setFragment("null")
        case let fragment as any JSONFragment: setFragment(fragment.jsonText)
        case let text as String: setFragment(String.jsonLiteral(text))
        case let flag as Bool: setFragment(flag ? "true" : "false")
        case let number as Double: setFragment(number.isFinite ? String(number) : "null")
        case let number as Float: setFragment(number.isFinite ? String(number) : "null")
        case let date as Date: setFragment(String.jsonLiteral(TextFormatting.iso8601UTC(date.timeIntervalSince1970)))
        case let number as any BinaryInteger: setFragment(String(describing: number))
        case let value?:
            try value.encode(to: ReportJSONTreeEncoder(node: self))
            if let laidOut = value as? any JSONLaidOut { layout = laidOut.jsonLayout }
        }
    }

    private func setFragment(_ text: String) {
        shape = .fragment
        self.text = text
        keys = []
        children = []
    }

    /// Makes this node an object with no members yet, unless it is one.
    func makeObject() {
        guard shape != .object else { return }
        shape = .object
        keys = []
        children = []
    }

    /// The member `key` of this object, added last when new. O(members).
    func member(_ key: String) -> ReportJSONNode {
        makeObject()
        if let index = keys.firstIndex(of: key) { return children[index] }
        let node = ReportJSONNode()
        keys.append(key)
        children.append(node)
        return node
    }

    /// Makes this node an array with no elements yet, unless it is one.
    func makeArray() {
        guard shape != .array else { return }
        shape = .array
        keys = []
        children = []
    }

    /// A new last element of this array.
    func appendElement() -> ReportJSONNode {
        makeArray()
        let node = ReportJSONNode()
        children.append(node)
        return node
    }

    /// Appends the node's text, `comma` between members and elements, `colon` after keys;
    /// `depth` is how deep the node is nested (for the indentation of its layout's lines).
    func write(to output: inout String, comma: String, colon: String, depth: Int = 0) {
        guard shape != .fragment else {
            output += text
            return
        }
        let (open, close) = shape == .object ? ("{", "}") : ("[", "]")
        let separator = layout?.compact == true ? "," : comma
        output += open
        for index in children.indices {
            if breaksLine(before: index) {
                output += (index > 0 ? "," : "") + "\n" + String(repeating: "  ", count: depth + 1)
            } else if index > 0 {
                output += separator
            }
            if shape == .object { output += String.jsonLiteral(keys[index]) + colon }
            children[index].write(to: &output, comma: comma, colon: colon, depth: depth + 1)
        }
        if closesOnOwnLine, !children.isEmpty { output += "\n" + String(repeating: "  ", count: depth) }
        output += close
    }

    /// Whether the member or element at `index` starts a line.
    private func breaksLine(before index: Int) -> Bool {
        switch layout?.lineBreaks {
        case nil: return false
        case .all: return true
        case .every(let count): return index % max(count, 1) == 0
        case .from(let first): return index >= first
        }
    }

    /// Whether the closing bracket starts a line.
    private var closesOnOwnLine: Bool {
        switch layout?.lineBreaks {
        case .all, .every: return true
        case nil, .from: return false
        }
    }
}

private struct ReportJSONTreeEncoder: Encoder {
    let node: ReportJSONNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(ReportJSONKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return ReportJSONUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ReportJSONSingleValueContainer(node: node, codingPath: codingPath)
    }
}

private struct ReportJSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: ReportJSONNode
    var codingPath: [any CodingKey]

    private func encode(_ value: (any Encodable)?, _ key: Key) throws { try node.member(key.stringValue).set(value) }

    mutating func encodeNil(forKey key: Key) throws { try encode(nil, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(value as any Encodable, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encode(value as any Encodable, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                       forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(ReportJSONKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.makeArray()
        return ReportJSONUnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { ReportJSONTreeEncoder(node: node.member("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ReportJSONTreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct ReportJSONUnkeyedContainer: UnkeyedEncodingContainer {
    let node: ReportJSONNode
    var codingPath: [any CodingKey]
    var count: Int { node.children.count }

    private func append(_ value: (any Encodable)?) throws { try node.appendElement().set(value) }

    mutating func encodeNil() throws { try append(nil) }
    mutating func encode(_ value: Bool) throws { try append(value) }
    mutating func encode(_ value: String) throws { try append(value) }
    mutating func encode(_ value: Double) throws { try append(value) }
    mutating func encode(_ value: Float) throws { try append(value) }
    mutating func encode(_ value: Int) throws { try append(value) }
    mutating func encode(_ value: Int8) throws { try append(value) }
    mutating func encode(_ value: Int16) throws { try append(value) }
    mutating func encode(_ value: Int32) throws { try append(value) }
    mutating func encode(_ value: Int64) throws { try append(value) }
    mutating func encode(_ value: UInt) throws { try append(value) }
    mutating func encode(_ value: UInt8) throws { try append(value) }
    mutating func encode(_ value: UInt16) throws { try append(value) }
    mutating func encode(_ value: UInt32) throws { try append(value) }
    mutating func encode(_ value: UInt64) throws { try append(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try append(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(ReportJSONKeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendElement()
        child.makeArray()
        return ReportJSONUnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { ReportJSONTreeEncoder(node: node.appendElement(), codingPath: codingPath) }
}

private struct ReportJSONSingleValueContainer: SingleValueEncodingContainer {
    let node: ReportJSONNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { try node.set(nil) }
    mutating func encode(_ value: Bool) throws { try node.set(value) }
    mutating func encode(_ value: String) throws { try node.set(value) }
    mutating func encode(_ value: Double) throws { try node.set(value) }
    mutating func encode(_ value: Float) throws { try node.set(value) }
    mutating func encode(_ value: Int) throws { try node.set(value) }
    mutating func encode(_ value: Int8) throws { try node.set(value) }
    mutating func encode(_ value: Int16) throws { try node.set(value) }
    mutating func encode(_ value: Int32) throws { try node.set(value) }
    mutating func encode(_ value: Int64) throws { try node.set(value) }
    mutating func encode(_ value: UInt) throws { try node.set(value) }
    mutating func encode(_ value: UInt8) throws { try node.set(value) }
    mutating func encode(_ value: UInt16) throws { try node.set(value) }
    mutating func encode(_ value: UInt32) throws { try node.set(value) }
    mutating func encode(_ value: UInt64) throws { try node.set(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.set(value) }
}
