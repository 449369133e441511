extension ZipArchive {
    /// One entry of the central directory, as the archive describes it (sizes after ZIP64).
    package struct Entry: Sendable, Hashable {
        /// The name, decoded as UTF-8 when the entry says so (bit 11) or as code page 437.
        /// Only ever compared: never used as a path.
        package var name: String
        /// The name's bytes as stored.
        package var rawName: [UInt8]
        package var compressedSize: Int
        package var uncompressedSize: Int
        package var method: ZipCompressionMethod
        /// The CRC-32 of the uncompressed content, as the central directory gives it.
        package var crc32: UInt32
        /// The general-purpose bit flags (bit 0 encrypted, bit 3 data descriptor, bit 6 strong
        /// encryption, bit 11 UTF-8 name).
        package var flags: UInt16
        /// Where the entry's local header starts in the archive.
        package var localHeaderOffset: Int
        /// The entry's place in the central directory (0-based).
        package var index: Int

        /// Encrypted by PKWARE's traditional or strong encryption, or WinZip's AES.
        package var isEncrypted: Bool { flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == .aesEncrypted }
        /// The sizes and CRC follow the data (bit 3); this reader takes them from the central directory.
        package var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
        /// A directory entry (its name ends with "/").
        package var isDirectory: Bool { rawName.last == UInt8(ascii: "/") }
    }
}
