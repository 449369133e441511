/// The few Protocol Buffers that Anki keeps in its schema-18 tables (`decks.kind`,
/// `deck_config.config`), read field by field: varints, 32- and 64-bit values,
/// length-delimited fields (strings, bytes, nested messages, packed repeated numbers). Unknown
/// fields are skipped; a message cut short is refused.
struct ProtobufReader {
    /// One field of a message.
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed32(UInt32)
    }

    /// A message that could not be read.
    struct Malformed: Error {}

    /// The fields of `message` in order, as (field number, value). O(n).
    static func fields(_ message: ArraySlice<UInt8>) throws(Malformed) -> [(number: Int, value: Value)] {
        var result: [(number: Int, value: Value)] = []
        var index = message.startIndex
        while index < message.endIndex {
            let key = try varint(message, &index)
            let number = Int(key >> 3)
            guard number > 0 else { throw Malformed() }
            switch key & 7 {
            case 0: result.append((number, .varint(try varint(message, &index))))
            case 1:
                guard message.endIndex - index >= 8 else { throw Malformed() }
                var value: UInt64 = 0
                for shift in 0 ..< 8 { value |= UInt64(message[index + shift]) << (8 * UInt64(shift)) }
                index += 8
                result.append((number, .fixed64(value)))
            case 2:
                let length = try varint(message, &index)
                guard length <= UInt64(message.endIndex - index) else { throw Malformed() }
                let end = index + Int(length)
                result.append((number, .bytes(message[index ..< end])))
                index = end
            case 5:
                guard message.endIndex - index >= 4 else { throw Malformed() }
                var value: UInt32 = 0
                for shift in 0 ..< 4 { value |= UInt32(message[index + shift]) << (8 * UInt32(shift)) }
                index += 4
                result.append((number, .fixed32(value)))
            default: throw Malformed()
            }
        }
        return result
    }

    /// A base-128 varint at `index`, which moves past it.
    static func varint(_ bytes: ArraySlice<UInt8>, _ index: inout Int) throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < bytes.endIndex, shift < 64 else { throw Malformed() }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// The floats of a repeated `float` field, packed or not, in order.
    static func floats(_ values: [Value]) throws(Malformed) -> [Float] {
        var result: [Float] = []
        for value in values {
            switch value {
            case .fixed32(let bits): result.append(Float(bitPattern: bits))
            case .bytes(let packed):
                guard packed.count % 4 == 0 else { throw Malformed() }
                var index = packed.startIndex
                while index < packed.endIndex {
                    var bits: UInt32 = 0
                    for shift in 0 ..< 4 { bits |= UInt32(packed[index + shift]) << (8 * UInt32(shift)) }
                    result.append(Float(bitPattern: bits))
                    index += 4
                }
            default: throw Malformed()
            }
        }
        return result
    }
}

extension Array where Element == (number: Int, value: ProtobufReader.Value) {
    /// The values of field `number`, in order.
    func values(_ number: Int) -> [ProtobufReader.Value] { filter { $0.number == number }.map(\.value) }

    /// The last value of field `number` (proto3: the last one wins).
    func last(_ number: Int) -> ProtobufReader.Value? { last { $0.number == number }?.value }

    func varint(_ number: Int) -> UInt64? {
        if case .varint(let value)? = last(number) { return value }
        return nil
    }

    func float(_ number: Int) -> Float? {
        if case .fixed32(let bits)? = last(number) { return Float(bitPattern: bits) }
        return nil
    }

    func bytes(_ number: Int) -> ArraySlice<UInt8>? {
        if case .bytes(let bytes)? = last(number) { return bytes }
        return nil
    }

    func string(_ number: Int) -> String? { bytes(number).map { String(decoding: $0, as: UTF8.self) } }
}
