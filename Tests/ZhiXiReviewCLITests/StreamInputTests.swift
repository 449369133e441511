// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 13: inputs that are streams (`/dev/stdin` as a pipe, a named pipe, `<(…)`)
/// are read like files, and an empty input is called empty (65), not unreadable.
@Suite("Inputs that are streams are read; empty ones are empty", .serialized, .tags(.endToEnd))
struct StreamInputTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    @Test("plan /dev/stdin reads a pipe")
    func standardInputPipe() async throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let result = try await ExecutableRun.run(["plan", "/dev/stdin", "--format", "json"], input: .bytes(data))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.outputText.hasPrefix("{\"generatedAt\""))
    }

    @Test("plan of a named pipe and of a process substitution reads it")
    func namedPipeAndSubstitution() async throws {
        let fifo = try temporaryFolder().appendingPathComponent("w.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let fromPipe = try await ExecutableRun.run([], shell: "cat '\(Self.sample)' > '\(fifo)' & exec \"$ZHIXI\" plan '\(fifo)' --format json")
        #expect(fromPipe.status == 0, "\(fromPipe.error)")
        let substituted = try await ExecutableRun.run([],
                                                shell: "exec bash -c 'exec \"$ZHIXI\" plan <(cat \"\(Self.sample)\") --format json'")
        #expect(substituted.status == 0, "\(substituted.error)")
    }

    @Test("an empty input is 65 and says empty", arguments: [
        ["simulate", "--config", "/dev/null"], ["plan", "/dev/null"], ["states", "/dev/null"],
    ])
    func emptyInputs(arguments: [String]) async {
        let result = await run(arguments)
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("empty"), "\(result.error)")
    }
}
#endif
