/// One JSON number that ``JSONByteReader`` has checked against the grammar, in parts,
/// with the conversions `JSONDecoder` applies to it.
struct JSONNumberToken {
    /// The whole number as written, such as `-12.5e3`.
    var text: UnsafeBufferPointer<UInt8>
    /// `true` when the number starts with `-`.
    var negative: Bool
    /// The digits before the `.` (at least one).
    var integerDigits: UnsafeBufferPointer<UInt8>
    /// The digits after the `.`, empty without a fraction.
    var fractionDigits: UnsafeBufferPointer<UInt8>
    /// The value after `e`, 0 without an exponent (saturated at ±100,000,000).
    var exponent: Int
    /// `true` without a fraction and without an exponent.
    var isPlainInteger: Bool

    /// 2^53: below it every whole `Double` is exact.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// The number as an `Int`: a plain integer exactly, as `JSONDecoder` reads one; otherwise
    /// the correctly rounded `Double` when it is whole and below 2^53 (as `JSONDecoder`), or
    /// from 2^53 up the exact decimal value when it is whole; `nil` when it is not whole or
    /// does not fit.
    ///
    /// From 2^53 up `JSONDecoder` goes through its `Decimal`, which drops a fraction
    /// (`9007199254740993.5` reads as 9007199254740993) and refuses some whole numbers
    /// (`9223372036854775807.0`); this reads what the text says instead: a number with a
    /// fraction is not an `Int`, a whole one is (Benchmarks/fuzz, target json-reader).
    func integerValue() -> Int? {
        if isPlainInteger {
            return Self.exactInteger(digits: Array(integerDigits), negative: negative)
        }
        if let double = doubleValue(allowingUnderflow: true), abs(double) < Self.exactIntegerLimit {
            return double == double.rounded(.towardZero) ? Int(double) : nil
        }
        // From 2^53 up: the exact decimal, when it has no fraction.
        var digits = Array(integerDigits) + Array(fractionDigits)
        let scale = exponent - fractionDigits.count
        while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        if scale >= 0 {
            guard digits.count + scale <= 19 else { return nil }
            digits += Array(repeating: UInt8(ascii: "0"), count: scale)
        } else {
            let fraction = digits.suffix(min(-scale, digits.count))
            guard fraction.allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
            digits.removeLast(fraction.count)
        }
        return Self.exactInteger(digits: digits, negative: negative)
    }

    /// The number as a correctly rounded `Double`; `nil` when it overflows to infinity or a
    /// non-zero number underflows to zero (unless `allowingUnderflow`), as in `JSONDecoder`.
    func doubleValue(allowingUnderflow: Bool = false) -> Double? {
        // Fast path (Clinger): at most 19 significant digits, a mantissa below 2^53 and a
        // power of ten that is exact in a Double give an exactly rounded product.
        var mantissa: UInt64 = 0
        var significant = 0
        var isZero = true
        for digits in [integerDigits, fractionDigits] {
            for byte in digits {
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if isZero && digit == 0 { continue }
                isZero = false
                significant += 1
                if significant <= 19 { mantissa = mantissa &* 10 &+ digit }
            }
        }
        if isZero {
            return negative ? -0.0 : 0.0
        }
        let scale = exponent - fractionDigits.count
        if significant <= 19, mantissa <= 1 << 53, (-22...22).contains(scale) {
            var value = Double(mantissa)
            if scale >= 0 {
                value *= Self.powersOfTen[scale]
            } else {
                value /= Self.powersOfTen[-scale]
            }
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 && !allowingUnderflow { return nil }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The integer spelled by ASCII `digits`, or `nil` beyond `Int`'s range.
    private static func exactInteger(digits: [UInt8], negative: Bool) -> Int? {
        var magnitude: UInt64 = 0
        for byte in digits {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { return nil }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { return nil }
        return Int(magnitude)
    }
}
