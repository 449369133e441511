import Foundation
import ZhiXiFileSystem

/// The committed state of an SQLite database file that another program (Anki) may hold open
/// and be writing, read without SQLite and without a lock: the file's bytes, the committed
/// frames of its write-ahead log (`FILE-wal`) put over them, or a hot rollback journal
/// (`FILE-journal`) played back, all in memory. Nothing is written and no lock is taken (Anki
/// holds its collection with `locking_mode=exclusive`, so SQLite could not open it anyway).
///
/// A torn read — the writer checkpointing or committing while the files are read — is caught by
/// reading the files' sizes, times and log header again afterwards; the read is tried again a
/// bounded number of times, then given up as ``AnkiError/Kind-swift.enum/busy``.
enum LiveDatabaseSnapshot {
    /// How many times a changing database is read before giving up.
    static let attempts = 6

    /// Reads the database at `path` as last committed, into SQLite-owned memory.
    /// - Parameters:
    ///   - path: the database file (its `-wal` and `-journal` are looked for beside it).
    ///   - name: how the file is named in errors.
    ///   - limit: the most bytes the database and its log may hold together.
    /// - Complexity: O(file size + log size), one pass over each per attempt.
    /// - Throws: ``AnkiError``: unreadable, too large, damaged (not a database, a log or
    ///   journal that cannot be used), busy (changing on every attempt).
    static func read(_ path: String, name: String, limit: Int) throws(AnkiError) -> DatabaseImage {
        for attempt in 0 ..< attempts {
            if attempt > 0 { usleep(UInt32(20_000 << min(attempt, 4))) }
            let before = try FileStates(path: path, name: name)
            let image = try readOnce(path: path, name: name, limit: limit, states: before)
            let after = try FileStates(path: path, name: name)
            if before == after, let image { return image }
        }
        throw AnkiError(.busy, file: name, reason: "the collection is being written (it changed while it was read, "
                        + "\(attempts) times); try again, or close Anki first")
    }

    /// One read of the three files; `nil` when they changed under the reader.
    private static func readOnce(path: String, name: String, limit: Int, states: FileStates) throws(AnkiError) -> DatabaseImage? {
        let walPath = path + "-wal"
        var log: [UInt8] = []
        if states.log != nil {
            guard let bytes = try readAll(walPath, name: name + "-wal", limit: limit) else { return nil }
            log = bytes
        }
        let mainSize = states.main.size
        guard mainSize + log.count <= limit else {
            throw AnkiError(.tooLarge, file: name, reason: "the collection and its log hold \(mainSize + log.count) bytes, "
                            + "more than the limit of \(limit)")
        }
        let outcome = log.withUnsafeBytes { logBytes in
            Result { () throws(AnkiError) -> DatabaseImage? in
                try assemble(path: path, name: name, limit: limit, states: states, logBytes: logBytes)
            }
        }
        return try outcome.get()
    }

    /// The image from the database file and the log's bytes (and a hot journal, read here).
    private static func assemble(path: String, name: String, limit: Int, states: FileStates,
                                 logBytes: UnsafeRawBufferPointer) throws(AnkiError) -> DatabaseImage? {
        let journalPath = path + "-journal"
        let mainSize = states.main.size
        let wal = WriteAheadLog(logBytes)
        // The database's header decides the page size. An empty file is an empty database
        // whatever its log holds (SQLite then discards the log).
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(name, errno) }
        defer { close(descriptor) }
        var headerBytes = [UInt8](repeating: 0, count: SQLiteFileHeader.length)
        let headerCount = headerBytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard headerCount >= 0 else { throw unreadable(name, errno) }
        let header = headerCount == SQLiteFileHeader.length
            ? headerBytes.withUnsafeBytes { SQLiteFileHeader($0) } : nil
        guard let header else {
            if headerCount == 0 { throw AnkiError(.damaged, file: name, reason: "is empty") }
            throw AnkiError(.damaged, file: name, reason: "is not an SQLite database (no SQLite header)")
        }
        let pageSize = header.pageSize
        if let walHeader = wal.header, wal.pageCountAfterCommit != nil, walHeader.pageSize != pageSize {
            throw AnkiError(.damaged, file: name, reason: "its write-ahead log has pages of \(walHeader.pageSize) bytes, "
                            + "the database \(pageSize)")
        }
        var pageCount = wal.pageCountAfterCommit ?? header.pageCount ?? mainSize / pageSize
        // A hot rollback journal: read it now (after the database would be wrong: the writer
        // may commit in between; the states compared afterwards catch that).
        var journalBytes: [UInt8] = []
        if states.journal != nil, wal.pageCountAfterCommit == nil {
            guard let bytes = try readAll(journalPath, name: name + "-journal", limit: limit) else { return nil }
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
            pageCount = max(pageCount, journal.originalPageCount, journal.records.map(\.page).max() ?? 0)
        }
        guard pageCount > 0 else { throw AnkiError(.damaged, file: name, reason: "holds no database page") }
        guard pageCount <= limit / pageSize else {
            throw AnkiError(.tooLarge, file: name, reason: "its header gives \(pageCount) pages of \(pageSize) bytes, "
                            + "more than the limit of \(limit) bytes")
        }
        guard let image = DatabaseImage(count: pageCount * pageSize) else {
            throw AnkiError(.tooLarge, file: name, reason: "\(pageCount * pageSize) bytes of memory could not be had")
        }
        let wanted = min(image.count, mainSize)
        var done = 0
        let target = image.bytes
        while done < wanted {
            let count = pread(descriptor, target.baseAddress! + done, wanted - done, off_t(done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(name, errno) }
            if count == 0 { return nil }
            done += count
        }
        if wanted < image.count {
            UnsafeMutableRawBufferPointer(rebasing: target[wanted...]).initializeMemory(as: UInt8.self, repeating: 0)
        }
        wal.apply(logBytes, to: target)
        if let journal {
            journalBytes.withUnsafeBytes { journal.apply($0, to: target) }
            image.truncate(to: journal.originalPageCount * pageSize)
            guard image.count > 0 else { throw AnkiError(.damaged, file: name, reason: "holds no database page") }
        }
        // The copy in memory is a plain database: no log to look for, no journal.
        target[18] = 1
        target[19] = 1
        return image
    }

    /// The whole file at `path`, or `nil` when it disappeared (a log removed by a checkpoint).
    static func readAll(_ path: String, name: String, limit: Int) throws(AnkiError) -> [UInt8]? {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT { return nil }
        guard descriptor >= 0 else { throw unreadable(name, errno) }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
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

        init(path: String, name: String) throws(AnkiError) {
            guard let main = Self.state(path) else {
                let code = errno
                if code == ENOENT || code == ENOTDIR { throw AnkiError(.unreadable, file: name, reason: "no such file") }
                throw LiveDatabaseSnapshot.unreadable(name, code)
            }
            self.main = main
            log = Self.state(path + "-wal")
            journal = Self.state(path + "-journal")
            logHeader = []
            if log != nil {
                let descriptor = Foundation.open(path + "-wal", O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    var bytes = [UInt8](repeating: 0, count: WriteAheadLog.headerLength)
                    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
                    logHeader = Array(bytes.prefix(max(0, count)))
                    close(descriptor)
                }
            }
        }

        private static func state(_ path: String) -> State? {
            guard let status = FileStatus.at(path) else { return nil }
            return State(device: status.identity.device, inode: status.identity.inode, size: status.size,
                         seconds: status.modificationSeconds, nanoseconds: status.modificationNanoseconds)
        }
    }
}
