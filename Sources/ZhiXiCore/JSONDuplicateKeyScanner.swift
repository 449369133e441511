import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A key that appears twice in one JSON object, and where.
@usableFromInline package struct JSONDuplicateKey: Sendable, Hashable, CustomStringConvertible {
    /// The key, its escapes decoded.
    @usableFromInline package var key: String
    /// The path of the object that holds it twice, such as `sessions[3]` (empty at the top
    /// level). Keys that are not plain identifiers are written `["a key"]`.
    @usableFromInline package var objectPath: String
    /// The line of the second occurrence, counted from 1.
    @usableFromInline package var line: Int
    /// The column of the second occurrence, in bytes from 1.
    @usableFromInline package var column: Int
    /// The byte offset of the second occurrence's opening quote.
    @usableFromInline package var byteOffset: Int
    /// The line of the first occurrence.
    @usableFromInline package var firstLine: Int

    /// The full path of the duplicated member, such as `sessions[3].masteryScore`.
    @usableFromInline package var path: String { JSONDuplicateKeyScanner.appending(key: key, to: objectPath) }

    /// `line 12, column 5: the key "sessions" appears twice in the object (first on line 3); …`.
    @usableFromInline package var description: String {
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
@usableFromInline package enum JSONDuplicateKeyScanner {
    /// Nesting deeper than this is not scanned further (the decoders refuse it anyway).
    @usableFromInline package static let maximumDepth = 512

    /// The first duplicated key of the JSON in `bytes`, or `nil` when every object's keys are
    /// distinct (or the bytes stop being JSON before a duplicate).
    @usableFromInline package static func firstDuplicate(in bytes: UnsafeRawBufferPointer) -> JSONDuplicateKey? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return nil }
        var scan = Scan(base: base, count: bytes.count)
        return scan.run()
    }

    /// The first duplicated key of the JSON in `bytes`; see ``firstDuplicate(in:)-(UnsafeRawBufferPointer)``.
    @usableFromInline package static func firstDuplicate<Bytes: ContiguousBytes>(inBytes bytes: Bytes) -> JSONDuplicateKey? {
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

    /// One key of an object being read: where its text is, and its identity: keys of at most
    /// 16 bytes (after decoding escapes) are their bytes, in two words, compared exactly;
    /// longer keys a hash, compared byte for byte when the hashes meet.
    private struct Key {
        var start: Int
        var end: Int
        var first: UInt64
        var second: UInt64
        var length: Int
        var escaped: Bool

        var isShort: Bool { length <= 16 }
        /// The hash used to find keys in the tables of large objects.
        var hash: UInt64 { first &* 0x9E37_79B9_7F4A_7C15 ^ second ^ UInt64(truncatingIfNeeded: length) }
    }

    /// An open container.
    private struct Frame {
        var isObject: Bool
        /// Objects: where this object's keys start in `keys`.
        var firstKey: Int
        /// Arrays: the index of the current element.
        var element: Int
        /// Objects with many keys: the index of their table in `tables`, or -1.
        var table: Int
        /// Objects: one bit per key hash seen (of 64), so that most new keys are known to be new
        /// without comparing them with the others.
        var seen: UInt64 = 0
    }

    /// The scan's state in buffers of its own (no array in the loop: no bounds checks, no
    /// copy-on-write checks), freed at the end.
    private struct Scan {
        let base: UnsafePointer<UInt8>
        let count: Int
        /// The open containers, innermost last; at most ``maximumDepth``.
        let frames: UnsafeMutablePointer<Frame>
        var depth = 0
        /// The keys of the open objects, in order.
        var keys: UnsafeMutablePointer<Key>
        var keyCapacity = 256
        var keyCount = 0
        /// The key tables of open objects with many keys (rare).
        var tables: [[UInt64: [Int]]] = []
        var expectingKey = false

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
            frames = .allocate(capacity: maximumDepth)
            keys = .allocate(capacity: keyCapacity)
        }

        func release() {
            frames.deallocate()
            keys.deallocate()
        }

        mutating func run() -> JSONDuplicateKey? {
            defer { release() }
            let base = self.base, count = self.count
            var index = 0
            while index < count {
                switch base[index] {
                case UInt8(ascii: "\""):
                    guard let (end, escaped) = stringEnd(from: index &+ 1) else { return nil }
                    // `expectingKey` is only ever set inside an object.
                    if expectingKey {
                        expectingKey = false
                        let start = index &+ 1
                        // The common case inline: a short plain key whose hash bit is new to
                        // its object is a new key; anything else is looked at closely.
                        if !escaped, end &- start <= 16, keyCount < keyCapacity {
                            let key = identity(start, end)
                            let frame = frames + (depth &- 1)
                            let bit: UInt64 = 1 &<< (key.hash &>> 58)
                            if frame.pointee.seen & bit == 0, frame.pointee.table < 0, keyCount &- frame.pointee.firstKey < 32 {
                                frame.pointee.seen |= bit
                                (keys + keyCount).initialize(to: key)
                                keyCount &+= 1
                                index = end &+ 1
                                continue
                            }
                        }
                        if let duplicate = add(start: start, end: end, escaped: escaped) { return duplicate }
                    }
                    index = end &+ 1
                    continue
                case UInt8(ascii: "{"):
                    guard depth < maximumDepth else { return nil }
                    frames[depth] = Frame(isObject: true, firstKey: keyCount, element: 0, table: -1)
                    depth &+= 1
                    expectingKey = true
                case UInt8(ascii: "["):
                    guard depth < maximumDepth else { return nil }
                    frames[depth] = Frame(isObject: false, firstKey: keyCount, element: 0, table: -1)
                    depth &+= 1
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return nil }
                    depth &-= 1
                    let frame = frames[depth]
                    if frame.isObject {
                        keyCount = frame.firstKey
                        if frame.table >= 0 { tables.removeLast() }
                    }
                    expectingKey = false
                case UInt8(ascii: ","):
                    if depth > 0 {
                        if frames[depth &- 1].isObject { expectingKey = true } else { frames[depth &- 1].element &+= 1 }
                    }
                case UInt8(ascii: ":"):
                    expectingKey = false
                default:
                    break
                }
                index &+= 1
            }
            return nil
        }

        /// The index of the closing quote of the string whose content starts at `start`, and
        /// whether it holds an escape; `nil` when it is not terminated. Eight bytes at a time.
        @inline(__always)
        func stringEnd(from start: Int) -> (Int, Bool)? {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highBits: UInt64 = 0x8080_8080_8080_8080
            var index = start
            var escaped = false
            while true {
                while index &+ 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    let quote = word ^ (ones &* 0x22)
                    let backslash = word ^ (ones &* 0x5C)
                    let hits = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highBits
                    if hits != 0 {
                        index &+= hits.trailingZeroBitCount &>> 3
                        break
                    }
                    index &+= 8
                }
                while index < count, base[index] != UInt8(ascii: "\""), base[index] != UInt8(ascii: "\\") { index &+= 1 }
                guard index < count else { return nil }
                if base[index] == UInt8(ascii: "\"") { return (index, escaped) }
                escaped = true
                index &+= 2   // the backslash and the byte it escapes
            }
        }

        /// Records the key at `start..<end` in the current object; the duplicate when it is there already.
        mutating func add(start: Int, end: Int, escaped: Bool) -> JSONDuplicateKey? {
            let key = escaped ? Self.identity(of: decoded(start, end), start: start, end: end, escaped: true)
                : identity(start, end)
            let frame = frames + (depth &- 1)
            let firstKey = frame.pointee.firstKey
            if frame.pointee.table >= 0 {
                let table = frame.pointee.table
                let hash = key.hash
                for other in tables[table][hash] ?? [] where same(keys[other], key) { return report(keys[other], key) }
                tables[table][hash, default: []].append(keyCount)
            } else {
                let bit: UInt64 = 1 &<< (key.hash &>> 58)
                if frame.pointee.seen & bit != 0 {
                    // Maybe seen before: compare with the object's keys.
                    var other = firstKey
                    while other < keyCount {
                        let existing = keys[other]
                        if existing.first == key.first, existing.second == key.second, existing.length == key.length,
                           key.isShort || same(existing, key) {
                            return report(existing, key)
                        }
                        other &+= 1
                    }
                }
                frame.pointee.seen |= bit
                if keyCount &- firstKey >= 32 {
                    var table: [UInt64: [Int]] = [:]
                    for other in firstKey ..< keyCount { table[keys[other].hash, default: []].append(other) }
                    table[key.hash, default: []].append(keyCount)
                    tables.append(table)
                    frame.pointee.table = tables.count &- 1
                }
            }
            if keyCount == keyCapacity {
                let larger = UnsafeMutablePointer<Key>.allocate(capacity: keyCapacity &* 2)
                larger.moveInitialize(from: keys, count: keyCount)
                keys.deallocate()
                keys = larger
                keyCapacity &*= 2
            }
            (keys + keyCount).initialize(to: key)
            keyCount &+= 1
            return nil
        }

        /// The identity of an unescaped key in the input.
        @inline(__always)
        func identity(_ start: Int, _ end: Int) -> Key {
            let length = end &- start
            if length <= 16 {
                var first: UInt64 = 0, second: UInt64 = 0
                if start &+ 16 <= count {
                    first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
                    second = UInt64(littleEndian: UnsafeRawPointer(base + (start &+ 8)).loadUnaligned(as: UInt64.self))
                    if length < 8 {
                        first &= length == 0 ? 0 : (UInt64.max &>> UInt64(64 &- 8 &* length))
                        second = 0
                    } else if length < 16 {
                        second &= length == 8 ? 0 : (UInt64.max &>> UInt64(128 &- 8 &* length))
                    }
                } else {
                    for offset in 0 ..< length {
                        let byte = UInt64(base[start &+ offset])
                        if offset < 8 { first |= byte &<< UInt64(8 &* offset) } else { second |= byte &<< UInt64(8 &* (offset &- 8)) }
                    }
                }
                return Key(start: start, end: end, first: first, second: second, length: length, escaped: false)
            }
            return Key(start: start, end: end, first: Self.hash(UnsafeBufferPointer(start: base + start, count: length)), second: 0,
                       length: length, escaped: false)
        }

        /// The identity of a key from its decoded bytes.
        static func identity(of bytes: [UInt8], start: Int, end: Int, escaped: Bool) -> Key {
            var first: UInt64 = 0, second: UInt64 = 0
            if bytes.count <= 16 {
                for (offset, byte) in bytes.enumerated() {
                    if offset < 8 { first |= UInt64(byte) &<< UInt64(8 &* offset) } else { second |= UInt64(byte) &<< UInt64(8 &* (offset &- 8)) }
                }
            } else {
                first = hash(bytes)
            }
            return Key(start: start, end: end, first: first, second: second, length: bytes.count, escaped: escaped)
        }

        /// Whether two keys of equal identity words are the same text (long keys only need it).
        func same(_ first: Key, _ second: Key) -> Bool {
            guard first.length == second.length, first.first == second.first, first.second == second.second else { return false }
            if first.isShort { return true }
            if !first.escaped, !second.escaped {
                return memcmp(base + first.start, base + second.start, first.length) == 0
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
            for level in 0 ..< max(0, depth - 1) {
                let frame = frames[level]
                if frame.isObject {
                    // The member of this object whose value holds the next frame: its last key.
                    let next = frames[level + 1].firstKey
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
