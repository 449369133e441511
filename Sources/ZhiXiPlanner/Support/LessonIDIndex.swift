import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler


/// Lesson ids → positions, looked up a million times per plan: an open-addressing table
/// keyed by the FNV-1a hash of the id's UTF-8 bytes (cheaper than `Dictionary<String, _>`'s
/// seeded SipHash for short ids); a hit is confirmed by comparing the strings.
// Safe: the lessons' buffer pointer crosses threads; the table is built once and only read.
struct LessonIDIndex: @unchecked Sendable {
    private let lessons: UnsafeBufferPointer<Lesson>
    private var slots: [Int32]      // lesson position, or -1
    private var hashes: [UInt64]
    private let mask: Int

    /// Indexes the lessons; a repeated id keeps its first position. O(n).
    init(_ lessons: UnsafeBufferPointer<Lesson>) {
        self.lessons = lessons
        var capacity = 16
        while capacity < lessons.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = [Int32](repeating: -1, count: capacity)
        hashes = [UInt64](repeating: 0, count: capacity)
        for position in lessons.indices {
            let hash = Self.hash(lessons[position].id)
            var slot = Int(truncatingIfNeeded: hash) & mask
            var duplicate = false
            while slots[slot] >= 0 {
                if hashes[slot] == hash && lessons[Int(slots[slot])].id == lessons[position].id {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !duplicate {
                slots[slot] = Int32(position)
                hashes[slot] = hash
            }
        }
    }

    /// The position of the lesson with this id, or `nil`. O(1) expected.
    func position(of id: String) -> Int32? {
        let hash = Self.hash(id)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == hash && lessons[Int(slots[slot])].id == id { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ id: String) -> UInt64 {
        SplitMix64.mix(StableHash.fnv1a64(id))
    }
}
