import Testing
import ZhiXiArchive

/// Where an expansion writes (memory from the caller's allocator, grown without a copy) and
/// where it stops (content that gives its own length: issue 35's bombs behind an honest
/// header).
@Suite("Expansions: the caller's memory, and content that gives its own length")
struct ExpansionOutputTests {
    /// An allocator that counts its calls, over the C library's.
    final class CountingAllocator: @unchecked Sendable {
        var allocations = 0, reallocations = 0, frees = 0
        lazy var allocator = AllocatedBytes.Allocator(
            allocate: { [unowned self] in allocations += 1; return AllocatedBytes.Allocator.system.allocate($0) },
            reallocate: { [unowned self] in reallocations += 1; return AllocatedBytes.Allocator.system.reallocate($0, $1) },
            free: { [unowned self] in frees += 1; AllocatedBytes.Allocator.system.free($0) })
    }

    static let limit = ExpansionLimit(maximumOutputBytes: 1 << 30)

    /// A rule: the content's first 8 bytes give its length, little-endian.
    static let lengthInFirstBytes = DeclaredLength(prefixLength: 8) { prefix in
        prefix.count < 8 ? nil : prefix.prefix(8).enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    }

    static func lengthPrefix(_ length: Int) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } }

    @Test("a frame decodes into the caller's memory, its bytes those of the array form, and is freed once")
    func framesIntoTheCallersMemory() throws {
        let counter = CountingAllocator()
        var frame = HandMadeFrame.header()
        for index in 0 ..< 40 { frame += HandMadeFrame.rleBlock(UInt8(index), count: 100_000, last: index == 39) }
        do {
            let output = try frame.withUnsafeBytes { bytes in
                try ZstandardDecoder.decompress(bytes, limit: Self.limit, allocator: counter.allocator)
            }
            #expect(output.count == 4_000_000)
            #expect(output.array == (try ZstandardDecoder.decompress(frame, limit: Self.limit)))
            #expect(counter.allocations == 1)
        }
        #expect(counter.frees == 1)
    }

    @Test("memory taken is the caller's to free: the bytes object frees nothing after")
    func takenMemoryIsNotFreedTwice() throws {
        let counter = CountingAllocator()
        let memory: UnsafeMutableRawPointer
        do {
            let bytes = try #require(AllocatedBytes(capacity: 64, allocator: counter.allocator))
            bytes.setCount(10)
            #expect(bytes.count == 10 && bytes.bytes.count == 10)
            memory = try #require(bytes.take())
            #expect(bytes.bytes.isEmpty && bytes.take() == nil)
        }
        #expect(counter.frees == 0)
        counter.allocator.free(memory)
        #expect(counter.frees == 1)
    }

    @Test("a frame with no declared size stops where its content says it ends, not at the limit")
    func aBombBehindAnHonestHeaderStopsThere() throws {
        // 8 bytes saying 1,000, then 13 GB of zeros in RLE blocks.
        var frame = HandMadeFrame.header() + HandMadeFrame.rawBlock(Self.lengthPrefix(1000), last: false)
        for index in 0 ..< 100_000 { frame += HandMadeFrame.rleBlock(0, count: 131_072, last: index == 99_999) }
        let counter = CountingAllocator()
        let error = try #require(throws: ArchiveError.self) {
            try frame.withUnsafeBytes { bytes in
                try ZstandardDecoder.decompress(bytes, limit: ExpansionLimit(maximumOutputBytes: .max), allocator: counter.allocator,
                                                declaredLength: Self.lengthInFirstBytes)
            }
        }
        #expect(error.kind == .malformed)
        #expect(error.reason == "the content expands past the 1000 bytes its own first bytes give")
        #expect(counter.reallocations == 0, "nothing grew past the first block's room")
    }

    @Test("a frame declaring its size stops there too; content exactly as long as it says decodes")
    func declaredFramesAndExactContent() throws {
        var bomb = HandMadeFrame.header(contentSize: 8 + 20 * 131_072) + HandMadeFrame.rawBlock(Self.lengthPrefix(4096), last: false)
        for index in 0 ..< 20 { bomb += HandMadeFrame.rleBlock(0, count: 131_072, last: index == 19) }
        let error = try #require(throws: ArchiveError.self) {
            try bomb.withUnsafeBytes { try ZstandardDecoder.decompress($0, limit: Self.limit, allocator: .system, declaredLength: Self.lengthInFirstBytes) }
        }
        #expect(error.reason.contains("expands past the 4096 bytes"))
        let exact = HandMadeFrame.header() + HandMadeFrame.rawBlock(Self.lengthPrefix(4096), last: false)
            + HandMadeFrame.rleBlock(7, count: 4088, last: true)
        let output = try exact.withUnsafeBytes {
            try ZstandardDecoder.decompress($0, limit: Self.limit, allocator: .system, declaredLength: Self.lengthInFirstBytes)
        }
        #expect(output.count == 4096 && output.bytes[4095] == 7)
    }

    @Test("an output that grows past its first room is reallocated, not copied into a second buffer")
    func growthReallocates() throws {
        // Tiny compressed input, a large output: the first room is 64 MiB, then it grows.
        var frame = HandMadeFrame.header()
        let blocks = (80 << 20) / 131_072
        for index in 0 ..< blocks { frame += HandMadeFrame.rleBlock(1, count: 131_072, last: index == blocks - 1) }
        let counter = CountingAllocator()
        let output = try frame.withUnsafeBytes { try ZstandardDecoder.decompress($0, limit: Self.limit, allocator: counter.allocator) }
        #expect(output.count == 80 << 20)
        #expect(counter.allocations == 1 && counter.reallocations >= 1)
    }

    @Test("a zip entry declaring more than its content's first bytes give is refused before it is inflated")
    func zipEntryLongerThanItsContentSays() throws {
        let content = Self.lengthPrefix(1000) + [UInt8](repeating: 0, count: 5_000_000)
        let archive = try ZipArchive(ZipBuilder(entries: [.deflated("collection.anki21", content)]).build())
        let entry = try #require(archive.entry(named: "collection.anki21"))
        let counter = CountingAllocator()
        let error = try #require(throws: ArchiveError.self) {
            try archive.contents(of: entry, limit: Self.limit, allocator: counter.allocator, declaredLength: Self.lengthInFirstBytes)
        }
        #expect(error.reason == "the entry declares 5000008 bytes uncompressed, its content's first bytes give 1000")
        #expect(counter.allocations == 0, "refused before the output was allocated")
        let honest = try ZipArchive(ZipBuilder(entries: [.stored("collection.anki21", Self.lengthPrefix(12) + [1, 2, 3, 4])]).build())
        let read = try honest.contents(of: try #require(honest.entry(named: "collection.anki21")), limit: Self.limit, allocator: .system,
                                       declaredLength: Self.lengthInFirstBytes)
        #expect(read.array == Self.lengthPrefix(12) + [1, 2, 3, 4])
    }
}
