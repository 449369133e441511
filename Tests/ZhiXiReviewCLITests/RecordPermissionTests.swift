// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer
import ZhiXiModel

/// Issue 16, class 3: `record` checks that the user may write the file itself and that its
/// owner and group can be kept, whatever the directory allows; otherwise 74, the file as it was.
@Suite("record: a file the user may not write is refused, whoever owns the directory", .serialized, .tags(.endToEnd))
struct RecordPermissionTests {
    static let nobody: (uid: UInt32, gid: UInt32) = (65_534, 65_534)

    /// A workspace owned by root, mode 0644, in a directory everyone may write.
    static func rootsWorkspace() throws -> (folder: String, path: String) {
        let folder = try temporaryFolder().path
        chmod(folder, 0o777)
        let path = folder + "/w.json"
        try Data(RecordCommandTests.workspace.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        return (folder, path)
    }

    @Test("an unprivileged user cannot record into root's 0644 workspace in a writable directory (74)",
          .enabled(if: canRunAsNobody, "needs root and setpriv to run as the user nobody"))
    func foreignFileRefused() async throws {
        let (_, path) = try Self.rootsWorkspace()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try await ExecutableRun.run(["record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00"],
                                                 user: Self.nobody)
        #expect(result.status == 74, "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == 0, "still root's")
    }

    @Test("an unprivileged user's own file in the same directory is recorded and stays theirs",
          .enabled(if: canRunAsNobody, "needs root and setpriv to run as the user nobody"))
    func ownFileRecorded() async throws {
        let (_, path) = try Self.rootsWorkspace()
        chown(path, Self.nobody.uid, Self.nobody.gid)
        let result = try await ExecutableRun.run(["record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00"],
                                                 user: Self.nobody)
        #expect(result.status == 0, "\(result.error)")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == Self.nobody.uid && status.st_mode & 0o777 == 0o644)
    }

    @Test("root recording another user's file keeps its owner, group and mode", .enabled(if: runsAsRoot, "needs root"))
    func ownerKept() async throws {
        let path = try temporaryFile("w.json", RecordCommandTests.workspace)
        chown(path, 4_242, 4_343)
        chmod(path, 0o640)
        let result = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(result.status == 0, "\(result.error)")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == 4_242 && status.st_gid == 4_343 && status.st_mode & 0o777 == 0o640)
    }
}
#endif
