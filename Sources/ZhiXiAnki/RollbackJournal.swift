/// A hot SQLite rollback journal read from its bytes
/// (<https://www.sqlite.org/fileformat2.html#the_rollback_journal>): the original contents of
/// the pages that a transaction not yet committed has changed (or had begun to change when its
/// writer stopped). Putting them back gives the database as last committed, as SQLite's own
/// recovery does, here in memory only.
///
/// A journal is hot when it starts with the journal magic; one that is empty, truncated to
/// nothing or has a zeroed header (journal modes DELETE, TRUNCATE, PERSIST after a commit) is
/// not. Records are read segment by segment (a header per sector-aligned segment); a record
/// whose checksum is wrong ends the playback, as in SQLite.
struct RollbackJournal: Sendable {
    static let magic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

    /// The database's size in pages before the transaction.
    let originalPageCount: Int
    /// The page size of the records.
    let pageSize: Int
    /// Each record's page number and the offset of its original bytes in the journal.
    let records: [(page: Int, offset: Int)]

    /// Whether the journal's bytes start with the magic (a hot journal).
    static func isHot(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= magic.count && zip(bytes.prefix(magic.count), magic).allSatisfy { $0 == $1 }
    }

    /// Reads a hot journal, or `nil` when it is not hot. O(n).
    /// - Throws: a reason when the header is not one SQLite writes.
    init?(_ bytes: UnsafeRawBufferPointer) throws(JournalProblem) {
        guard Self.isHot(bytes) else { return nil }
        guard bytes.count >= 28 else { throw JournalProblem(reason: "its header is cut short") }
        let sectorSize = Int(WriteAheadLog.word(bytes, 20))
        let pageSize = Int(WriteAheadLog.word(bytes, 24))
        guard sectorSize >= 32, sectorSize <= 65_536, sectorSize & (sectorSize - 1) == 0,
              pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw JournalProblem(reason: "its header gives a sector size of \(sectorSize) and a page size of \(pageSize)")
        }
        self.pageSize = pageSize
        originalPageCount = Int(WriteAheadLog.word(bytes, 16))
        let recordLength = 4 + pageSize + 4
        var records: [(page: Int, offset: Int)] = []
        var segment = 0
        playback: while segment + 28 <= bytes.count,
                        zip(bytes[segment ..< segment + 8], Self.magic).allSatisfy({ $0 == $1 }) {
            var recordCount = Int(WriteAheadLog.word(bytes, segment + 8))
            let nonce = WriteAheadLog.word(bytes, segment + 12)
            var offset = segment + sectorSize
            if recordCount == 0xFFFF_FFFF { recordCount = max(0, (bytes.count - offset) / recordLength) }
            for _ in 0 ..< recordCount {
                guard offset + recordLength <= bytes.count else { break playback }
                let page = Int(WriteAheadLog.word(bytes, offset))
                guard page > 0 else { break playback }
                var sum = nonce
                var index = pageSize - 200
                while index > 0 {
                    sum = sum &+ UInt32(bytes[offset + 4 + index])
                    index -= 200
                }
                guard sum == WriteAheadLog.word(bytes, offset + 4 + pageSize) else { break playback }
                records.append((page, offset + 4))
                offset += recordLength
            }
            guard recordCount > 0 else { break }
            segment = (offset + sectorSize - 1) / sectorSize * sectorSize
        }
        self.records = records
    }

    /// Puts the original pages back into `image` (which must hold at least
    /// ``originalPageCount`` pages); the caller then keeps the first ``originalPageCount``
    /// pages.
    func apply(_ bytes: UnsafeRawBufferPointer, to image: UnsafeMutableRawBufferPointer) {
        for record in records {
            let start = (record.page - 1) * pageSize
            guard start + pageSize <= image.count else { continue }
            UnsafeMutableRawBufferPointer(rebasing: image[start ..< start + pageSize])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[record.offset ..< record.offset + pageSize]))
        }
    }

    /// Why a hot journal cannot be used.
    struct JournalProblem: Error {
        var reason: String
    }
}
