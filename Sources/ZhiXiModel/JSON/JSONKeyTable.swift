/// The keys of one model type, laid out for matching raw key bytes quickly, with which of
/// them are required and the former names some of them are still read under.
///
/// Entries are the keys' JSON names in the order of `Key.allCases`, then the former names.
/// Each entry's first sixteen bytes are kept as two little-endian words, and the entries sit
/// in a small open-addressed hash table keyed on those words and the length, so a key is
/// found with one hash, one or two probes and two integer comparisons, whatever order the
/// members come in.
final class JSONKeyTable<Key: CodingKey & CaseIterable & Sendable>: Sendable {
    /// The keys, in the order of `Key.allCases`: entry `i < keyCount` is key `i`.
    let keys: [Key]
    /// The JSON names of the entries: the keys' names, then the former names.
    let names: [String]
    /// The key index of each entry.
    let entryKeys: [Int]
    /// Bit `i` is set when key `i` is required.
    let requiredMask: UInt64
    /// The required keys' indices, in the order a missing one is reported.
    let requiredOrder: [Int]
    private let entries: [Entry]
    /// Bytes 16 and on of each entry, empty for names of sixteen bytes or fewer.
    private let tails: [[UInt8]]
    /// Slots of the hash table: the index of an entry, or -1 for an empty slot.
    private let slots: [Int8]

    private static var slotBits: UInt64 { 7 }
    private static var slotMask: Int { (1 << slotBits) - 1 }

    private struct Entry: Sendable {
        var length: Int
        var firstWord: UInt64
        var secondWord: UInt64
    }

    /// A table of every case of `Key`, `required` of them required, and `formerNames` read
    /// as the key they map to when the key's own name is absent.
    init(required: [Key] = [], formerNames: [(name: String, key: Key)] = []) {
        keys = Array(Key.allCases)
        let keyNames = keys.map(\.stringValue)
        names = keyNames + formerNames.map(\.name)
        entryKeys = Array(keyNames.indices) + formerNames.map { former in keyNames.firstIndex(of: former.key.stringValue)! }
        precondition(names.count <= 64, "JSONKeyTable tracks at most 64 names per object")
        let requiredIndices = required.map { key in keyNames.firstIndex(of: key.stringValue)! }
        requiredOrder = requiredIndices
        requiredMask = requiredIndices.reduce(0) { $0 | 1 << UInt64($1) }
        tails = names.map { Array($0.utf8.dropFirst(16)) }
        entries = names.map { name in
            let bytes = Array(name.utf8)
            var first: UInt64 = 0
            var second: UInt64 = 0
            for (index, byte) in bytes.prefix(16).enumerated() {
                if index < 8 {
                    first |= UInt64(byte) << (8 * UInt64(index))
                } else {
                    second |= UInt64(byte) << (8 * UInt64(index - 8))
                }
            }
            return Entry(length: bytes.count, firstWord: first, secondWord: second)
        }
        var slots = [Int8](repeating: -1, count: Self.slotMask + 1)
        for (index, entry) in entries.enumerated() {
            var slot = Self.slot(entry.firstWord, entry.secondWord, entry.length)
            while slots[slot] >= 0 { slot = (slot + 1) & Self.slotMask }
            slots[slot] = Int8(index)
        }
        self.slots = slots
    }

    /// The number of entries (names); an index equal to it means "not a key".
    var count: Int { names.count }
    /// The number of keys.
    var keyCount: Int { keys.count }

    /// The index of `key`. O(keys).
    func index(of key: Key) -> Int {
        keys.firstIndex { $0.stringValue == key.stringValue } ?? keyCount
    }

    @inline(__always)
    private static func slot(_ first: UInt64, _ second: UInt64, _ length: Int) -> Int {
        let mixed = (first ^ (second &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length))
            &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed &>> (64 &- slotBits))
    }

    /// The index of the entry spelled by the `length` bytes at `key`, or ``count`` if none.
    ///
    /// `readable` is how many bytes may be read from `key` (at least `length`).
    @inline(__always)
    func index(of key: UnsafePointer<UInt8>, length: Int, readable: Int) -> Int {
        var first: UInt64 = 0
        var second: UInt64 = 0
        if readable >= 16 {
            let raw = UnsafeRawPointer(key)
            first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if length < 8 {
                first &= (1 &<< (8 &* UInt64(length))) &- 1
                second = 0
            } else if length < 16 {
                second &= (1 &<< (8 &* UInt64(length &- 8))) &- 1
            }
        } else {
            for index in 0..<min(length, 16) {
                if index < 8 {
                    first |= UInt64(key[index]) << (8 * UInt64(index))
                } else {
                    second |= UInt64(key[index]) << (8 * UInt64(index - 8))
                }
            }
        }
        var slot = Self.slot(first, second, length)
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 { return count }
            let entry = entries[candidate]
            if entry.length == length, entry.firstWord == first, entry.secondWord == second,
               length <= 16 || tailMatches(tails[candidate], key + 16) {
                return candidate
            }
            slot = (slot &+ 1) & Self.slotMask
        }
    }

    /// The index of the entry named `name` (compared as Swift strings, so canonically
    /// equivalent spellings match, as in `JSONDecoder`), or ``count`` if none.
    func index(ofName name: String) -> Int {
        names.firstIndex(of: name) ?? count
    }

    private func tailMatches(_ tail: [UInt8], _ bytes: UnsafePointer<UInt8>) -> Bool {
        for index in tail.indices where tail[index] != bytes[index] {
            return false
        }
        return true
    }
}
