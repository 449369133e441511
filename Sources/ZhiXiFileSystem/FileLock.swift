import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How long to wait for a lock that another process holds, and whom to tell that it waits.
/// Two waits are equal when their times are (the notice is not compared).
package struct FileLockWait: Sendable, Hashable {
    /// The longest wait, in seconds, before giving up (0: do not wait at all).
    package var timeoutSeconds: Double
    /// After how many seconds of waiting ``onWaiting`` is called (once).
    package var noticeAfterSeconds: Double
    /// Called once when the wait has lasted ``noticeAfterSeconds``, with the path waited on;
    /// a command-line tool says "waiting for another … on FILE".
    package var onWaiting: (@Sendable (String) -> Void)?

    /// A wait of at most `timeoutSeconds` (default 60 s), noticed after `noticeAfterSeconds`
    /// (default 1 s).
    package init(timeoutSeconds: Double = 60, noticeAfterSeconds: Double = 1, onWaiting: (@Sendable (String) -> Void)? = nil) {
        self.timeoutSeconds = timeoutSeconds
        self.noticeAfterSeconds = noticeAfterSeconds
        self.onWaiting = onWaiting
    }

    /// Equal times.
    package static func == (lhs: FileLockWait, rhs: FileLockWait) -> Bool {
        lhs.timeoutSeconds == rhs.timeoutSeconds && lhs.noticeAfterSeconds == rhs.noticeAfterSeconds
    }

    /// Hashes the times.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(timeoutSeconds)
        hasher.combine(noticeAfterSeconds)
    }
}

/// `flock` with a bounded wait: tries the lock without blocking, and while another process
/// holds it, tries again after short sleeps (1 ms, doubling to 50 ms) until the wait's
/// timeout, telling ``FileLockWait/onWaiting`` once after its notice delay.
package enum FileLock {
    /// Takes the exclusive (or shared) `flock` of `descriptor`, an open file at `path`.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/busy`` when the
    ///   wait ran out, ``FileSystemError/Kind-swift.enum/io`` when locking fails otherwise.
    package static func lock(_ descriptor: Int32, exclusive: Bool = true, path: String, wait: FileLockWait) throws(FileSystemError) {
        let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let start = ContinuousClock.now
        var pause: useconds_t = 1_000
        var noticed = false
        while true {
            if flock(descriptor, operation) == 0 { return }
            let failure = errno
            if failure == EINTR { continue }
            guard failure == EWOULDBLOCK || failure == EAGAIN else {
                throw FileSystemError(.io, path: path, reason: "cannot be locked (\(String(cString: strerror(failure))))")
            }
            let waited = ContinuousClock.now - start
            let seconds = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
            if seconds >= wait.timeoutSeconds {
                throw FileSystemError(.busy, path: path, reason: "another process has held its lock for "
                                      + "\(Int(seconds.rounded())) s; try again later")
            }
            if !noticed, seconds >= wait.noticeAfterSeconds {
                noticed = true
                wait.onWaiting?(path)
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// Takes the exclusive (or shared) `flock` of `descriptor`, waiting as long as it takes
    /// (for locks held only for a few file operations). Retries after interruptions.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/io``.
    package static func lockWaiting(_ descriptor: Int32, exclusive: Bool = true, path: String) throws(FileSystemError) {
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            if errno != EINTR { throw FileSystemError(.io, path: path, reason: "cannot be locked (\(FileSystemError.lastError))") }
        }
    }

    /// Takes the exclusive `flock` of `descriptor` if no one holds it: `false` when another
    /// holder has it. Never waits.
    /// - Throws: ``FileSystemError`` of kind ``FileSystemError/Kind-swift.enum/io``.
    package static func tryLock(_ descriptor: Int32, path: String) throws(FileSystemError) -> Bool {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK || errno == EAGAIN { return false }
            if errno != EINTR { throw FileSystemError(.io, path: path, reason: "cannot be locked (\(FileSystemError.lastError))") }
        }
        return true
    }

    /// Releases the `flock` of `descriptor`.
    package static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
    }
}
