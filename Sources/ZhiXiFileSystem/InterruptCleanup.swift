import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file being written if the process is interrupted (SIGINT, SIGTERM,
/// SIGHUP) while it exists, then lets the signal end the process as it would have. Paths are
/// always remembered; the signal handlers are installed only by
/// ``AtomicFileWriter/removeTemporaryFilesOnInterrupt()`` (a command-line tool's choice: an
/// app keeps its own handlers).
enum InterruptCleanup {
    /// The path to remove, as a C string in storage the signal handler may read; empty when none.
    nonisolated(unsafe) private static let pathBuffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
        buffer[0] = 0
        return buffer
    }()
    // Only touched under `lock`.
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    /// Installs the handlers once.
    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { signalNumber in InterruptCleanup.handle(signalNumber) }
            #else
            action.__sigaction_handler.sa_handler = { signalNumber in InterruptCleanup.handle(signalNumber) }
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Remembers `path` until ``unregister()``.
    static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
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

extension AtomicFileWriter {
    /// Makes an interruption (SIGINT, SIGTERM, SIGHUP) during a write remove the temporary
    /// file before the signal ends the process. For command-line tools; installs signal
    /// handlers once, so an app that has its own should not call it.
    package static func removeTemporaryFilesOnInterrupt() {
        InterruptCleanup.install()
    }
}
