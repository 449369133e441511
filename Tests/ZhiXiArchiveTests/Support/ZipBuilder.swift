import CZlib

/// Zip archives written byte by byte (APPNOTE 6.3), for archives no tool makes on request:
/// lies about sizes and CRCs, ZIP64 records, code page 437 names, several disks.
struct ZipBuilder {
    struct Entry {
        var name: [UInt8]
        /// The bytes stored after the local header (already compressed for deflate).
        var data: [UInt8]
        var method: UInt16 = 0
        var crc: UInt32
        var uncompressedSize: UInt64
        var flags: UInt16 = 0
        /// Sizes and offset in a ZIP64 extra field (the header fields read 0xFFFFFFFF).
        var zip64 = false
        /// The name in the local header, when it should differ.
        var localName: [UInt8]?
        var diskStart: UInt16 = 0

        /// A stored entry with its true CRC and size.
        static func stored(_ name: String, _ content: [UInt8]) -> Entry {
            Entry(name: Array(name.utf8), data: content, crc: ZipBuilder.crc32(content), uncompressedSize: UInt64(content.count))
        }

        /// A deflated entry with its true CRC and size.
        static func deflated(_ name: String, _ content: [UInt8]) -> Entry {
            Entry(name: Array(name.utf8), data: ZipBuilder.deflate(content), method: 8, crc: ZipBuilder.crc32(content),
                  uncompressedSize: UInt64(content.count))
        }
    }

    var entries: [Entry]
    /// Writes the ZIP64 end record and locator (and saturates the classic end record).
    var zip64End = false
    var endDisk: UInt16 = 0

    func build() -> [UInt8] {
        var bytes: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let offset = UInt64(bytes.count)
            var localExtra: [UInt8] = []
            if entry.zip64 { localExtra = [1, 0, 16, 0] + Self.le(entry.uncompressedSize, 8) + Self.le(UInt64(entry.data.count), 8) }
            let localName = entry.localName ?? entry.name
            bytes += Self.le(0x0403_4B50, 4) + Self.le(entry.zip64 ? 45 : 20, 2) + Self.le(UInt64(entry.flags), 2) + Self.le(UInt64(entry.method), 2)
            bytes += Self.le(0, 4) + Self.le(UInt64(entry.crc), 4)
            bytes += entry.zip64 ? Self.le(0xFFFF_FFFF, 4) + Self.le(0xFFFF_FFFF, 4) : Self.le(UInt64(entry.data.count), 4) + Self.le(entry.uncompressedSize, 4)
            bytes += Self.le(UInt64(localName.count), 2) + Self.le(UInt64(localExtra.count), 2) + localName + localExtra + entry.data
            var centralExtra: [UInt8] = []
            if entry.zip64 {
                centralExtra = [1, 0, 24, 0] + Self.le(entry.uncompressedSize, 8) + Self.le(UInt64(entry.data.count), 8) + Self.le(offset, 8)
            }
            central += Self.le(0x0201_4B50, 4) + Self.le(0x031E, 2) + Self.le(entry.zip64 ? 45 : 20, 2) + Self.le(UInt64(entry.flags), 2)
            central += Self.le(UInt64(entry.method), 2) + Self.le(0, 4) + Self.le(UInt64(entry.crc), 4)
            central += entry.zip64 ? Self.le(0xFFFF_FFFF, 4) + Self.le(0xFFFF_FFFF, 4) : Self.le(UInt64(entry.data.count), 4) + Self.le(entry.uncompressedSize, 4)
            central += Self.le(UInt64(entry.name.count), 2) + Self.le(UInt64(centralExtra.count), 2) + Self.le(0, 2) + Self.le(UInt64(entry.diskStart), 2)
            central += Self.le(0, 2) + Self.le(0, 4) + Self.le(entry.zip64 ? 0xFFFF_FFFF : offset, 4) + entry.name + centralExtra
        }
        let directoryOffset = UInt64(bytes.count)
        bytes += central
        if zip64End {
            let recordOffset = UInt64(bytes.count)
            bytes += Self.le(0x0606_4B50, 4) + Self.le(44, 8) + Self.le(45, 2) + Self.le(45, 2) + Self.le(0, 4) + Self.le(0, 4)
            bytes += Self.le(UInt64(entries.count), 8) + Self.le(UInt64(entries.count), 8) + Self.le(UInt64(central.count), 8) + Self.le(directoryOffset, 8)
            bytes += Self.le(0x0706_4B50, 4) + Self.le(0, 4) + Self.le(recordOffset, 8) + Self.le(1, 4)
        }
        bytes += Self.le(0x0605_4B50, 4) + Self.le(UInt64(endDisk), 2) + Self.le(UInt64(endDisk), 2)
        bytes += zip64End ? Self.le(0xFFFF, 2) + Self.le(0xFFFF, 2) + Self.le(0xFFFF_FFFF, 4) + Self.le(0xFFFF_FFFF, 4)
            : Self.le(UInt64(entries.count), 2) + Self.le(UInt64(entries.count), 2) + Self.le(UInt64(central.count), 4) + Self.le(directoryOffset, 4)
        bytes += Self.le(0, 2)
        return bytes
    }

    static func le(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0 ..< width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: CZlib.crc32(0, $0.baseAddress, UInt32($0.count))) }
    }

    /// A raw deflate stream of `bytes` (zlib, level 9).
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(zhixi_deflate_init_raw(&stream, 9) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }
}
