/// A zip archive read in memory (APPNOTE 6.3): the end-of-central-directory record (ZIP64
/// too), the central directory, local headers; entries stored (method 0) or deflated
/// (method 8, the system's zlib), their CRC-32 checked, data descriptors allowed (the central
/// directory's sizes are used). Encrypted entries, other methods and archives over several
/// disks are refused by name. Names are only compared, never used as paths; nothing is
/// written anywhere.
///
/// ```swift
/// let archive = try ZipArchive(bytes)
/// if let entry = archive.entry(named: "collection.anki21b") {
///     let compressed = try archive.contents(of: entry, limit: ExpansionLimit(maximumOutputBytes: 4 << 30))
/// }
/// ```
package struct ZipArchive: Sendable {
    private static let localHeaderSignature: UInt32 = 0x0403_4B50
    private static let centralHeaderSignature: UInt32 = 0x0201_4B50
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    private let bytes: [UInt8]
    /// Where the central directory starts: entries' data must end before it.
    private let centralDirectoryOffset: Int
    package let entries: [Entry]

    /// Whether `prefix` starts like a zip archive: a local file header ("PK\u{3}\u{4}") or,
    /// for an empty archive, the end record ("PK\u{5}\u{6}"). Reads 4 elements.
    /// - Complexity: O(1).
    package static func hasSignature(_ prefix: some Collection<UInt8>) -> Bool {
        let head = Array(prefix.prefix(4))
        guard head.count == 4, head[0] == 0x50, head[1] == 0x4B else { return false }
        return (head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6)
    }

    /// Reads the central directory of the archive in `bytes` (the entries' data is read by
    /// `contents(of:limit:)`).
    /// - Complexity: O(n) to find the end record (at most the last 64 KiB + 22 bytes), then
    ///   O(central directory).
    package init(_ bytes: [UInt8]) throws(ArchiveError) {
        self.bytes = bytes
        let reader = LittleEndianBytes(bytes)
        guard bytes.count >= 22 else {
            throw ArchiveError(.truncated, .zip, "\(bytes.count) bytes are too few for a zip archive (its end record alone takes 22)", at: 0)
        }
        // The end record: the last signature whose comment fits the rest of the file.
        var endOffset: Int?
        var candidate = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while candidate >= lowest {
            if reader.u32(candidate) == Self.endSignature, candidate + 22 + Int(reader.u16(candidate + 20)) <= bytes.count {
                endOffset = candidate
                break
            }
            candidate -= 1
        }
        guard let end = endOffset else {
            throw ArchiveError(.malformed, .zip, "no end-of-central-directory record in the last 64 KiB: not a zip archive, or truncated",
                               at: bytes.count)
        }
        var disk = Int(reader.u16(end + 4)), directoryDisk = Int(reader.u16(end + 6))
        var entriesOnDisk = Int(reader.u16(end + 8)), entryCount = Int(reader.u16(end + 10))
        var directorySize = Int(reader.u32(end + 12)), directoryOffset = Int(reader.u32(end + 16))
        var directoryEndLimit = end
        if end >= 20, reader.u32(end - 20) == Self.zip64LocatorSignature {
            let locator = end - 20
            let recordOffset = reader.u64(locator + 8)
            guard reader.u32(locator + 4) == 0, reader.u32(locator + 16) <= 1 else {
                throw ArchiveError(.unsupported, .zip, "the archive is split over several disks", at: locator)
            }
            guard locator >= 56, recordOffset <= UInt64(locator - 56) else {
                throw ArchiveError(.malformed, .zip, "the ZIP64 locator points at byte \(recordOffset), past where its record can be", at: locator)
            }
            let record = Int(recordOffset)
            guard reader.u32(record) == Self.zip64EndSignature else {
                throw ArchiveError(.malformed, .zip, "no ZIP64 end-of-central-directory record where its locator points", at: record)
            }
            disk = Int(reader.u32(record + 16))
            directoryDisk = Int(reader.u32(record + 20))
            entriesOnDisk = Self.clamped(reader.u64(record + 24))
            entryCount = Self.clamped(reader.u64(record + 32))
            directorySize = Self.clamped(reader.u64(record + 40))
            directoryOffset = Self.clamped(reader.u64(record + 48))
            directoryEndLimit = record
        } else if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ArchiveError(.malformed, .zip, "the end record announces ZIP64 values, but no ZIP64 locator precedes it", at: end)
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
            throw ArchiveError(.unsupported, .zip, "the archive is split over several disks", at: end)
        }
        guard directoryOffset <= directoryEndLimit, directorySize <= directoryEndLimit - directoryOffset else {
            throw ArchiveError(.malformed, .zip,
                               "the central directory (\(directorySize) bytes at byte \(directoryOffset)) does not fit before the end record at byte \(directoryEndLimit)",
                               at: end)
        }
        guard entryCount <= directorySize / 46 else {
            throw ArchiveError(.malformed, .zip, "the end record announces \(entryCount) entries, more than a central directory of \(directorySize) bytes holds",
                               at: end)
        }
        centralDirectoryOffset = directoryOffset
        var entries: [Entry] = []
        entries.reserveCapacity(entryCount)
        var seen = Set<[UInt8]>()
        var position = directoryOffset
        let directoryEnd = directoryOffset + directorySize
        for index in 0 ..< entryCount {
            let entry = try Self.readCentralHeader(reader, at: position, directoryEnd: directoryEnd, index: index)
            guard seen.insert(entry.rawName).inserted else {
                throw ArchiveError(.malformed, .zip, "two entries have this name", at: position, entry: entry.name)
            }
            guard directoryOffset >= 30, entry.localHeaderOffset <= directoryOffset - 30 else {
                throw ArchiveError(.malformed, .zip, "the entry's local header (at byte \(entry.localHeaderOffset)) is not before the central directory",
                                   at: position, entry: entry.name)
            }
            entries.append(entry)
            position += 46 + Int(reader.u16(position + 28)) + Int(reader.u16(position + 30)) + Int(reader.u16(position + 32))
        }
        self.entries = entries
    }

    /// The first entry whose name is exactly `name`.
    /// - Complexity: O(entries).
    package func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The uncompressed content of `entry`, CRC-32 checked, as an array (a copy of what
    /// ``contents(of:limit:allocator:declaredLength:)`` writes).
    /// - Complexity: O(compressed + uncompressed size); twice the output.
    package func contents(of entry: Entry, limit: ExpansionLimit) throws(ArchiveError) -> [UInt8] {
        try contents(of: entry, limit: limit, allocator: .system).array
    }

    /// The uncompressed content of `entry`, CRC-32 checked, written into memory from
    /// `allocator`. The declared size is checked against `limit` (and against what the
    /// content's first bytes give, with `declaredLength`) before anything is expanded, and
    /// inflating stops one byte past the declared size (an entry that lies about it is refused).
    /// - Complexity: O(compressed + uncompressed size); the output is the only large allocation.
    package func contents(of entry: Entry, limit: ExpansionLimit, allocator: AllocatedBytes.Allocator,
                          declaredLength: DeclaredLength? = nil) throws(ArchiveError) -> AllocatedBytes {
        let reader = LittleEndianBytes(bytes)
        let local = entry.localHeaderOffset
        guard entry.compressedSize >= 0, entry.uncompressedSize >= 0 else {
            throw ArchiveError(.malformed, .zip, "the entry's sizes are negative: it is not one of this archive's", at: local, entry: entry.name)
        }
        guard local >= 0, local <= bytes.count - 30 else {
            throw ArchiveError(.truncated, .zip, "the archive ends before the entry's local header", at: local, entry: entry.name)
        }
        guard reader.u32(local) == Self.localHeaderSignature else {
            throw ArchiveError(.malformed, .zip, "no local file header where the central directory points", at: local, entry: entry.name)
        }
        if entry.isEncrypted {
            let how = entry.method == .aesEncrypted ? "AES (WinZip)" : entry.flags & 0x0040 != 0 ? "PKWARE strong encryption" : "PKWARE traditional encryption"
            throw ArchiveError(.unsupported, .zip, "the entry is encrypted (\(how)); encrypted entries are not read", at: local, entry: entry.name)
        }
        guard entry.method == .stored || entry.method == .deflate else {
            throw ArchiveError(.unsupported, .zip, "the entry is compressed with \(entry.method); only stored (0) and deflate (8) are read",
                               at: local, entry: entry.name)
        }
        let nameLength = Int(reader.u16(local + 26)), extraLength = Int(reader.u16(local + 28))
        let dataStart = local + 30 + nameLength + extraLength
        guard dataStart <= bytes.count, Array(bytes[local + 30 ..< local + 30 + nameLength]) == entry.rawName else {
            throw ArchiveError(.malformed, .zip, "the local header names the entry differently from the central directory", at: local, entry: entry.name)
        }
        guard entry.compressedSize <= centralDirectoryOffset - dataStart else {
            throw ArchiveError(.truncated, .zip,
                               "the entry's \(entry.compressedSize) bytes of data (from byte \(dataStart)) run past the start of the central directory at byte \(centralDirectoryOffset)",
                               at: dataStart, entry: entry.name)
        }
        guard entry.uncompressedSize <= limit.maximumOutputBytes else {
            throw ArchiveError(.limitExceeded, .zip,
                               "the entry declares \(entry.uncompressedSize) bytes uncompressed, more than the limit of \(limit.maximumOutputBytes) bytes",
                               at: local, entry: entry.name)
        }
        let declared = entry.uncompressedSize
        // Deflate expands a byte to at most 1,032 (a 258-byte match in two bits): a larger
        // declared size is a lie, refused before anything is allocated.
        let deflateBound = entry.compressedSize.multipliedReportingOverflow(by: 1032)
        if entry.method == .deflate, !deflateBound.overflow, declared > deflateBound.partialValue + 258 {
            throw ArchiveError(.malformed, .zip,
                               "the entry declares \(declared) bytes uncompressed, more than deflate can make of its \(entry.compressedSize) bytes",
                               at: dataStart, entry: entry.name)
        }
        if let declaredLength {
            try checkDeclaredLength(entry, dataStart: dataStart, rule: declaredLength)
        }
        guard let content = AllocatedBytes(capacity: declared + 1, allocator: allocator) else {
            throw ArchiveError(.limitExceeded, .zip, "\(declared + 1) bytes of memory for the entry could not be had", at: local, entry: entry.name)
        }
        var failure: ArchiveError?
        bytes.withUnsafeBytes { archive in
            let data = UnsafeRawBufferPointer(rebasing: archive[dataStart ..< dataStart + entry.compressedSize])
            // One byte more than declared: room to see an entry that expands past its size.
            guard let output = content.base else { return }
            if entry.method == .stored {
                guard entry.compressedSize == declared else {
                    failure = ArchiveError(.malformed, .zip,
                                           "the stored entry's compressed size (\(entry.compressedSize)) differs from its size (\(declared))",
                                           at: dataStart, entry: entry.name)
                    return
                }
                if let source = data.baseAddress { output.update(from: source.assumingMemoryBound(to: UInt8.self), count: declared) }
                content.setCount(declared)
                return
            }
            switch Zlib.inflate(data, into: output, capacity: declared + 1) {
            case .ended(let produced) where produced == declared:
                content.setCount(produced)
            case .ended(let produced):
                failure = ArchiveError(.malformed, .zip,
                                       "the entry inflates to \(produced) bytes, its declared size is \(declared)", at: dataStart, entry: entry.name)
            case .outputFull:
                failure = ArchiveError(.malformed, .zip,
                                       "the entry inflates to more than its declared \(declared) bytes (stopped there)", at: dataStart, entry: entry.name)
            case .truncated(let produced):
                failure = ArchiveError(.truncated, .zip,
                                       "the entry's deflate data ends early (after \(produced) of \(declared) bytes)", at: dataStart, entry: entry.name)
            case .corrupted(let message):
                failure = ArchiveError(.malformed, .zip, "the entry's deflate data is corrupted (zlib: \(message))", at: dataStart, entry: entry.name)
            }
        }
        if let failure { throw failure }
        let crc = Zlib.crc32(content.base, count: content.count)
        guard crc == entry.crc32 else {
            throw ArchiveError(.checksumMismatch, .zip,
                               "the content's CRC-32 is 0x\(Self.hex(crc)), the archive says 0x\(Self.hex(entry.crc32))", at: dataStart, entry: entry.name)
        }
        return content
    }

    /// Refuses an entry whose declared size is more than its content's first bytes give
    /// (read by inflating only those bytes).
    private func checkDeclaredLength(_ entry: Entry, dataStart: Int, rule: DeclaredLength) throws(ArchiveError) {
        let count = max(0, min(rule.prefixLength, entry.uncompressedSize))
        var prefix = [UInt8](repeating: 0, count: max(1, count))
        var produced = 0
        bytes.withUnsafeBytes { archive in
            let data = UnsafeRawBufferPointer(rebasing: archive[dataStart ..< dataStart + entry.compressedSize])
            if entry.method == .stored {
                produced = min(count, data.count)
                prefix.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: data[0 ..< produced])) }
                return
            }
            prefix.withUnsafeMutableBufferPointer { buffer in
                switch Zlib.inflate(data, into: buffer.baseAddress!, capacity: count) {
                case .ended(let written), .truncated(let written): produced = written
                case .outputFull: produced = count
                case .corrupted: produced = 0
                }
            }
        }
        let length = prefix.withUnsafeBytes { rule.length(UnsafeRawBufferPointer(rebasing: $0[0 ..< produced])) }
        if let length, entry.uncompressedSize > length {
            throw ArchiveError(.malformed, .zip, "the entry declares \(entry.uncompressedSize) bytes uncompressed, its content's first bytes give "
                               + "\(length)", at: dataStart, entry: entry.name)
        }
    }

    // MARK: - Central directory

    private static func readCentralHeader(_ reader: LittleEndianBytes, at position: Int, directoryEnd: Int, index: Int) throws(ArchiveError) -> Entry {
        guard position <= directoryEnd - 46 else {
            throw ArchiveError(.truncated, .zip, "the central directory ends before entry \(index + 1)'s header", at: position)
        }
        guard reader.u32(position) == centralHeaderSignature else {
            throw ArchiveError(.malformed, .zip, "no central directory header for entry \(index + 1) where one should be", at: position)
        }
        let flags = reader.u16(position + 8)
        let method = ZipCompressionMethod(rawValue: reader.u16(position + 10))
        let crc = reader.u32(position + 16)
        var compressedSize = UInt64(reader.u32(position + 20)), uncompressedSize = UInt64(reader.u32(position + 24))
        let nameLength = Int(reader.u16(position + 28)), extraLength = Int(reader.u16(position + 30)), commentLength = Int(reader.u16(position + 32))
        let diskStart = reader.u16(position + 34)
        var localOffset = UInt64(reader.u32(position + 42))
        guard nameLength + extraLength + commentLength <= directoryEnd - position - 46 else {
            throw ArchiveError(.truncated, .zip, "entry \(index + 1)'s name, extra field and comment run past the central directory", at: position)
        }
        let rawName = reader.slice(position + 46, nameLength)
        let name = flags & 0x0800 != 0 ? String(decoding: rawName, as: UTF8.self) : CodePage437.decode(rawName)
        if flags & 0x2000 != 0 {
            throw ArchiveError(.unsupported, .zip, "the central directory is encrypted", at: position, entry: name)
        }
        // ZIP64: the saturated fields, in this order, in extra field 0x0001.
        let needsUncompressed = uncompressedSize == 0xFFFF_FFFF, needsCompressed = compressedSize == 0xFFFF_FFFF
        let needsOffset = localOffset == 0xFFFF_FFFF, needsDisk = diskStart == 0xFFFF
        var diskNumber = UInt32(diskStart)
        if needsUncompressed || needsCompressed || needsOffset || needsDisk {
            var extra = position + 46 + nameLength
            let extraEnd = extra + extraLength
            var found = false
            while extra + 4 <= extraEnd {
                let id = reader.u16(extra), size = Int(reader.u16(extra + 2))
                guard extra + 4 + size <= extraEnd else { break }
                if id == 0x0001 {
                    var field = extra + 4
                    let fieldEnd = field + size
                    func next(_ width: Int) throws(ArchiveError) -> UInt64 {
                        guard field + width <= fieldEnd else {
                            throw ArchiveError(.malformed, .zip, "the ZIP64 extra field lacks a size or offset the header defers to it", at: extra, entry: name)
                        }
                        defer { field += width }
                        return width == 8 ? reader.u64(field) : UInt64(reader.u32(field))
                    }
                    if needsUncompressed { uncompressedSize = try next(8) }
                    if needsCompressed { compressedSize = try next(8) }
                    if needsOffset { localOffset = try next(8) }
                    if needsDisk { diskNumber = UInt32(try next(4)) }
                    found = true
                    break
                }
                extra += 4 + size
            }
            guard found else {
                throw ArchiveError(.malformed, .zip, "the header defers sizes to a ZIP64 extra field that is missing", at: position, entry: name)
            }
        }
        guard diskNumber == 0 else {
            throw ArchiveError(.unsupported, .zip, "the entry starts on disk \(diskNumber): the archive is split over several disks", at: position, entry: name)
        }
        return Entry(name: name, rawName: rawName, compressedSize: clamped(compressedSize), uncompressedSize: clamped(uncompressedSize),
                     method: method, crc32: crc, flags: flags, localHeaderOffset: clamped(localOffset), index: index)
    }

    private static func clamped(_ value: UInt64) -> Int { value > UInt64(Int.max) ? Int.max : Int(value) }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// Little-endian fields of a byte array, at offsets the caller has checked.
private struct LittleEndianBytes {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
    func u32(_ offset: Int) -> UInt32 { UInt32(u16(offset)) | UInt32(u16(offset + 2)) << 16 }
    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }
    func slice(_ offset: Int, _ count: Int) -> [UInt8] { Array(bytes[offset ..< offset + count]) }
}
