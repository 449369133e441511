/// Card id → a small number, an open-addressing hash table without per-entry allocation: the
/// review log's million rows each look up their card once, several times faster than a
/// `Dictionary<Int64, …>`.
struct CardIndexTable {
    private var keys: [Int64]
    private var values: [Int32]
    private let mask: Int
    private static let empty = Int64.min

    /// A table for about `capacity` ids.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [Int64](repeating: Self.empty, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private func slot(_ key: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    /// Sets `key`'s value (the id `Int64.min` is not stored).
    mutating func set(_ key: Int64, _ value: Int32) {
        guard key != Self.empty else { return }
        var index = slot(key)
        while keys[index] != Self.empty && keys[index] != key { index = (index + 1) & mask }
        keys[index] = key
        values[index] = value
    }

    /// `key`'s value, or `nil`. O(1) expected.
    @inline(__always)
    func value(_ key: Int64) -> Int32? {
        var index = slot(key)
        while true {
            let found = keys[index]
            if found == key { return values[index] }
            if found == Self.empty { return nil }
            index = (index + 1) & mask
        }
    }
}
