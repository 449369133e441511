import ZhiXiCore
import ZhiXiScheduler

/// Deterministic review-task ids: the same item at the same point of its history always gets
/// the same id, so planning twice gives the same tasks and a task marked done is recognised.
///
/// An id is a version-8 (custom) UUID built from 128 hash bits of: the learner's id, the
/// lesson's id, the item (the lesson itself, or one of its weak points), the number of
/// reviews the item has had (its generation) and how many times its task for this generation
/// was skipped. Text form: lower-case `xxxxxxxx-xxxx-8xxx-yxxx-xxxxxxxxxxxx`.
struct ReviewTaskIdentifier: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// The id of the task of an item.
    /// - Parameters:
    ///   - userHash, lessonHash, itemHash: `StableHash.fnv1a64(_:)` (ZhiXiCore) of the user id, the lesson
    ///     id and the weak point's key (0 for the lesson itself).
    ///   - generation: reviews the item has had.
    ///   - attempt: times this generation's task was skipped.
    init(userHash: UInt64, lessonHash: UInt64, itemHash: UInt64, generation: Int, attempt: Int) {
        let identity = SplitMix64.mix(userHash ^ SplitMix64.mix(lessonHash ^ SplitMix64.mix(itemHash)))
        let position = UInt64(truncatingIfNeeded: generation) &* 0x9E37_79B9_7F4A_7C15
            ^ UInt64(truncatingIfNeeded: attempt) &* 0xC2B2_AE3D_27D4_EB4F
        var high = SplitMix64.mix(identity ^ position)
        var low = SplitMix64.mix(high ^ identity ^ 0x1656_67B1_9E37_79F9)
        high = (high & ~0xF000) | 0x8000                                   // version 8
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000        // RFC 9562 variant
        self.high = high
        self.low = low
    }

    /// Parses the text form; `nil` for any other text (ids not made by the planner).
    init?(_ text: String) {
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for byte in text.utf8 {
            let value: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt64(byte - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "-"): continue
            default: return nil
            }
            if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
            digits += 1
            if digits > 32 { return nil }
        }
        guard digits == 32 else { return nil }
        self.high = high
        self.low = low
    }

    /// Whether the id has the version (8) and variant bits the planner writes; a random
    /// (version 4) UUID of another system does not.
    var isPlannerMade: Bool {
        high & 0xF000 == 0x8000 && low >> 62 == 0b10
    }

    /// The text form.
    var text: String {
        // Two 64-bit words as 32 hexadecimal digits with dashes after digits 8, 12, 16 and 20.
        var bytes: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &bytes) { buffer in
            var position = 0
            for index in 0 ..< 32 {
                if index == 8 || index == 12 || index == 16 || index == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = index < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: word >> UInt64((15 - index % 16) * 4)) & 0xF
                buffer[position] = nibble &+ (nibble < 10 ? 48 : 87)   // 0-9, a-f
                position += 1
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0 ..< 36]), as: UTF8.self)
        }
    }
}
