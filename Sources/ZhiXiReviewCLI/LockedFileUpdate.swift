import Foundation

/// Changes a file in place the way a user can trust: under an exclusive lock (concurrent runs
/// all land, one after the other), through a symbolic link to its target (the link stays a
/// link), keeping its permissions and owner, never replacing a read-only file, and atomically
/// (a temporary file created exclusively under an unpredictable name, never through a link,
/// flushed to disk and renamed over the original; removed if the process is interrupted).
enum LockedFileUpdate {
    /// Reads the file at `path`, passes its bytes to `transform` while holding the lock, and
    /// writes what it returns.
    /// - Throws: 66 when the file is missing or unreadable, 74 when it is read-only or cannot be
    ///   written, and whatever `transform` throws; the file is then unchanged.
    static func update(_ path: String, _ transform: (Data) throws(CommandError) -> Data) throws(CommandError) {
        guard let resolved = realpath(path, nil) else {
            throw .noInput("\(path): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        let target = String(cString: resolved)
        free(resolved)

        // Lock the file; if another run replaced it while we waited, lock the new one.
        var descriptor: Int32 = -1
        var status = stat()
        for _ in 0 ..< 1000 {
            descriptor = open(target, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .noInput("\(path): cannot be opened (\(String(cString: strerror(errno))))") }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(descriptor)
                    throw .ioError("\(path): cannot be locked (\(String(cString: strerror(errno))))")
                }
            }
            var current = stat()
            fstat(descriptor, &status)
            if stat(target, &current) == 0, current.st_ino == status.st_ino, current.st_dev == status.st_dev { break }
            close(descriptor)
            descriptor = -1
        }
        guard descriptor >= 0 else { throw .ioError("\(path): keeps being replaced by another program; try again") }
        defer { close(descriptor) }   // releases the lock
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .noInput("\(path): is not a regular file") }
        guard status.st_mode & 0o222 != 0 else {
            throw .ioError("\(path): is read-only (mode \(String(status.st_mode & 0o7777, radix: 8))); it was not changed")
        }

        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0 ..< count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw .noInput("\(path): cannot be read (\(String(cString: strerror(errno))))")
            }
        }
        let updated = try transform(data)
        try FileAccess.writeAtomically(target, shownAs: path, data: updated, mode: status.st_mode & 0o7777,
                                       owner: (status.st_uid, status.st_gid))
    }
}

/// Removes a temporary file if the process is interrupted (SIGINT, SIGTERM, SIGHUP) while
/// it exists, then lets the signal end the process as it would have.
enum InterruptCleanup {
    /// The path to remove, as a C string in storage the signal handler may read; empty when none.
    nonisolated(unsafe) private static let pathBuffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer[0] = 0
        return buffer
    }()
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    /// Remembers `path` until ``unregister()``; installs the handlers on first use.
    static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                var action = sigaction()
                #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { signalNumber in InterruptCleanup.handle(signalNumber) }
                #else
                action.__sigaction_u.__sa_handler = { signalNumber in InterruptCleanup.handle(signalNumber) }
                #endif
                sigemptyset(&action.sa_mask)
                sigaction(signalNumber, &action, nil)
            }
        }
        let bytes = Array(path.utf8.prefix(Int(PATH_MAX)))
        for (index, byte) in bytes.enumerated() { pathBuffer[index] = CChar(bitPattern: byte) }
        pathBuffer[bytes.count] = 0
    }

    /// Forgets the path (the file was renamed or removed).
    static func unregister() {
        lock.lock()
        pathBuffer[0] = 0
        lock.unlock()
    }

    /// The handler: only async-signal-safe calls.
    private static func handle(_ signalNumber: Int32) {
        if pathBuffer[0] != 0 { unlink(pathBuffer) }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
