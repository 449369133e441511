/// A zip entry's compression method (APPNOTE 4.4.5), by number, with its name for messages.
/// This library reads `stored` and `deflate`; the others are refused by name.
package struct ZipCompressionMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package var rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    package static let stored = ZipCompressionMethod(rawValue: 0)
    package static let deflate = ZipCompressionMethod(rawValue: 8)
    /// WinZip's AES encryption (the real method is in the entry's extra field).
    package static let aesEncrypted = ZipCompressionMethod(rawValue: 99)

    /// `deflate (8)`, `bzip2 (12)`, `method 77` for a number without a name.
    package var description: String {
        let names: [UInt16: String] = [
            0: "stored", 1: "shrink", 2: "reduce", 3: "reduce", 4: "reduce", 5: "reduce", 6: "implode", 8: "deflate",
            9: "deflate64", 10: "PKWARE DCL implode", 12: "bzip2", 14: "LZMA", 16: "IBM z/OS CMPSC", 18: "IBM TERSE",
            19: "IBM LZ77", 20: "Zstandard (old number)", 93: "Zstandard", 94: "MP3", 95: "xz", 96: "JPEG", 97: "WavPack",
            98: "PPMd", 99: "AES encryption",
        ]
        guard let name = names[rawValue] else { return "method \(rawValue)" }
        return "\(name) (\(rawValue))"
    }
}
