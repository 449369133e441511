import Foundation
import Testing
import ZhiXiArchive

@Suite("Zip: truncated, lying and hostile archives")
struct ZipDamageTests {
    static let limit = ExpansionLimit(maximumOutputBytes: 16 << 20)
    static let text = Array(String(repeating: "a card, a review, a memory; ", count: 40).utf8)

    private func failure(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws -> ArchiveError {
        try #require(throws: ArchiveError.self, sourceLocation: sourceLocation) { try body() }
    }

    @Test("every cut of a real archive is refused when it is opened", arguments: ["python-deflated.zip", "infozip-zip64.zip", "python-descriptors.zip"])
    func truncatedEverywhere(_ file: String) throws {
        let bytes = try ArchiveFixtures.bytes("zip/" + file)
        for length in 0 ..< bytes.count {
            let error = try failure { _ = try ZipArchive(Array(bytes[..<length])) }
            #expect(error.container == .zip, "cut at \(length)")
            #expect([.truncated, .malformed].contains(error.kind), "cut at \(length): \(error)")
        }
    }

    @Test("an entry whose data is cut off, behind an intact central directory")
    func dataCutOff() throws {
        var entry = ZipBuilder.Entry.deflated("collection.anki21", Self.text)
        entry.data.removeLast(entry.data.count / 2)
        var archive = try ZipArchive(ZipBuilder(entries: [entry]).build())
        var error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.kind == .truncated && error.entryName == "collection.anki21")
        #expect(error.reason.hasPrefix("the entry's deflate data ends early"))
        // The central directory claims more data than precedes it.
        var bytes = ZipBuilder(entries: [ZipBuilder.Entry.stored("meta", [1, 2, 3])]).build()
        let central = bytes.count - 22 - 50
        bytes[central + 20] = 200
        bytes[central + 24] = 200
        archive = try ZipArchive(bytes)
        error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.kind == .truncated && error.reason.contains("run past the start of the central directory"))
    }

    @Test("a wrong CRC-32 is a checksum mismatch naming both values")
    func wrongCRC() throws {
        var entry = ZipBuilder.Entry.deflated("collection.anki21b", Self.text)
        entry.crc ^= 0x0000_0100
        let archive = try ZipArchive(ZipBuilder(entries: [entry]).build())
        let error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.kind == .checksumMismatch)
        #expect(error.reason == "the content's CRC-32 is 0x\(hex(ZipBuilder.crc32(Self.text))), the archive says 0x\(hex(entry.crc))")
    }

    @Test("entries lying about their size: smaller, larger, stored")
    func lyingSizes() throws {
        var smaller = ZipBuilder.Entry.deflated("small", Self.text)
        smaller.uncompressedSize = 100
        var larger = ZipBuilder.Entry.deflated("large", Self.text)
        larger.uncompressedSize = UInt64(Self.text.count + 7)
        var stored = ZipBuilder.Entry.stored("stored", Self.text)
        stored.uncompressedSize = 10
        let archive = try ZipArchive(ZipBuilder(entries: [smaller, larger, stored]).build())
        let first = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(first.kind == .malformed && first.reason == "the entry inflates to more than its declared 100 bytes (stopped there)")
        let second = try failure { _ = try archive.contents(of: archive.entries[1], limit: Self.limit) }
        #expect(second.kind == .malformed && second.reason == "the entry inflates to \(Self.text.count) bytes, its declared size is \(Self.text.count + 7)")
        let third = try failure { _ = try archive.contents(of: archive.entries[2], limit: Self.limit) }
        #expect(third.kind == .malformed && third.reason.contains("compressed size (\(Self.text.count)) differs from its size (10)"))
    }

    @Test("a deflate bomb: 64 MiB of zeros in 64 KB, declared 10 GB, declared 1 KB, declared honestly")
    func deflateBomb() throws {
        let zeros = [UInt8](repeating: 0, count: 64 << 20)
        var bomb = ZipBuilder.Entry.deflated("collection.anki21", zeros)
        #expect(bomb.data.count < 100_000)
        bomb.zip64 = true
        bomb.uncompressedSize = 10_000_000_000
        var archive = try ZipArchive(ZipBuilder(entries: [bomb], zip64End: true).build())
        #expect(archive.entries[0].uncompressedSize == 10_000_000_000)
        var error = try failure { _ = try archive.contents(of: archive.entries[0], limit: ExpansionLimit(maximumOutputBytes: 1 << 30)) }
        #expect(error.kind == .limitExceeded)
        #expect(error.reason == "the entry declares 10000000000 bytes uncompressed, more than the limit of 1073741824 bytes")
        // With a limit that would allow it, 10 GB from 64 KB is more than deflate can make.
        error = try failure { _ = try archive.contents(of: archive.entries[0], limit: ExpansionLimit(maximumOutputBytes: .max)) }
        #expect(error.kind == .malformed && error.reason.contains("more than deflate can make of its"))
        // Declared 1 KiB: inflating stops one byte past it.
        bomb.zip64 = false
        bomb.uncompressedSize = 1024
        archive = try ZipArchive(ZipBuilder(entries: [bomb]).build())
        error = try failure { _ = try archive.contents(of: archive.entries[0], limit: ExpansionLimit(maximumOutputBytes: 1 << 30)) }
        #expect(error.kind == .malformed && error.reason == "the entry inflates to more than its declared 1024 bytes (stopped there)")
        // Declared honestly, over a 16 MiB limit: refused before inflating; within a 64 MiB one: read.
        bomb.uncompressedSize = UInt64(zeros.count)
        archive = try ZipArchive(ZipBuilder(entries: [bomb]).build())
        error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.kind == .limitExceeded && error.reason.contains("declares 67108864 bytes"))
        #expect(try archive.contents(of: archive.entries[0], limit: ExpansionLimit(maximumOutputBytes: 64 << 20)) == zeros)
    }

    @Test("corrupted deflate data: zlib's own words")
    func corruptedDeflate() throws {
        var entry = ZipBuilder.Entry.deflated("bad", Self.text)
        entry.data[0] |= 0x06   // block type 3: reserved
        let archive = try ZipArchive(ZipBuilder(entries: [entry]).build())
        let error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.kind == .malformed && error.reason == "the entry's deflate data is corrupted (zlib: invalid block type)")
    }

    @Test("ZIP64 end records and extra fields; an extra field that is missing")
    func zip64() throws {
        var entry = ZipBuilder.Entry.deflated("collection.anki21b", Self.text)
        entry.zip64 = true
        let plain = ZipBuilder.Entry.stored("meta", [8, 3])
        let archive = try ZipArchive(ZipBuilder(entries: [plain, entry], zip64End: true).build())
        #expect(archive.entries.map(\.name) == ["meta", "collection.anki21b"])
        #expect(archive.entries[1].compressedSize == entry.data.count && archive.entries[1].uncompressedSize == Self.text.count)
        #expect(try archive.contents(of: archive.entries[1], limit: Self.limit) == Self.text)
        // The header defers its sizes to an extra field that is not there.
        var bytes = ZipBuilder(entries: [entry]).build()
        let central = bytes.count - 22 - (46 + entry.name.count + 28)
        bytes[central + 30] = 0
        bytes.removeSubrange(central + 46 + entry.name.count ..< central + 46 + entry.name.count + 28)
        let directorySize = 46 + entry.name.count
        bytes.replaceSubrange(bytes.count - 10 ..< bytes.count - 6, with: ZipBuilder.le(UInt64(directorySize), 4))
        let error = try failure { _ = try ZipArchive(bytes) }
        #expect(error.kind == .malformed && error.reason.contains("ZIP64 extra field that is missing"))
    }

    @Test("names: code page 437 without the UTF-8 flag, UTF-8 with it; the local header must agree")
    func names() throws {
        var legacy = ZipBuilder.Entry.stored("", [1])
        legacy.name = [0x82, 0x74, 0xE0]   // "étα" in code page 437
        var modern = ZipBuilder.Entry.stored("étα", [2])
        modern.flags = 0x0800
        var differing = ZipBuilder.Entry.stored("collection.anki21b", [3])
        differing.localName = Array("collection.anki21c".utf8)
        let archive = try ZipArchive(ZipBuilder(entries: [legacy, modern, differing]).build())
        #expect(archive.entries.map(\.name) == ["étα", "étα", "collection.anki21b"])
        #expect(archive.entries[0].rawName != archive.entries[1].rawName)
        let error = try failure { _ = try archive.contents(of: archive.entries[2], limit: Self.limit) }
        #expect(error.kind == .malformed && error.reason.contains("names the entry differently"))
    }

    @Test("two entries of one name are refused: which one is meant cannot be told")
    func duplicateNames() throws {
        let bytes = ZipBuilder(entries: [ZipBuilder.Entry.stored("collection.anki21b", [1]), ZipBuilder.Entry.stored("collection.anki21b", [2])]).build()
        let error = try failure { _ = try ZipArchive(bytes) }
        #expect(error.kind == .malformed && error.entryName == "collection.anki21b" && error.reason == "two entries have this name")
    }

    @Test("control characters in a name are escaped in messages")
    func controlCharacters() throws {
        var entry = ZipBuilder.Entry.stored("x", [1])
        entry.name = Array("evil\u{1B}[2J\n.txt".utf8)
        entry.flags = 0x0800
        entry.crc ^= 1
        let archive = try ZipArchive(ZipBuilder(entries: [entry]).build())
        let error = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(error.description.hasPrefix("zip entry 'evil\\u{1B}[2J\\n.txt' at byte "))
    }

    @Test("several disks, an unknown method, garbage: refused when opened or read")
    func foreign() throws {
        let split = try failure { _ = try ZipArchive(ZipBuilder(entries: [ZipBuilder.Entry.stored("a", [1])], endDisk: 1).build()) }
        #expect(split.kind == .unsupported && split.reason.contains("several disks"))
        var lzma = ZipBuilder.Entry.stored("a", [1])
        lzma.method = 14
        let archive = try ZipArchive(ZipBuilder(entries: [lzma]).build())
        let method = try failure { _ = try archive.contents(of: archive.entries[0], limit: Self.limit) }
        #expect(method.kind == .unsupported && method.reason.contains("LZMA (14)"))
        let garbage = try failure { _ = try ZipArchive(Array("SQLite format 3\u{0} and then some more bytes".utf8)) }
        #expect(garbage.kind == .malformed && garbage.reason.hasPrefix("no end-of-central-directory record"))
        let short = try failure { _ = try ZipArchive([0x50, 0x4B, 5, 6]) }
        #expect(short.kind == .truncated)
    }

    @Test("an entry made up by the caller, not read from the archive, is checked like the archive's")
    func forgedEntry() throws {
        let archive = try ZipArchive(ZipBuilder(entries: [ZipBuilder.Entry.stored("meta", [1, 2, 3])]).build())
        for change in [{ (entry: inout ZipArchive.Entry) in entry.compressedSize = -5 }, { $0.uncompressedSize = -1 },
                       { $0.localHeaderOffset = -30 }, { $0.localHeaderOffset = 1 << 40 }, { $0.compressedSize = 1 << 40 },
                       { $0.localHeaderOffset = 1 }] {
            var entry = archive.entries[0]
            change(&entry)
            #expect(throws: ArchiveError.self) { try archive.contents(of: entry, limit: Self.limit) }
        }
    }

    @Test("a ZIP64 locator too near the start for its record is refused, not a crash (fuzz target zip)")
    func zip64LocatorNearTheStart() throws {
        let bytes = [UInt8](Data(base64Encoded: "UEsgZZFQSwYHAAAAAAEAAI2NAIARAAAAAFBLBQYAAAAAAQABAC8AAABjAQAAAAA=")!)
        let error = try #require(throws: ArchiveError.self) { try ZipArchive(bytes) }
        #expect(error.kind == .malformed)
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
