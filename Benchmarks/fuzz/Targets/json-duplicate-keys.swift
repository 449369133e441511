// JSONDuplicateKeyScanner (ZhiXiCore) against a reference written here: on every input that
// JSONSerialization accepts as JSON (UTF-8), a plain recursive reading of the document finds
// the first member whose name, escapes decoded, equals an earlier member's of the same
// object, and the scanner must report exactly it — the key, the object's path, the line and
// column and byte offset of the second occurrence, the line of the first — or report
// nothing when there is none. Keys are equal byte for byte after decoding ("a" and "\u0061"
// are one key; "K" and "\u212A" are two, though Swift strings call them equal).
//
// On every other input the scanner must not crash, and a duplicate it reports must point at
// a quote inside the input.
@testable import ZhiXiCore
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDuplicateKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let found = JSONDuplicateKeyScanner.firstDuplicate(in: UnsafeRawBufferPointer(bytes))
    if let found {
        fuzzCheck(found.byteOffset >= 0 && found.byteOffset < bytes.count && bytes[found.byteOffset] == UInt8(ascii: "\""),
                  "the duplicate \(found) does not point at a quote of the input")
        _ = found.description
    }
    guard !isUTF16OrUTF32ForFoundation(bytes),
          (try? JSONSerialization.jsonObject(with: Data(buffer: bytes), options: .fragmentsAllowed)) != nil
    else { return 0 }
    var reference = DuplicateReference(bytes: bytes)
    guard let expected = reference.firstDuplicate() else {
        fuzzFinding("JSONSerialization accepts the input but the reference cannot read it at byte \(reference.index)")
    }
    switch (found, expected) {
    case (nil, .none):
        break
    case (let found?, .some(let expected)):
        fuzzCheck(found.key == expected.key && Array(found.key.utf8) == Array(expected.key.utf8)
                    && found.objectPath == expected.objectPath && found.byteOffset == expected.byteOffset
                    && found.line == expected.line && found.column == expected.column && found.firstLine == expected.firstLine,
                  "the scanner reports \(found) (offset \(found.byteOffset)), the reference \(expected) (offset \(expected.byteOffset))")
    case (let found?, .none):
        fuzzFinding("the scanner reports \(found), the reference finds no duplicate")
    case (nil, .some(let expected)):
        fuzzFinding("the scanner finds no duplicate, the reference \(expected)")
    }
    return 0
}

/// The reference: a plain recursive reading of a document JSONSerialization accepted.
struct DuplicateReference {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// One step of a path.
    enum Step {
        case key([UInt8])
        case element(Int)
    }

    /// Stops the reading at the first duplicate.
    struct Found: Error {
        var duplicate: JSONDuplicateKey
    }

    /// Thrown where the document is not what JSONSerialization accepted (a bug of one of them).
    struct Unreadable: Error {}

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// `.some(nil)`: no duplicate; `.some(key)`: the first; `nil`: the document cannot be read.
    mutating func firstDuplicate() -> JSONDuplicateKey?? {
        do {
            try value(path: [])
            return .some(nil)
        } catch let found as Found {
            return .some(found.duplicate)
        } catch {
            return nil
        }
    }

    var byte: UInt8 { index < bytes.count ? bytes[index] : 0 }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(path: [Step]) throws {
        skipWhitespace()
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            var keys: [(name: [UInt8], offset: Int)] = []
            while true {
                skipWhitespace()
                if byte == UInt8(ascii: "}") { index += 1; return }
                guard byte == UInt8(ascii: "\"") else { throw Unreadable() }
                let offset = index
                let name = try string()
                if let first = keys.first(where: { $0.name == name }) {
                    throw Found(duplicate: JSONDuplicateKey(
                        key: String(decoding: name, as: UTF8.self), objectPath: Self.text(of: path),
                        line: line(of: offset), column: column(of: offset), byteOffset: offset,
                        firstLine: line(of: first.offset)))
                }
                keys.append((name, offset))
                skipWhitespace()
                guard byte == UInt8(ascii: ":") else { throw Unreadable() }
                index += 1
                try value(path: path + [.key(name)])
                skipWhitespace()
                if byte == UInt8(ascii: ",") { index += 1; continue }
                guard byte == UInt8(ascii: "}") else { throw Unreadable() }
                index += 1
                return
            }
        case UInt8(ascii: "["):
            index += 1
            var element = 0
            while true {
                skipWhitespace()
                if byte == UInt8(ascii: "]") { index += 1; return }
                try value(path: path + [.element(element)])
                element += 1
                skipWhitespace()
                if byte == UInt8(ascii: ",") { index += 1; continue }
                guard byte == UInt8(ascii: "]") else { throw Unreadable() }
                index += 1
                return
            }
        case UInt8(ascii: "\""):
            _ = try string()
        default:
            let start = index
            while index < bytes.count, Array("0123456789+-.eEtruefalsn".utf8).contains(bytes[index]) { index += 1 }
            guard index > start else { throw Unreadable() }
        }
    }

    /// The string at `index` (its opening quote), escapes decoded, as UTF-8.
    mutating func string() throws -> [UInt8] {
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count, let decoded = decodedJSONString(Array(bytes[start ..< index])) else { throw Unreadable() }
        index += 1
        return decoded
    }

    func line(of offset: Int) -> Int {
        1 + bytes[..<offset].filter { $0 == 0x0A }.count
    }

    func column(of offset: Int) -> Int {
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return offset - lineStart + 1
    }

    /// A path as the scanner writes it: `a.b[2]["not plain"]`.
    static func text(of path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .element(let element):
                text += "[\(element)]"
            case .key(let bytes):
                let name = String(decoding: bytes, as: UTF8.self)
                let isLetter = { (byte: UInt8) in (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte | 0x20) }
                let isPlain = !bytes.isEmpty && (bytes[0] == UInt8(ascii: "_") || isLetter(bytes[0]))
                    && bytes.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }
                if isPlain {
                    text += text.isEmpty ? name : "." + name
                } else {
                    var quoted = ""
                    for character in name {
                        if character == "\\" || character == "\"" { quoted.append("\\") }
                        quoted.append(character)
                    }
                    text += "[\"" + quoted + "\"]"
                }
            }
        }
        return text
    }
}
