/// The FSRS fields of a card's `data` column, a flat JSON object such as
/// `{"s":45.9541,"d":2.978,"dr":0.9,"lrt":1741784400,"pos":3,"cd":"…"}`, read without a JSON
/// parser (a collection has one per card): the numbers of `s`, `d`, `dr` and `lrt`; any other
/// member is skipped, and text that is not such an object gives no field (as Anki, which falls
/// back on defaults for an invalid `data`).
struct CardDataFields {
    var stability: Double?
    var difficulty: Double?
    var desiredRetention: Double?
    var lastReviewSeconds: Int64?

    /// Reads the fields. O(n).
    init(_ bytes: UnsafeRawBufferPointer) {
        var found = CardDataFields(stability: nil, difficulty: nil, desiredRetention: nil, lastReviewSeconds: nil)
        if found.read(bytes) { self = found } else { self = CardDataFields(stability: nil, difficulty: nil, desiredRetention: nil, lastReviewSeconds: nil) }
    }

    private init(stability: Double?, difficulty: Double?, desiredRetention: Double?, lastReviewSeconds: Int64?) {
        self.stability = stability
        self.difficulty = difficulty
        self.desiredRetention = desiredRetention
        self.lastReviewSeconds = lastReviewSeconds
    }

    /// Whether `bytes` were a JSON object whose members could be walked.
    private mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() { while index < count, isSpace(bytes[index]) { index += 1 } }
        /// Moves past a string whose opening quote is at `index`; the key's bytes when short.
        func string() -> [UInt8]? {
            guard index < count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var key: [UInt8] = []
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") { index += 2; key.append(0); continue }
                if byte == UInt8(ascii: "\"") { index += 1; return key }
                if key.count < 8 { key.append(byte) }
                index += 1
            }
            return nil
        }
        /// Moves past a value of any kind; the number's text when it is a number.
        func value() -> Substring?? {
            skipSpace()
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return string() == nil ? nil : .some(nil) }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                var depth = 0
                while index < count {
                    let next = bytes[index]
                    if next == UInt8(ascii: "\"") { guard string() != nil else { return nil }; continue }
                    if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") { depth += 1 }
                    if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { index += 1; return .some(nil) }
                    }
                    index += 1
                }
                return nil
            }
            let start = index
            while index < count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}"), !isSpace(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start ..< index]), as: UTF8.self)
            return .some(Substring(text))
        }
        skipSpace()
        guard index < count, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpace()
        if index < count, bytes[index] == UInt8(ascii: "}") { return true }
        while true {
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard index < count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard let member = value() else { return false }
            if let text = member, let number = Double(text), number.isFinite {
                let s = UInt8(ascii: "s"), d = UInt8(ascii: "d"), r = UInt8(ascii: "r"), l = UInt8(ascii: "l"), t = UInt8(ascii: "t")
                switch (key.count, key.first) {
                case (1, s): stability = number
                case (1, d): difficulty = number
                case (2, d) where key[1] == r: desiredRetention = number
                case (3, l) where key[1] == r && key[2] == t:
                    if number.rounded() == number, abs(number) < 1e15 { lastReviewSeconds = Int64(number) }
                default: break
                }
            }
            skipSpace()
            guard index < count else { return false }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            return bytes[index] == UInt8(ascii: "}")
        }
    }
}
