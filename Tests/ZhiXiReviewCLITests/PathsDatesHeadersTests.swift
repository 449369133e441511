import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// Issue 28, classes 4 and 6: path segments are data (`..` is a task id, not "the parent"),
/// dates outside the years 1900–2200 are refused wherever they are read, a CSV header naming
/// a column twice is an error, every server command states its whole wait, and exit codes
/// agree with the output.
@Suite("Paths, dates, headers, time limits", .serialized)
struct PathsDatesHeadersTests {
    typealias Setup = LearnerLoopTests.Setup

    @Test("tasks complete with a dot segment as its id sends it as data, under review-tasks/", arguments: ["..", ".", "a/../..", "%2e%2e"])
    func dotSegments(_ id: String) async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let result = await run(["tasks", "complete", id] + setup.connection)
        #expect(result.status == 77, "\(result.error)")   // no such task: refused for good
        let posts = setup.api.server.receivedRequests.filter { $0.method == "POST" && !$0.path.hasPrefix("/api/auth/") }
        #expect(!posts.isEmpty && posts.allSatisfy { $0.route == "/api/review-tasks/{id}/complete" }, "\(posts.map(\.path))")
    }

    @Test("a date outside the years 1900–2200 is refused: options (64), a server's answer (76), a review log (65)")
    func dates() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
        for arguments in [["plan", sample, "--now", "9999-01-01T00:00:00Z"], ["plan", sample, "--now", "0001-01-01T00:00:00Z"],
                          ["plan", sample, "--away", "0001-01-01:0001-01-02"],
                          ["simulate", "--workspace", sample, "--now", "9999-01-01T00:00:00Z"],
                          ["tasks", "complete", "t", "--at", "0001-01-01T00:00:00Z"] + setup.connection,
                          ["tasks", "list", "--from", "9999-01-01"] + setup.connection] {
            let result = await run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.error)")
            #expect(result.error.contains("1900–2200"))
        }
        setup.api.server.faults.inject(.rewrite({ response in
            guard var tasks = try? JSONSerialization.jsonObject(with: response.body) as? [[String: Any]], !tasks.isEmpty else { return response }
            tasks[0]["scheduledAt"] = "9999-01-01T00:00:00Z"
            return TestHTTPResponse(status: response.status, headers: response.headers,
                                    body: (try? JSONSerialization.data(withJSONObject: tasks)) ?? response.body)
        }), method: "GET", path: "/api/review-tasks", times: nil)
        for format in ["text", "json"] {
            let listed = await run(["tasks", "list", "--format", format] + setup.connection)
            #expect(listed.status == 76, "\(listed.error)")
            #expect(listed.error.contains("[0].scheduledAt") && listed.error.contains("1900–2200"), "\(listed.error)")
            #expect(!listed.output.contains("+10000"))
        }
        let log = try temporaryFile("log.csv", "card_id,review_time,review_rating\n1,1700000000000,3\n1,253402300800000,3\n")
        let states = await run(["states", log])
        #expect(states.status == 65, "\(states.error)")
        #expect(states.error.contains("line 3") && states.error.contains("1900–2200"))
    }

    @Test("a CSV header naming a column twice is refused (65), naming the column")
    func repeatedColumn() async throws {
        let log = try temporaryFile("twice.csv", "card_id,review_time,review_rating,review_rating\n1,1700000000000,3,1\n")
        for command in ["states", "optimize", "evaluate"] {
            let result = await run([command, log])
            #expect(result.status == 65, "\(command): \(result.error)")
            #expect(result.error.contains("'review_rating' twice"), "\(command): \(result.error)")
        }
    }

    @Test("every command that talks to a server states its whole wait in --help, and its --timeout is the whole answer's")
    func statedWait() async throws {
        for command in [["auth", "sign-in"], ["auth", "status"], ["auth", "whoami"], ["auth", "sign-out"], ["pull"], ["tasks", "list"],
                        ["tasks", "complete"], ["tasks", "skip"], ["tasks", "sync"], ["analyze"], ["events", "flush"]] {
            let help = await run(command + ["--help"])
            #expect(help.status == 0)
            let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("--max-time SECONDS the longest the command waits for the server in all")
                    && words.contains("every request, retry and pause together"), "\(command)")
            #expect(words.contains("the longest any one request waits for its whole answer"), "\(command)")
        }
        let specification = AuthWhoamiCommand.specification
        let parsed = try ParsedArguments(["--server", "http://127.0.0.1:1/api", "--timeout", "7", "--max-time", "40"],
                                         specification: specification, context: CommandContext())
        let configuration = try AuthOptions.clientConfiguration(parsed)
        #expect(configuration.resourceTimeout == 7 && configuration.requestTimeout == 7 && configuration.totalTimeout == 40)
    }

    @Test("a body that never ends is cut at --timeout (69, said), and the whole command at --max-time")
    func bodyThatNeverEnds() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        setup.api.server.faults.inject(.announceContentLength(1 << 20), method: "GET", path: "/api/users/me", times: nil)
        let cut = await run(["auth", "whoami", "--timeout", "1", "--retries", "1"] + setup.connection)
        #expect(cut.status == 69, "\(cut.error)")
        #expect(cut.error.contains("did not answer in time"))
        #expect(setup.api.server.requestCount("GET", "/api/users/me") == 2, "one retry")
        let total = await run(["auth", "whoami", "--timeout", "30", "--retries", "5", "--max-time", "2"] + setup.connection)
        #expect(total.status == 69, "\(total.error)")
        #expect(total.error.contains("in all ran out") && total.error.contains("--max-time"))
    }
}
