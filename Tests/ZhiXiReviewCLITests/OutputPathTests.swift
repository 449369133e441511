// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 1: every output path (`--out`, `--svg`, `--predictions`) is classified
/// before the work: a regular file is replaced atomically, a named pipe or a character device
/// is written in place (never replaced), a link to the standard output reaches the pipe, and
/// anything else is refused with 64 at once.
@Suite("Output paths: special files written in place, the rest refused before the work", .serialized, .tags(.endToEnd))
struct OutputPathTests {
    static let workspace = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    @Test("a directory as --out is refused with 64 before the fit, which never starts")
    func directoryRefusedFirst() async throws {
        let folder = try temporaryFolder().path
        let result = await run("optimize", Self.workspace, "--out", folder)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("is a directory"))
        #expect(!result.error.contains("epoch"), "no fit ran: \(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("a named pipe as --out is written in place and stays a pipe")
    func namedPipe() async throws {
        let fifo = try temporaryFolder().appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)   // a reader, so the writer's open does not wait
        #expect(reader >= 0)
        defer { close(reader) }
        let result = await run("optimize", Self.workspace, "--out", fifo)
        #expect(result.status == 0, "\(result.error)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a named pipe")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("["))
    }

    @Test("a character device as --out stays a character device", .enabled(if: runsAsRoot, "mknod needs root"))
    func characterDevice() async throws {
        let device = try temporaryFolder().appendingPathComponent("null").path
        // A second /dev/null (major 1, minor 3); root without CAP_MKNOD (some containers) cannot.
        try #require(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod: \(String(cString: strerror(errno)))")
        let result = await run("optimize", Self.workspace, "--out", device)
        #expect(result.status == 0, "\(result.error)")
        var status = stat()
        #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "still a character device")
    }

    @Test("--svg through a link to /dev/stdout reaches the pipe, and the link stays")
    func linkToStandardOutput() async throws {
        let link = try temporaryFolder().appendingPathComponent("chart.svg").path
        #expect(symlink("/dev/stdout", link) == 0)
        let result = try await ExecutableRun.run(["simulate", "--days", "20", "--deck", "50", "--svg", link, "--format", "csv"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputText.contains("<svg"), "the chart went into the pipe")
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
    }

    @Test("--predictions into a missing directory is refused with 74 before the evaluation")
    func missingDirectory() async throws {
        let path = try temporaryFolder().appendingPathComponent("no/such/dir/p.csv").path
        let result = await run("evaluate", Self.workspace, "--predictions", path, "--splits", "2")
        #expect(result.status == 74, "\(result.error)")
        #expect(result.output.isEmpty)
    }
}
#endif
