// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 9: no input is read without a limit. An endless input (`/dev/zero`) is
/// refused with 65, in bounded memory, whichever command reads it.
@Suite("Endless inputs are refused in bounded memory", .serialized, .tags(.endToEnd))
struct UnboundedInputTests {
    static let memory = 1 << 30

    @Test("commands reading /dev/zero end with 65, not an abort", arguments: [
        ["plan", "--batch", "/dev/zero"], ["plan", "-"], ["plan", "/dev/zero"], ["optimize", "--batch", "-"],
        ["optimize", "/dev/zero"], ["states", "-"],
    ])
    func endlessZeros(arguments: [String]) async throws {
        let result = try await ExecutableRun.run(arguments, input: .file("/dev/zero"), memoryBytes: Self.memory)
        #expect(!result.crashed && !result.timedOut, "status \(result.status): \(result.error.prefix(300))")
        #expect(result.status == 65, "\(result.error.prefix(300))")
    }

    @Test("events enqueue on endless input ends with 65 and creates no queue")
    func endlessEvents() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        let result = try await ExecutableRun.run(["events", "enqueue", queue], input: .file("/dev/zero"), memoryBytes: Self.memory)
        #expect(!result.crashed && result.status == 65, "status \(result.status): \(result.error.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: queue))
    }

    @Test("plan --batch: a line longer than the limit gets its error line and the lines before it their plans")
    func endlessLine() async throws {
        let good = try jsonText(try sampleWorkspaceObject())
        let path = try temporaryFolder().appendingPathComponent("fleet.jsonl").path
        // Two learners, then a line of 300 MiB of spaces that never ends.
        #expect(FileManager.default.createFile(atPath: path, contents: Data((good + "\n" + good + "\n").utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let block = Data(repeating: 0x20, count: 1 << 20)
        for _ in 0 ..< 300 { try handle.write(contentsOf: block) }
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await ExecutableRun.run(["plan", "--batch", path, "--now", "2026-11-29T01:00:00Z"],
                                           memoryBytes: Self.memory + (1 << 29))
        #expect(!result.crashed && result.status == 65, "status \(result.status): \(result.error.prefix(300))")
        let lines = result.outputText.split(separator: "\n")
        #expect(lines.count == 3 && lines[2].contains("\"line\":3") && lines[2].contains("longer than"))
    }
}
#endif
