/// The three symbol alphabets of a Zstandard sequence (RFC 8878 §3.1.1.3.2.1): each code
/// stands for a baseline plus a number of extra bits read from the stream; each has its
/// largest code, its largest FSE accuracy and its predefined distribution.
enum SequenceCode: Sendable {
    case literalLength
    case offset
    case matchLength

    /// The largest code of the alphabet.
    var maximumSymbol: Int {
        switch self {
        case .literalLength: 35
        case .offset: 31
        case .matchLength: 52
        }
    }

    /// The largest accuracy log an FSE table of this alphabet may have.
    var maximumAccuracyLog: Int {
        switch self {
        case .literalLength: 9
        case .offset: 8
        case .matchLength: 9
        }
    }

    var name: String {
        switch self {
        case .literalLength: "literal lengths"
        case .offset: "offsets"
        case .matchLength: "match lengths"
        }
    }

    /// The baseline and the number of extra bits of `code` (within `0...maximumSymbol`).
    /// Offsets: the value 2^code plus `code` bits (the offset value, repeat codes included).
    func baseline(of code: Int) -> (base: UInt32, extraBits: UInt8) {
        switch self {
        case .literalLength:
            if code < 16 { return (UInt32(code), 0) }
            return (Self.literalLengthBaselines[code - 16], Self.literalLengthExtraBits[code - 16])
        case .matchLength:
            if code < 32 { return (UInt32(code + 3), 0) }
            return (Self.matchLengthBaselines[code - 32], Self.matchLengthExtraBits[code - 32])
        case .offset:
            return (UInt32(1) << UInt32(code), UInt8(code))
        }
    }

    /// The predefined distribution (accuracy log 6, 5, 6) used by the "predefined" mode.
    var predefinedDistribution: (accuracyLog: Int, counts: [Int16]) {
        switch self {
        case .literalLength:
            (6, [4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
                 -1, -1, -1, -1])
        case .matchLength:
            (6, [1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1])
        case .offset:
            (5, [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1])
        }
    }

    private static let literalLengthBaselines: [UInt32] = [
        16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536,
    ]
    private static let literalLengthExtraBits: [UInt8] = [1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
    private static let matchLengthBaselines: [UInt32] = [
        35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771, 65539,
    ]
    private static let matchLengthExtraBits: [UInt8] = [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
}
