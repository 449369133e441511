// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 15: the smaller findings of the second hostile pass.
@Suite("Smaller findings: exits, URLs, tokens, names, messages, pipes", .serialized, .tags(.endToEnd))
struct SmallerFindingsTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    @Test("a command group without a subcommand is a usage error (64); with --help it is help (0)", arguments: ["auth", "events"])
    func groupWithoutSubcommand(group: String) async {
        #expect(await run(group).status == 64)
        #expect(await run(group, "--help").status == 0)
    }

    @Test("--server URLs that are invalid or expose secrets are refused with 64", arguments: [
        "http://127.0.0.1:99999/api", "http://zhixi.example/api", "https://user:secret@zhixi.example/api",
    ])
    func serverURLs(url: String) async {
        let result = await run("auth", "status", "--server", url, "--store", "/nonexistent/store")
        #expect(result.status == 64, "\(result.error)")
        #expect(!result.error.contains("URLError"))
    }

    @Test("--insecure-http allows plain http to another host")
    func insecureHTTP() async throws {
        let store = try temporaryFolder().appendingPathComponent("store").path
        let result = await run("auth", "status", "--server", "http://zhixi.invalid/api", "--store", store, "--insecure-http")
        #expect(result.status == 0, "\(result.error)")
    }

    @Test("--token-file /dev/null is empty (65), not unreadable")
    func emptyTokenFile() async throws {
        let queue = try temporaryFolder().appendingPathComponent("queue").path
        #expect(await run(["events", "enqueue", queue], standardInput: EventsCommandTests.input([EventsCommandTests.line()])).status == 0)
        let result = await run("events", "flush", queue, "--server", "http://127.0.0.1:9/api", "--token-file", "/dev/null")
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("empty"))
    }

    @Test("an error about parameters names no Swift API")
    func noSwiftAPIInErrors() async {
        let weights = (0 ..< 21).map { $0 == 3 ? "1e9" : "0.5" }.joined(separator: ",")
        let result = await run("plan", Self.sample, "--params", "[\(weights)]")
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("w[3]") && !result.error.contains("FSRSParameters"), "\(result.error)")
    }

    @Test("plan | head -1 and plan --batch | head -1 end quietly with 0, as docs/COMMANDS.md says")
    func closedPipe() async throws {
        let line = try jsonText(try sampleWorkspaceObject())
        let fleet = try temporaryFile("fleet.jsonl", Array(repeating: line, count: 300).joined(separator: "\n") + "\n")
        for command in ["\"$ZHIXI\" plan '\(Self.sample)' --days 366 --format json",
                        "\"$ZHIXI\" plan --batch '\(fleet)' --now 2026-11-29T01:00:00Z"] {
            let piped = try await ExecutableRun.run([],
                                              shell: "exec bash -c '\(command.replacingOccurrences(of: "'", with: "'\\''")) | head -c 10 >/dev/null; "
                                                  + "exit ${PIPESTATUS[0]}'")
            #expect(piped.status == 0, "\(command): \(piped.error)")
            #expect(!piped.error.contains("cannot write"), "\(piped.error)")
        }
    }
}
#endif
