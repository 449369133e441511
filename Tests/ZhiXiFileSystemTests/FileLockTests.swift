import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("FileLock: a bounded wait that says it waits")
struct FileLockTests {
    @Test("a lock held elsewhere is waited for, noticed once, and given up with busy")
    func busy() throws {
        let path = try temporaryDirectory() + "/lock"
        try Data().write(to: URL(fileURLWithPath: path))
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let waiter = open(path, O_RDONLY)   // another open file description: flock sees another owner
        defer { close(waiter) }
        let notices = NoticeCounter()
        let wait = FileLockWait(timeoutSeconds: 0.3, noticeAfterSeconds: 0.05) { _ in notices.add() }
        #expect { try FileLock.lock(waiter, path: path, wait: wait) } throws: { ($0 as? FileSystemError)?.kind == .busy }
        #expect(notices.count == 1)
        flock(holder, LOCK_UN)
        try FileLock.lock(waiter, path: path, wait: wait)
    }
}

/// Counts calls from any thread.
final class NoticeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
