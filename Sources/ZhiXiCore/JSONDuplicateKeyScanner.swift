import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A key that appears twice in one JSON object, and where.
public struct JSONDuplicateKey: Sendable, Hashable, CustomStringConvertible {
    /// The key, its escapes decoded.
    public var key: String
    /// The path of the object that holds it twice, such as `sessions[3]` (empty at the top
    /// level). Keys that are not plain identifiers are written `["a key"]`.
    public var objectPath: String
    /// The line of the second occurrence, counted from 1.
    public var line: Int
    /// The column of the second occurrence, in bytes from 1.
    public var column: Int
    /// The byte offset of the second occurrence's opening quote.
    public var byteOffset: Int
    /// The line of the first occurrence.
    public var firstLine: Int

    /// The full path of the duplicated member, such as `sessions[3].masteryScore`.
    public var path: String { JSONDuplicateKeyScanner.appending(key: key, to: objectPath) }

    /// `line 12, column 5: the key "sessions" appears twice in the object (first on line 3); …`.
    public var description: String {
        "line \(line), column \(column): \(path): the key \"\(key)\" appears twice in "
            + (objectPath.isEmpty ? "the top-level object" : "the object \(objectPath)")
            + " (first on line \(firstLine)); a reader keeping the first and one keeping the last would disagree, "
            + "so remove one of them"
    }
}

/// Finds a key that appears twice in the same JSON object: one linear pass over the bytes,
/// separate from any decoder, cheap enough to run before every decode of untrusted JSON.
///
/// JSON leaves duplicate keys to the reader (RFC 8259 § 4: "the names within an object
/// SHOULD be unique"); readers disagree on which one wins, so a file that two programs read
/// differently is refused instead. Keys are compared after their escapes are decoded
/// (`"a"` and `"\u0061"` are the same key).
///
/// Cost: O(n) in the bytes, strings skipped with `memchr`; the keys of the objects being read
/// are kept (compared by hash, linearly in small objects, through a table in large ones).
/// Input that is not well-formed JSON is scanned as far as it goes: the scanner never fails,
/// it only reports a duplicate it is sure of; the decoder reports the syntax.
///
/// ```swift
/// if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(in: data) {
///     print(duplicate)   // line 7, column 3: profile.dailyMinutes: the key "dailyMinutes" appears twice …
/// }
/// ```
public enum JSONDuplicateKeyScanner {
    /// Nesting deeper than this is not scanned further (the decoders refuse it anyway).
    public static let maximumDepth = 512

    /// The first duplicated key of the JSON in `bytes`, or `nil` when every object's keys are
    /// distinct (or the bytes stop being JSON before a duplicate).
    public static func firstDuplicate(in bytes: UnsafeRawBufferPointer) -> JSONDuplicateKey? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return nil }
        var scan = Scan(base: base, count: bytes.count)
        return scan.run()
    }

    /// The first duplicated key of the JSON in `bytes`; see ``firstDuplicate(in:)-(UnsafeRawBufferPointer)``.
    public static func firstDuplicate<Bytes: ContiguousBytes>(inBytes bytes: Bytes) -> JSONDuplicateKey? {
        bytes.withUnsafeBytes { firstDuplicate(in: $0) }
    }

    /// `path.key`, or `path["key"]` for a key that is not a plain identifier.
    static func appending(key: String, to path: String) -> String {
        let plain = key.utf8.first.map { $0 == UInt8(ascii: "_") || ($0 | 0x20) &- UInt8(ascii: "a") < 26 } ?? false
            && key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 }
        if plain { return path.isEmpty ? key : path + "." + key }
        var quoted = ""
        for character in key {
            if character == "\\" || character == "\"" { quoted.append("\\") }
            quoted.append(character)
        }
        return path + "[\"" + quoted + "\"]"
    }

    /// One key of an object being read: where its text is and its hash.
    private struct Key {
        var start: Int
        var end: Int
        var hash: UInt64
        var escaped: Bool
    }

    /// An open container.
    private struct Frame {
        var isObject: Bool
        /// Objects: where this object's keys start in `keys`.
        var firstKey: Int
        /// Arrays: the index of the current element.
        var element: Int
        /// Objects with many keys: their hashes, for constant-time lookups.
        var table: Int
    }

    private struct Scan {
        let base: UnsafePointer<UInt8>
        let count: Int
        var keys: [Key] = []
        var frames: [Frame] = []
        var tables: [[UInt64: [Int]]] = []
        var expectingKey = false

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
            keys.reserveCapacity(64)
            frames.reserveCapacity(16)
        }

        mutating func run() -> JSONDuplicateKey? {
            var index = 0
            while index < count {
                let byte = base[index]
                switch byte {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(from: index + 1) else { return nil }
                    if expectingKey, let top = frames.last, top.isObject {
                        if let duplicate = add(start: index + 1, end: end) { return duplicate }
                        expectingKey = false
                    }
                    index = end + 1
                    continue
                case UInt8(ascii: "{"):
                    guard frames.count < maximumDepth else { return nil }
                    frames.append(Frame(isObject: true, firstKey: keys.count, element: 0, table: -1))
                    expectingKey = true
                case UInt8(ascii: "["):
                    guard frames.count < maximumDepth else { return nil }
                    frames.append(Frame(isObject: false, firstKey: keys.count, element: 0, table: -1))
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard let frame = frames.popLast() else { return nil }
                    if frame.isObject {
                        keys.removeSubrange(frame.firstKey...)
                        if frame.table >= 0 { tables.removeLast() }
                    }
                    expectingKey = false
                case UInt8(ascii: ","):
                    if let top = frames.last {
                        if top.isObject { expectingKey = true } else { frames[frames.count - 1].element += 1 }
                    }
                case UInt8(ascii: ":"):
                    expectingKey = false
                default:
                    break
                }
                index += 1
            }
            return nil
        }

        /// The index of the closing quote of the string whose content starts at `start`.
        func stringEnd(from start: Int) -> Int? {
            var index = start
            while index < count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), count - index) else { return nil }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { return quote }
                index = quote + 1
            }
            return nil
        }

        /// Records the key at `start..<end` in the current object; the duplicate when it is there already.
        mutating func add(start: Int, end: Int) -> JSONDuplicateKey? {
            let escaped = memchr(base + start, Int32(UInt8(ascii: "\\")), end - start) != nil
            let hash = escaped ? Self.hash(decoded(start, end)) : Self.hash(UnsafeBufferPointer(start: base + start, count: end - start))
            let key = Key(start: start, end: end, hash: hash, escaped: escaped)
            let frameIndex = frames.count - 1
            let firstKey = frames[frameIndex].firstKey
            let keyCount = keys.count - firstKey
            if frames[frameIndex].table >= 0 {
                let table = frames[frameIndex].table
                for other in tables[table][hash] ?? [] where same(keys[other], key) { return report(keys[other], key) }
                tables[table][hash, default: []].append(keys.count)
            } else {
                for other in firstKey ..< keys.count where keys[other].hash == hash && same(keys[other], key) {
                    return report(keys[other], key)
                }
                if keyCount >= 32 {
                    var table: [UInt64: [Int]] = [:]
                    for other in firstKey ..< keys.count { table[keys[other].hash, default: []].append(other) }
                    table[hash, default: []].append(keys.count)
                    tables.append(table)
                    frames[frameIndex].table = tables.count - 1
                }
            }
            keys.append(key)
            return nil
        }

        func same(_ first: Key, _ second: Key) -> Bool {
            guard first.hash == second.hash else { return false }
            if !first.escaped, !second.escaped {
                let length = first.end - first.start
                return length == second.end - second.start && memcmp(base + first.start, base + second.start, length) == 0
            }
            return decoded(first.start, first.end) == decoded(second.start, second.end)
        }

        static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }

        /// The key's text with its escapes decoded, as UTF-8 (an invalid escape is kept as written).
        func decoded(_ start: Int, _ end: Int) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(end - start)
            var index = start
            var pendingHigh: UInt32?
            func appendScalar(_ value: UInt32) {
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(scalar).utf8))
            }
            while index < end {
                let byte = base[index]
                guard byte == UInt8(ascii: "\\"), index + 1 < end else {
                    if let high = pendingHigh { appendScalar(high); pendingHigh = nil }
                    output.append(byte)
                    index += 1
                    continue
                }
                let next = base[index + 1]
                if next == UInt8(ascii: "u"), index + 6 <= end, let unit = hex(index + 2) {
                    index += 6
                    if (0xD800 ..< 0xDC00).contains(unit) {
                        if let high = pendingHigh { appendScalar(high) }
                        pendingHigh = unit
                    } else if (0xDC00 ..< 0xE000).contains(unit), let high = pendingHigh {
                        appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))
                        pendingHigh = nil
                    } else {
                        if let high = pendingHigh { appendScalar(high); pendingHigh = nil }
                        appendScalar(unit)
                    }
                    continue
                }
                if let high = pendingHigh { appendScalar(high); pendingHigh = nil }
                switch next {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                default: output.append(next)   // \" \\ \/ and anything else as written
                }
                index += 2
            }
            if let high = pendingHigh { appendScalar(high) }
            return output
        }

        func hex(_ start: Int) -> UInt32? {
            var value: UInt32 = 0
            for offset in 0 ..< 4 {
                let byte = base[start + offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// The duplicate `second` of `first`, located.
        func report(_ first: Key, _ second: Key) -> JSONDuplicateKey {
            let (line, column) = location(second.start - 1)
            let firstLine = location(first.start - 1).line
            var path = ""
            for (depth, frame) in frames.dropLast().enumerated() {
                if frame.isObject {
                    // The member of this object whose value holds the next frame: its last key.
                    let next = frames[depth + 1].firstKey
                    if next > frame.firstKey {
                        let member = keys[next - 1]
                        path = JSONDuplicateKeyScanner.appending(key: text(member), to: path)
                    }
                } else {
                    path += "[\(frame.element)]"
                }
            }
            return JSONDuplicateKey(key: text(second), objectPath: path, line: line, column: column,
                                    byteOffset: second.start - 1, firstLine: firstLine)
        }

        func text(_ key: Key) -> String {
            key.escaped ? String(decoding: decoded(key.start, key.end), as: UTF8.self)
                : String(decoding: UnsafeBufferPointer(start: base + key.start, count: key.end - key.start), as: UTF8.self)
        }

        /// The line and column (from 1, in bytes) of the byte at `offset`.
        func location(_ offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var lineStart = 0
            var index = 0
            while index < offset {
                guard let found = memchr(base + index, 0x0A, offset - index) else { break }
                let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                line += 1
                lineStart = newline + 1
                index = newline + 1
            }
            return (line, offset - lineStart + 1)
        }
    }
}
