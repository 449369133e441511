import Foundation
import Testing
import ZhiXiTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 35, the Anki-file half, as the command line answers it: a named pipe beside a live
/// collection refused at once (66, not a read blocked for ever), a collection reached through
/// a link read with the log beside the file, a step option of 2^62 days refused (64). The
/// library's refusals (65) are ZhiXiAnkiTests' `HostileFileTests`.
@Suite("zhixi-review states on hostile Anki files")
struct AnkiHostileFileTests {
    static let live = AnkiCommandTests.live

    /// A copy of the live collection and its log in a folder of its own.
    private func liveCopy() throws -> String {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("collection.anki2").path
        try FileManager.default.copyItem(atPath: Self.live, toPath: path)
        try FileManager.default.copyItem(atPath: Self.live + "-wal", toPath: path + "-wal")
        return path
    }

    @Test("a named pipe beside the collection: 66 at once, naming it; the collection itself untouched")
    func aPipeBesideTheCollection() async throws {
        for suffix in ["-journal", "-shm"] {
            let path = try liveCopy()
            #expect(mkfifo(path + suffix, 0o600) == 0)
            let result = await run("states", path, "--now", "2025-03-13T12:00:00Z")
            #expect(result.status == 66, "\(result.error)")
            #expect(result.error.contains("\(path)\(suffix) is a named pipe (FIFO), not a regular file"))
        }
    }

    @Test("through a link, the log beside the file is read: the same states as the file's own path")
    func aLinkedCollection() async throws {
        let path = try liveCopy()
        let link = try temporaryFolder().appendingPathComponent("mine.anki2").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let direct = await run("states", path, "--format", "csv", "--now", "2025-03-13T12:00:00Z")
        let linked = await run("states", link, "--format", "csv", "--now", "2025-03-13T12:00:00Z")
        #expect(direct.status == 0 && linked.status == 0, "\(linked.error)")
        #expect(linked.output == direct.output)
    }

    @Test("a step no scheduler can use, 2^62 days as an option, is 64")
    func stepsOutOfRange() async throws {
        let path = try liveCopy()
        let step = await run("states", path, "--learning-steps", "\(1 << 62)d", "--now", "2025-03-13T12:00:00Z")
        #expect(step.status == 64, "\(step.error)")
        #expect(step.error.contains("--learning-steps"))
    }
}
