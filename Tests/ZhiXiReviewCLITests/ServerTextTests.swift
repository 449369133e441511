import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// Issue 28, class 2: every string from a server reaches standard output and error with the
/// package's one rule applied — no raw control character, bidirectional override or line
/// separator, no line of its own — in every format of every command that talks to the server;
/// JSON stays JSON and means the same text.
@Suite("Server text: made visible on every path, every format", .serialized)
struct ServerTextTests {
    /// The fake API with a learner whose name, lesson titles and key points (so the AI's weak
    /// points and suggestions) carry ``hostileText``, and a store signed in as them.
    struct Setup {
        let api: FakeZhiXiAPI
        let folder: URL
        let store: String

        init() async throws {
            api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: 1_800))
            let now = LearnerLoopTests.now
            api.setClock { now }
            var object = try sampleWorkspaceObject()
            var user = object["user"] as! [String: Any]
            user["displayName"] = "林晓" + hostileText
            object["user"] = user
            var lessons = object["lessons"] as! [[String: Any]]
            for index in lessons.indices {
                lessons[index]["title"] = "课\(index)" + hostileText
                lessons[index]["keyPoints"] = ["要点" + hostileText]
            }
            object["lessons"] = lessons
            let workspace = try LearnerWorkspace(jsonData: Data(try jsonText(object).utf8))
            let seeded = try api.seed(workspace, planAt: now)
            folder = try temporaryFolder()
            store = folder.appendingPathComponent("store").path
            let signIn = await run(["auth", "sign-in", "--server", api.apiBaseURL.absoluteString, "--store", store,
                                    "--identity-token", "eyJ.id", "--user-identifier", seeded.appleUserID])
            #expect(signIn.status == 0, "\(signIn.error)")
        }

        var connection: [String] { ["--server", api.apiBaseURL.absoluteString, "--store", store] }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    }

    static func expectVisible(_ result: CommandRun, _ what: String, json: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(terminalFindings(result).isEmpty, "\(what): \(terminalFindings(result))", sourceLocation: sourceLocation)
        if json, result.status == 0 {
            #expect(readsAsJSON(result.output), "\(what): not JSON: \(result.output.prefix(300))", sourceLocation: sourceLocation)
        }
    }

    @Test("auth whoami, auth status, tasks list, pull, analyze, tasks complete (refused with a forged message): text and JSON")
    func everyServerCommand() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        // Task ids and lesson ids with the text too, and a refusal whose code and message forge lines.
        setup.api.server.faults.inject(.rewrite({ response in
            guard var tasks = try? JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] else { return response }
            for index in tasks.indices {
                tasks[index]["id"] = "task-\(index)" + hostileText
                tasks[index]["lessonId"] = "lesson" + hostileText
            }
            return TestHTTPResponse(status: response.status, headers: response.headers,
                                    body: (try? JSONSerialization.data(withJSONObject: tasks)) ?? response.body)
        }), method: "GET", path: "/api/review-tasks", times: nil)
        setup.api.server.faults.inject(.respond(.error(404, code: "GONE" + hostileText, message: "refused\u{1B}[2J\nzhixi-review: all is well")),
                                       method: "POST", path: "/api/review-tasks/task-1/complete", times: nil)
        for format in ["text", "json"] {
            let json = format == "json"
            for command in [["auth", "whoami"], ["auth", "status"], ["tasks", "list"]] {
                let result = await run(command + ["--format", format] + setup.connection)
                #expect(result.status == 0, "\(command): \(result.error)")
                Self.expectVisible(result, command.joined(separator: " ") + " " + format, json: json)
            }
            let file = setup.path("pulled-\(format).json")
            let pulled = await run(["pull", "--out", file, "--format", format] + setup.connection)
            #expect(pulled.status == 0, "\(pulled.error)")
            Self.expectVisible(pulled, "pull " + format, json: json)
            let analyzed = await run(["analyze", "--lesson", "lesson-1-1", "--input", "-", "--format", format] + setup.connection,
                                     standardInput: Data("我讲了一遍\n".utf8))
            #expect(analyzed.status == 0, "\(analyzed.error)")
            #expect(analyzed.output.contains(json ? "\\u001b" : "\\u{1B}"), "the weak point is shown, escaped")
            Self.expectVisible(analyzed, "analyze " + format, json: json)
            let refused = await run(["tasks", "complete", "task-1", "--format", format] + setup.connection)
            #expect(refused.status == 77, "\(refused.error)")
            Self.expectVisible(refused, "tasks complete " + format, json: json)
            for planFormat in ["text", "json", "csv", "ics"] {
                let plan = await run(["plan", file, "--now", "2026-11-29T09:00:00+08:00", "--format", planFormat])
                #expect(plan.status == 0, "\(plan.error)")
                Self.expectVisible(plan, "plan of the pulled file, " + planFormat, json: planFormat == "json")
            }
        }
    }

    @Test("JSON output writes hidden characters as JSON escapes that mean the same text")
    func jsonMeansTheSame() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let result = await run(["auth", "whoami", "--format", "json"] + setup.connection)
        #expect(result.status == 0, "\(result.error)")
        let user = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(user["displayName"] as? String == "林晓" + hostileText, "the value read back is the server's, unchanged")
        #expect(!result.output.contains("\u{202E}") && result.output.contains("\\u202E"))
    }
}
