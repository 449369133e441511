// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiModel
import ZhiXiReviewCLI
import ZhiXiTestServer

/// The `zhixi-review` executable built beside this test bundle.
let reviewExecutable = BuiltProducts.executable("zhixi-review")

/// Starts the executable with `arguments`; the caller waits for it.
func launch(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = reviewExecutable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

@Suite("zhixi-review record: files that survive their users", .serialized, .tags(.endToEnd))
struct RecordRobustnessTests {
    static let workspace = RecordCommandTests.workspace

    static func sessions(_ path: String) throws -> [LearningSession] {
        try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: path))).sessions
    }

    @Test("twenty runs at the same moment all land: every session is in the file")
    func concurrentRuns() throws {
        #expect(FileManager.default.isExecutableFile(atPath: reviewExecutable.path), "build the package first: swift build")
        let path = try temporaryFile("w.json", Self.workspace)
        let processes = try (0 ..< 20).map { index in
            try launch(["record", path, "--lesson", "L1", "--score", "\(50 + index)",
                        "--at", "2026-11-29T10:\(String(format: "%02d", index)):00+08:00"])
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let scores = try Self.sessions(path).compactMap(\.masteryScore)
        #expect(scores.count == 21)
        #expect(Set(scores) == Set([70] + (50 ..< 70)))
    }

    @Test("a symbolic link to the workspace updates its target and stays a link")
    func symbolicLink() async throws {
        let target = try temporaryFile("real.json", Self.workspace)
        let link = URL(fileURLWithPath: target).deletingLastPathComponent().appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = await run("record", link, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try Self.sessions(target).count == 2)
    }

    @Test("the file keeps its mode; a read-only file is refused and left as it was")
    func modes() async throws {
        let path = try temporaryFile("w.json", Self.workspace)
        chmod(path, 0o600)
        let result = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(result.status == 0)
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o600)

        chmod(path, 0o444)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = await run("record", path, "--lesson", "L1", "--score", "81", "--at", "2026-11-29T11:00:00+08:00")
        #expect(refused.status == 74)
        #expect(refused.error.contains("read-only"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o444)
    }

    @Test("SIGTERM while the file is being written leaves the original whole and no temporary file")
    func interrupted() throws {
        // A workspace with megabytes the program does not know (kept byte for byte): writing
        // it takes long enough for the signal to land while the temporary file exists.
        let big = Self.workspace.replacingOccurrences(of: #""x-custom": {"kept": true},"#,
                                                      with: #""x-custom": {"kept": true, "padding": ""# + String(repeating: "x", count: 4_000_000) + #""},"#)
        let path = try temporaryFile("w.json", big)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var caught = 0
        for attempt in 0 ..< 8 where caught == 0 {
            let process = try launch(["record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:0\(attempt):00+08:00"])
            // Wait for the temporary file to appear (bounded), then interrupt.
            let deadline = Date().addingTimeInterval(30)
            var sawTemporary = false
            while process.isRunning && Date() < deadline {
                if try FileManager.default.contentsOfDirectory(atPath: folder).contains(where: { $0.hasSuffix(".tmp") }) {
                    sawTemporary = true
                    kill(process.processIdentifier, SIGTERM)
                    break
                }
                usleep(100)
            }
            process.waitUntilExit()
            if sawTemporary && process.terminationReason == .uncaughtSignal { caught += 1 }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["w.json"], "no temporary file is left")
            #expect(try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: path))).sessions.count >= 1)
        }
        #expect(caught > 0, "the signal never landed while the temporary file existed")
    }

    @Test("a workspace with a byte-order mark and CRLF line endings is read and keeps both")
    func byteOrderMarkAndCRLF() async throws {
        let text = "\u{FEFF}" + Self.workspace.replacingOccurrences(of: "\n", with: "\r\n")
        let path = try temporaryFile("w.json", text)
        let result = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(result.status == 0, "\(result.error)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
        let lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(!lineFeeds.isEmpty && lineFeeds.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }, "every line ends with CRLF")
        #expect(try Self.sessions(path).count == 2)
    }

    @Test("absurd values are refused with 64", arguments: [
        ["--at", "2031-01-01T00:00:00Z"], ["--at", "1900-01-01T00:00:00Z"], ["--minutes", "1e300"], ["--minutes", "-5"],
    ])
    func absurdValues(extra: [String]) async throws {
        let path = try temporaryFile("w.json", Self.workspace)
        let result = await run(["record", path, "--lesson", "L1", "--score", "80"] + extra)
        #expect(result.status == 64, "\(result.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.workspace)
    }

    @Test("the same session twice is refused, by id or by lesson, time and score")
    func duplicates() async throws {
        let path = try temporaryFile("w.json", Self.workspace)
        let first = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00",
                              "--session-id", "s-42")
        #expect(first.status == 0)
        let sameID = await run("record", path, "--lesson", "L1", "--score", "60", "--at", "2026-11-29T11:00:00+08:00",
                               "--session-id", "s-42")
        #expect(sameID.status == 65 && sameID.error.contains("already recorded"))
        let sameSession = await run("record", path, "--lesson", "L1", "--score", "80", "--at", "2026-11-29T10:00:00+08:00")
        #expect(sameSession.status == 65 && sameSession.error.contains("already recorded as 's-42'"))
        #expect(try Self.sessions(path).count == 2)
    }
}
#endif
