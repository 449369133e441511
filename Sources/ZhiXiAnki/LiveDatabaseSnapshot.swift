import Foundation
import ZhiXiArchive
import ZhiXiFileSystem

/// The committed state of an SQLite database file that another program (Anki) may hold open
/// and be writing, read without SQLite and without a lock: the file's bytes, the committed
/// frames of its write-ahead log (`FILE-wal`) put over them, or a hot rollback journal
/// (`FILE-journal`) played back, all in memory. Nothing is written and no lock is taken (Anki
/// holds its collection with `locking_mode=exclusive`, so SQLite could not open it anyway).
///
/// The file's own path is resolved (its links followed) before its companions are looked for,
/// as SQLite looks for them: beside the file, not beside a link to it. A companion (`-wal`,
/// `-journal`, `-shm`) that is not a regular file is refused at once, never opened for reading
/// before it is known to be one (a named pipe beside a collection would block every reader).
/// What the files claim is checked against their lengths before memory is reserved: the
/// database's header against the file, the log's page count after its last commit against the
/// file and the pages in the log, a journal's original page count against the file and the
/// pages in the journal — the image is never larger than the files hold.
///
/// A torn read — the writer checkpointing or committing while the files are read — is caught by
/// reading the files' sizes, times and log header again afterwards; the read is tried again a
/// bounded number of times, then given up as ``AnkiError/Kind-swift.enum/busy``.
enum LiveDatabaseSnapshot {
    /// How many times a changing database is read before giving up.
    static let attempts = 6
    /// The files SQLite keeps beside a database, by their suffix.
    static let companionSuffixes = ["-wal", "-journal", "-shm"]

    /// A database as last committed, in SQLite-owned memory.
    struct Snapshot {
        /// The image.
        var image: AllocatedBytes
        /// Whether a write-ahead log was beside the file.
        var hadLog: Bool
    }

    /// Reads the database at `path` as last committed, into SQLite-owned memory.
    /// - Parameters:
    ///   - path: the database file (its `-wal` and `-journal` are looked for beside the file
    ///     it names, after links).
    ///   - name: how the file is named in errors.
    ///   - limit: the most bytes the database and its log may hold together.
    /// - Complexity: O(file size + log size), one pass over each per attempt.
    /// - Throws: ``AnkiError``: unreadable (or a companion that is not a regular file), too
    ///   large, damaged (not a database, a header, log or journal that claims more than the
    ///   files hold), busy (changing on every attempt).
    static func read(_ path: String, name: String, limit: Int) throws(AnkiError) -> Snapshot {
        let resolved = try resolve(path, name: name)
        for attempt in 0 ..< attempts {
            if attempt > 0 { usleep(UInt32(20_000 << min(attempt, 4))) }
            let before = try FileStates(path: resolved, name: name)
            let image = try readOnce(path: resolved, name: name, limit: limit, states: before)
            let after = try FileStates(path: resolved, name: name)
            if before == after, let image { return Snapshot(image: image, hadLog: before.log != nil) }
        }
        throw AnkiError(.busy, file: name, reason: "the collection is being written (it changed while it was read, "
                        + "\(attempts) times); try again, or close Anki first")
    }

    /// The path with every symbolic link resolved (`realpath`).
    private static func resolve(_ path: String, name: String) throws(AnkiError) -> String {
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw AnkiError(.unreadable, file: name, reason: "no such file") }
            throw unreadable(name, code)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// One read of the files; `nil` when they changed under the reader.
    private static func readOnce(path: String, name: String, limit: Int, states: FileStates) throws(AnkiError) -> AllocatedBytes? {
        var log: [UInt8] = []
        if states.log != nil {
            guard let bytes = try readAll(path + "-wal", name: name + "-wal", limit: limit) else { return nil }
            log = bytes
        }
        let mainSize = states.main.size
        guard mainSize + log.count <= limit else {
            throw AnkiError(.tooLarge, file: name, reason: "the collection and its log hold \(mainSize + log.count) bytes, "
                            + "more than the limit of \(limit)")
        }
        let outcome = log.withUnsafeBytes { logBytes in
            Result { () throws(AnkiError) -> AllocatedBytes? in
                try assemble(path: path, name: name, limit: limit, states: states, logBytes: logBytes)
            }
        }
        return try outcome.get()
    }

    /// The image from the database file and the log's bytes (and a hot journal, read here).
    private static func assemble(path: String, name: String, limit: Int, states: FileStates,
                                 logBytes: UnsafeRawBufferPointer) throws(AnkiError) -> AllocatedBytes? {
        let mainSize = states.main.size
        let wal = WriteAheadLog(logBytes)
        // The database's header decides the page size. An empty file is an empty database
        // whatever its log holds (SQLite then discards the log).
        guard let file = try open(path, name: name) else { return nil }
        defer { file.close() }
        var headerBytes = [UInt8](repeating: 0, count: SQLiteFileHeader.length)
        let headerCount = headerBytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, 0) }
        guard headerCount >= 0 else { throw unreadable(name, errno) }
        let header = headerCount == SQLiteFileHeader.length
            ? headerBytes.withUnsafeBytes { SQLiteFileHeader($0) } : nil
        guard let header else {
            if headerCount == 0 { throw AnkiError(.damaged, file: name, reason: "is empty") }
            throw AnkiError(.damaged, file: name, reason: "is not an SQLite database (no SQLite header)")
        }
        let pageSize = header.pageSize
        let filePages = mainSize / pageSize
        var pageCount: Int
        if let committed = wal.pageCountAfterCommit, let walHeader = wal.header {
            guard walHeader.pageSize == pageSize else {
                throw AnkiError(.damaged, file: name, reason: "its write-ahead log has pages of \(walHeader.pageSize) bytes, "
                                + "the database \(pageSize)")
            }
            // Every page past the file's end must be in the log.
            let pagesBeyond = Set(wal.frames.lazy.map(\.page).filter { $0 > filePages }).count
            guard committed <= filePages + pagesBeyond else {
                throw AnkiError(.damaged, file: name, reason: "its write-ahead log (\(name)-wal) gives the database \(committed) pages "
                                + "after its last commit, but the file holds \(filePages) and the log \(pagesBeyond) more")
            }
            pageCount = committed
        } else {
            pageCount = header.pageCount ?? filePages
        }
        // A hot rollback journal: read it now (after the database would be wrong: the writer
        // may commit in between; the states compared afterwards catch that).
        var journalBytes: [UInt8] = []
        if states.journal != nil, wal.pageCountAfterCommit == nil {
            guard let bytes = try readAll(path + "-journal", name: name + "-journal", limit: limit) else { return nil }
            journalBytes = bytes
        }
        let parsed = journalBytes.withUnsafeBytes { bytes in
            Result { () throws(RollbackJournal.JournalProblem) in try RollbackJournal(bytes) }
        }
        let journal: RollbackJournal?
        switch parsed {
        case .success(let value): journal = value
        case .failure(let problem):
            throw AnkiError(.damaged, file: name, reason: "its rollback journal (\(name)-journal) cannot be used: \(problem.reason)")
        }
        if let journal {
            guard journal.pageSize == pageSize else {
                throw AnkiError(.damaged, file: name, reason: "its rollback journal has pages of \(journal.pageSize) bytes, "
                                + "the database \(pageSize)")
            }
            // The pages before the transaction: the file's, and those the journal holds past its end.
            let pagesBeyond = Set(journal.records.lazy.map(\.page).filter { $0 > filePages && $0 <= journal.originalPageCount }).count
            guard journal.originalPageCount <= filePages + pagesBeyond else {
                throw AnkiError(.damaged, file: name, reason: "its rollback journal (\(name)-journal) gives the database "
                                + "\(journal.originalPageCount) pages before its transaction, but the file holds \(filePages) and the "
                                + "journal \(pagesBeyond) more")
            }
            pageCount = max(min(pageCount, filePages), journal.originalPageCount)
        } else if wal.pageCountAfterCommit == nil, pageCount > filePages {
            throw AnkiError(.damaged, file: name, reason: "its header gives \(pageCount) pages of \(pageSize) bytes, but the file holds "
                            + "\(filePages) (\(mainSize) bytes): it is cut short or its header is wrong")
        }
        guard pageCount > 0 else { throw AnkiError(.damaged, file: name, reason: "holds no database page") }
        guard pageCount <= limit / pageSize else {
            throw AnkiError(.tooLarge, file: name, reason: "holds \(pageCount) pages of \(pageSize) bytes, more than the limit of \(limit) bytes")
        }
        guard let image = AllocatedBytes(capacity: pageCount * pageSize, allocator: .sqlite), let target = image.base else {
            throw AnkiError(.tooLarge, file: name, reason: "\(pageCount * pageSize) bytes of memory could not be had")
        }
        let wanted = min(pageCount * pageSize, mainSize)
        var done = 0
        while done < wanted {
            let count = pread(file.descriptor, target + done, wanted - done, off_t(done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(name, errno) }
            if count == 0 { return nil }
            done += count
        }
        image.setCount(pageCount * pageSize)
        let bytes = image.bytes
        if wanted < bytes.count {
            UnsafeMutableRawBufferPointer(rebasing: bytes[wanted...]).initializeMemory(as: UInt8.self, repeating: 0)
        }
        wal.apply(logBytes, to: bytes)
        if let journal {
            journalBytes.withUnsafeBytes { journal.apply($0, to: bytes) }
            image.setCount(journal.originalPageCount * pageSize)
            guard image.count > 0 else { throw AnkiError(.damaged, file: name, reason: "holds no database page") }
        }
        // The copy in memory is a plain database: no log to look for, no journal.
        bytes[18] = 1
        bytes[19] = 1
        return image
    }

    /// The regular file at `path` opened for reading without blocking, or `nil` when it is gone.
    private static func open(_ path: String, name: String) throws(AnkiError) -> RegularFile? {
        do {
            return try RegularFile.openForReading(path)
        } catch {
            throw AnkiError(.unreadable, file: name, reason: error.reason)
        }
    }

    /// The whole regular file at `path`, or `nil` when it disappeared (a log removed by a
    /// checkpoint).
    static func readAll(_ path: String, name: String, limit: Int) throws(AnkiError) -> [UInt8]? {
        guard let file = try open(path, name: name) else { return nil }
        defer { file.close() }
        guard file.status.size <= limit else {
            throw AnkiError(.tooLarge, file: name, reason: "holds \(file.status.size) bytes, more than the limit of \(limit)")
        }
        var result: [UInt8] = []
        result.reserveCapacity(file.status.size)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(name, errno) }
            if count == 0 { return result }
            guard result.count + count <= limit else {
                throw AnkiError(.tooLarge, file: name, reason: "holds more than the limit of \(limit) bytes")
            }
            result.append(contentsOf: chunk[0 ..< count])
        }
    }

    static func unreadable(_ name: String, _ code: Int32) -> AnkiError {
        AnkiError(.unreadable, file: name, reason: "cannot be read (\(String(cString: strerror(code))))")
    }

    /// What a reader compares before and after reading: each file's identity, size and time,
    /// and the log's header.
    struct FileStates: Equatable {
        struct State: Equatable {
            var device: UInt64, inode: UInt64, size: Int, seconds: Int, nanoseconds: Int
        }
        var main: State
        var log: State?
        var logHeader: [UInt8]
        var journal: State?

        /// The states of the database at `path` (resolved) and its companions.
        /// - Throws: ``AnkiError``: unreadable when the database is missing or a companion is
        ///   not a regular file.
        init(path: String, name: String) throws(AnkiError) {
            guard let status = FileStatus.at(path) else {
                let code = errno
                if code == ENOENT || code == ENOTDIR { throw AnkiError(.unreadable, file: name, reason: "no such file") }
                throw LiveDatabaseSnapshot.unreadable(name, code)
            }
            main = State(status)
            var companions: [String: State] = [:]
            for suffix in LiveDatabaseSnapshot.companionSuffixes {
                guard let status = FileStatus.at(path + suffix) else { continue }
                guard status.isRegularFile else {
                    throw AnkiError(.unreadable, file: name, reason: "beside it, \(name)\(suffix) is \(status.kindDescription), not a "
                                    + "regular file: SQLite keeps its companion files as regular files, and this one is not read")
                }
                companions[suffix] = State(status)
            }
            log = companions["-wal"]
            journal = companions["-journal"]
            logHeader = []
            if log != nil, let file = try? RegularFile.openForReading(path + "-wal") {
                var bytes = [UInt8](repeating: 0, count: WriteAheadLog.headerLength)
                let count = bytes.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, 0) }
                logHeader = Array(bytes.prefix(max(0, count)))
                file.close()
            }
        }
    }
}

extension LiveDatabaseSnapshot.FileStates.State {
    init(_ status: FileStatus) {
        self.init(device: status.identity.device, inode: status.identity.inode, size: status.size,
                  seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
    }
}
