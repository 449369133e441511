/// An SQLite write-ahead log read from its bytes, as SQLite recovers one
/// (<https://www.sqlite.org/fileformat2.html#the_write_ahead_log>): the header, then the frames
/// whose salts match the header's and whose cumulative checksums are right, up to the last
/// commit frame. Frames after it belong to a transaction not yet committed (or to an older
/// generation of the log, with other salts) and are left out.
struct WriteAheadLog: Sendable {
    /// The log's 32-byte header.
    struct Header: Sendable, Hashable {
        var pageSize: Int
        var checkpointSequence: UInt32
        var salts: (UInt32, UInt32)
        /// Checksum words are big-endian (magic 0x377f0683) rather than little-endian.
        var bigEndianChecksums: Bool

        static func == (lhs: Header, rhs: Header) -> Bool {
            lhs.pageSize == rhs.pageSize && lhs.checkpointSequence == rhs.checkpointSequence && lhs.salts == rhs.salts
                && lhs.bigEndianChecksums == rhs.bigEndianChecksums
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(pageSize)
            hasher.combine(checkpointSequence)
            hasher.combine(salts.0)
            hasher.combine(salts.1)
        }
    }

    static let headerLength = 32
    static let frameHeaderLength = 24

    /// The header, or `nil` when the log is empty or its header is not valid (SQLite then
    /// ignores the whole log).
    let header: Header?
    /// Each committed frame's page number and the offset of its page's bytes in the log, in log
    /// order (a later frame of the same page replaces an earlier one).
    let frames: [(page: Int, offset: Int)]
    /// The database's size in pages after the last commit, or `nil` when nothing is committed.
    let pageCountAfterCommit: Int?
    /// Frames past the last commit that were valid but uncommitted.
    let uncommittedFrameCount: Int

    /// Reads the log. O(n): every frame's checksum is verified.
    init(_ bytes: UnsafeRawBufferPointer) {
        guard let header = Self.header(bytes) else {
            self.header = nil
            frames = []
            pageCountAfterCommit = nil
            uncommittedFrameCount = 0
            return
        }
        self.header = header
        let frameLength = Self.frameHeaderLength + header.pageSize
        var sums = Self.checksum(bytes, range: 0 ..< 24, bigEndian: header.bigEndianChecksums, seed: (0, 0))
        var pending: [(page: Int, offset: Int)] = []
        var committed: [(page: Int, offset: Int)] = []
        var pageCount: Int?
        var offset = Self.headerLength
        while offset + frameLength <= bytes.count {
            let page = Int(Self.word(bytes, offset))
            let commitSize = Int(Self.word(bytes, offset + 4))
            guard page > 0, Self.word(bytes, offset + 8) == header.salts.0, Self.word(bytes, offset + 12) == header.salts.1 else { break }
            sums = Self.checksum(bytes, range: offset ..< offset + 8, bigEndian: header.bigEndianChecksums, seed: sums)
            sums = Self.checksum(bytes, range: offset + Self.frameHeaderLength ..< offset + frameLength,
                                 bigEndian: header.bigEndianChecksums, seed: sums)
            guard sums.0 == Self.word(bytes, offset + 16), sums.1 == Self.word(bytes, offset + 20) else { break }
            pending.append((page, offset + Self.frameHeaderLength))
            if commitSize > 0 {
                committed.append(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
                pageCount = commitSize
            }
            offset += frameLength
        }
        frames = committed
        pageCountAfterCommit = pageCount
        uncommittedFrameCount = pending.count
    }

    /// The header of a log, or `nil` when it is too short or not valid (magic, version, page
    /// size, checksum).
    static func header(_ bytes: UnsafeRawBufferPointer) -> Header? {
        guard bytes.count >= headerLength else { return nil }
        let magic = word(bytes, 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, word(bytes, 4) == 3_007_000 else { return nil }
        let pageSize = Int(word(bytes, 8))
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else { return nil }
        let bigEndian = magic & 1 == 1
        let sums = checksum(bytes, range: 0 ..< 24, bigEndian: bigEndian, seed: (0, 0))
        guard sums.0 == word(bytes, 24), sums.1 == word(bytes, 28) else { return nil }
        return Header(pageSize: pageSize, checkpointSequence: word(bytes, 12), salts: (word(bytes, 16), word(bytes, 20)),
                      bigEndianChecksums: bigEndian)
    }

    /// Copies the committed frames' pages into `image` (a database of the header's page size).
    /// Pages past the image's end are skipped (the caller sizes the image from
    /// ``pageCountAfterCommit``).
    func apply(_ bytes: UnsafeRawBufferPointer, to image: UnsafeMutableRawBufferPointer) {
        guard let header else { return }
        for frame in frames {
            let start = (frame.page - 1) * header.pageSize
            guard start + header.pageSize <= image.count else { continue }
            UnsafeMutableRawBufferPointer(rebasing: image[start ..< start + header.pageSize])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[frame.offset ..< frame.offset + header.pageSize]))
        }
    }

    /// A big-endian 32-bit word.
    static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// SQLite's WAL checksum of `range` (a multiple of 8 bytes), continuing from `seed`.
    static func checksum(_ bytes: UnsafeRawBufferPointer, range: Range<Int>, bigEndian: Bool,
                         seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var (s0, s1) = seed
        var index = range.lowerBound
        let base = bytes.baseAddress!
        while index < range.upperBound {
            var first = base.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            var second = base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self)
            if bigEndian {
                first = UInt32(bigEndian: first)
                second = UInt32(bigEndian: second)
            } else {
                first = UInt32(littleEndian: first)
                second = UInt32(littleEndian: second)
            }
            s0 = s0 &+ first &+ s1
            s1 = s1 &+ second &+ s0
            index += 8
        }
        return (s0, s1)
    }
}
