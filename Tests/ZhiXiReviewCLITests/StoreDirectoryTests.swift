// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 2: `--store DIR` is created 0700 when missing (its parents too, whatever
/// the umask), and an existing directory that is a link, another user's or open to others is
/// refused with 77, never chmod-ed.
@Suite("auth --store: created private, or refused and left as it was", .serialized, .tags(.endToEnd))
struct StoreDirectoryTests {
    static func signIn(_ server: FakeZhiXiAPI, store: String) async -> CommandRun {
        await run("auth", "sign-in", "--server", server.apiBaseURL.absoluteString, "--store", store, "--identity-token", "t",
                  "--authorization-code", "c", "--user-identifier", "apple-42")
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test("a shared 1777 directory and an open 0777 one are refused (77) and keep their modes", arguments: [0o1777, 0o777, 0o750] as [mode_t])
    func openDirectories(mode: mode_t) async throws {
        let server = try FakeZhiXiAPI()
        defer { server.server.stop() }
        let store = try temporaryFolder().appendingPathComponent("store").path
        #expect(mkdir(store, 0o700) == 0 && chmod(store, mode) == 0)
        let result = await Self.signIn(server, store: store)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("open to other users"))
        #expect(Self.mode(store) == mode, "the directory was not changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store).isEmpty, "no secret was written")
    }

    @Test("a symbolic link to a 0755 directory is refused and the directory keeps its mode")
    func linkRefused() async throws {
        let server = try FakeZhiXiAPI()
        defer { server.server.stop() }
        let folder = try temporaryFolder()
        let real = folder.appendingPathComponent("real").path
        #expect(mkdir(real, 0o755) == 0 && chmod(real, 0o755) == 0)
        let link = folder.appendingPathComponent("link").path
        #expect(symlink(real, link) == 0)
        let result = await Self.signIn(server, store: link)
        #expect(result.status == 77, "\(result.error)")
        #expect(result.error.contains("symbolic link"))
        #expect(Self.mode(real) == 0o755)
    }

    @Test("a missing store and its missing parents are created 0700 under umask 000")
    func createdPrivate() async throws {
        let server = try FakeZhiXiAPI()
        defer { server.server.stop() }
        let base = try temporaryFolder().path
        let store = base + "/a/b/store"
        let result = try await ExecutableRun.run([], shell: "umask 000; exec \"$ZHIXI\" auth sign-in --server "
            + "\(server.apiBaseURL.absoluteString) --store \(store) --identity-token t --authorization-code c --user-identifier apple-1")
        #expect(result.status == 0, "\(result.error)")
        for path in [base + "/a", base + "/a/b", store] { #expect(Self.mode(path) == 0o700, "\(path)") }
    }
}
#endif
