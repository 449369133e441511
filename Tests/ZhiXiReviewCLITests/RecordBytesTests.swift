// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer
import ZhiXiModel

/// Issue 16, class 7: `record` changes no byte it did not add: each line keeps its ending, new
/// lines take the file's most common one; a hard-linked file is refused (74); temporary files
/// left by a killed run are removed by the next run on the file; a 250-byte file name works.
@Suite("record: only the new session's bytes change", .serialized, .tags(.endToEnd))
struct RecordBytesTests {
    static func record(_ path: String, at time: String = "2026-11-29T10:00:00+08:00") async -> CommandRun {
        await run("record", path, "--lesson", "L1", "--score", "80", "--at", time)
    }

    /// The bytes before the new session and after it, to compare with the original's.
    static func unchangedAround(_ original: [UInt8], _ updated: [UInt8]) -> Bool {
        var prefix = 0
        while prefix < original.count, prefix < updated.count, original[prefix] == updated[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < original.count - prefix, suffix < updated.count - prefix,
              original[original.count - 1 - suffix] == updated[updated.count - 1 - suffix] { suffix += 1 }
        return prefix + suffix == original.count
    }

    @Test("a file mixing CRLF and LF keeps every line's ending; the new lines take the most common one")
    func mixedLineEndings() async throws {
        var lines = RecordCommandTests.workspace.components(separatedBy: "\n")
        let last = lines.removeLast()
        // Every third line ends with LF, the others with CRLF.
        let text = lines.enumerated().map { $0.element + ($0.offset % 3 == 0 ? "\n" : "\r\n") }.joined() + last
        let path = try temporaryFile("w.json", text)
        let result = await Self.record(path)
        #expect(result.status == 0, "\(result.error)")
        let original = Array(text.utf8)
        let updated = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Self.unchangedAround(original, updated), "only bytes were inserted")
        let added = updated.count - original.count
        #expect(added > 0)
        let crlf = zip(updated, updated.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
        let originalCRLF = zip(original, original.dropFirst()).filter { $0 == 0x0D && $1 == 0x0A }.count
        let lineFeeds = updated.filter { $0 == 0x0A }.count, originalLineFeeds = original.filter { $0 == 0x0A }.count
        #expect(crlf - originalCRLF == lineFeeds - originalLineFeeds, "every added line ends with CRLF")
    }

    @Test("a file with lone CR line endings gets CR-ended new lines and no LF")
    func carriageReturnOnly() async throws {
        let text = RecordCommandTests.workspace.replacingOccurrences(of: "\n", with: "\r")
        let path = try temporaryFile("w.json", text)
        let result = await Self.record(path)
        #expect(result.status == 0, "\(result.error)")
        let updated = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(!updated.contains(0x0A), "no line feed was added")
        #expect(Self.unchangedAround(Array(text.utf8), updated))
        #expect(try LearnerWorkspace(jsonData: Data(updated)).sessions.count == 2)
    }

    @Test("a hard-linked workspace is refused (74) and both names keep the same contents")
    func hardLink() async throws {
        let path = try temporaryFile("w.json", RecordCommandTests.workspace)
        let other = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("other.json").path
        #expect(link(path, other) == 0)
        let result = await Self.record(path)
        #expect(result.status == 74, "\(result.error)")
        #expect(result.error.contains("hard links"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == RecordCommandTests.workspace)
        var first = stat(), second = stat()
        #expect(stat(path, &first) == 0 && stat(other, &second) == 0 && first.st_ino == second.st_ino, "still one file")
    }

    @Test("a workspace whose name is 250 bytes long is recorded")
    func longName() async throws {
        let path = try temporaryFile(String(repeating: "w", count: 245) + ".json", RecordCommandTests.workspace)
        let result = await Self.record(path)
        #expect(result.status == 0, "\(result.error)")
        #expect(try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: path))).sessions.count == 2)
    }

    @Test("the temporary file of a run killed with SIGKILL is removed by the next run on the file")
    func killedRunLeavesNothingBehind() async throws {
        let big = RecordCommandTests.workspace.replacingOccurrences(
            of: #""x-custom": {"kept": true},"#,
            with: #""x-custom": {"kept": true, "padding": ""# + String(repeating: "x", count: 8_000_000) + #""},"#)
        let path = try temporaryFile("w.json", big)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var killed = false
        for attempt in 0 ..< 10 where !killed {
            let process = try launch(["record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:0\(attempt):00+08:00"])
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline {
                if try FileManager.default.contentsOfDirectory(atPath: folder).contains(where: { $0.hasSuffix(".tmp") }) {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
                usleep(100)
            }
            process.waitUntilExit()
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasSuffix(".tmp") }
            killed = killed && process.terminationReason == .uncaughtSignal && left
        }
        #expect(killed, "a run was never killed while its temporary file existed")
        let result = await Self.record(path, at: "2026-11-29T11:00:00+08:00")
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["w.json"], "the abandoned temporary file was removed")
    }
}
#endif
