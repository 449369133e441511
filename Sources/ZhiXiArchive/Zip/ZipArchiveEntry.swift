extension ZipArchive {
    /// One entry of the central directory, as the archive describes it (sizes after ZIP64).
    public struct Entry: Sendable, Hashable {
        /// The name, decoded as UTF-8 when the entry says so (bit 11) or as code page 437.
        /// Only ever compared: never used as a path.
        public var name: String
        /// The name's bytes as stored.
        public var rawName: [UInt8]
        public var compressedSize: Int
        public var uncompressedSize: Int
        public var method: ZipCompressionMethod
        /// The CRC-32 of the uncompressed content, as the central directory gives it.
        public var crc32: UInt32
        /// The general-purpose bit flags (bit 0 encrypted, bit 3 data descriptor, bit 6 strong
        /// encryption, bit 11 UTF-8 name).
        public var flags: UInt16
        /// Where the entry's local header starts in the archive.
        public var localHeaderOffset: Int
        /// The entry's place in the central directory (0-based).
        public var index: Int

        /// Encrypted by PKWARE's traditional or strong encryption, or WinZip's AES.
        public var isEncrypted: Bool { flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == .aesEncrypted }
        /// The sizes and CRC follow the data (bit 3); this reader takes them from the central directory.
        public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
        /// A directory entry (its name ends with "/").
        public var isDirectory: Bool { rawName.last == UInt8(ascii: "/") }
    }
}
