// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 12: no command waits forever: a named pipe where a file should be is
/// refused, not opened; a lock held by another process is waited for at most `--wait` seconds,
/// saying so after a second, then 75.
@Suite("Locks and file types: bounded waits, said aloud", .serialized, .tags(.endToEnd))
struct LockAndFileTypeTests {
    @Test("auth status with a named pipe as session-tokens answers at once (signed out, with a note)")
    func pipeAsTokens() async throws {
        let store = try temporaryFolder().appendingPathComponent("store").path
        #expect(mkdir(store, 0o700) == 0)
        #expect(mkfifo(store + "/session-tokens", 0o600) == 0)
        let result = try await ExecutableRun.run(["auth", "status", "--server", "http://127.0.0.1:9/api", "--store", store],
                                                 environment: ["LANG": "en_US.UTF-8"])
        #expect(!result.timedOut, "auth status waited on the pipe")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputText.contains("route: login") && result.error.contains("note"))
    }

    @Test("record waits for a lock held by another process at most --wait seconds, says so, then exits 75; the file is unchanged")
    func recordWaits() async throws {
        let path = try temporaryFile("w.json", RecordCommandTests.workspace)
        let holder = open(path, O_RDONLY)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let result = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00", "--wait", "1.5")
        #expect(result.status == 75, "\(result.error)")
        #expect(result.error.contains("waiting for another zhixi-review on \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == RecordCommandTests.workspace)
    }

    @Test("record refuses a named pipe as its workspace without opening it")
    func recordPipe() async throws {
        let fifo = try temporaryFolder().appendingPathComponent("w.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try await ExecutableRun.run(["record", fifo, "--lesson", "L1", "--score", "80"])
        #expect(!result.timedOut && result.status == 66, "status \(result.status): \(result.error)")
    }
}
#endif
