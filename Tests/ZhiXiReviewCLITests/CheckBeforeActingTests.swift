import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel
@testable import ZhiXiReviewCLI
import ZhiXiTestServer

/// Issue 28, class 5: a command proves it can write its outputs before it sends anything that
/// changes the server, and a run again after a failure does not duplicate what the server
/// holds (`Idempotency-Key` on `POST learning/sessions` and the AI's analysis, honoured by the
/// fake API as docs/APP.md writes the contract).
@Suite("Check before acting; a rerun never duplicates", .serialized)
struct CheckBeforeActingTests {
    typealias Setup = LearnerLoopTests.Setup

    static func posts(_ setup: Setup) -> Int {
        setup.api.server.receivedRequests.filter { $0.method == "POST" && !$0.path.hasPrefix("/api/auth/") }.count
    }

    @Test("analyze --workspace a file it may not replace: 74 before anything is sent")
    func analyzeChecksTheWorkspaceFirst() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let file = try temporaryFile("ro.json", sampleWorkspaceText)
        chmod(file, 0o444)
        let linked = try temporaryFile("linked.json", sampleWorkspaceText)
        #expect(link(linked, linked + "-2") == 0)
        for workspace in [file, linked] {
            let result = await run(["analyze", "--lesson", "lesson-1-1", "--input", "-", "--workspace", workspace] + setup.connection,
                                   standardInput: Data("我讲了一遍\n".utf8))
            #expect(result.status == 74, "\(result.error)")
            #expect(Self.posts(setup) == 0, "nothing was sent")
        }
    }

    @Test("analyze again after the analysis's answer was lost: one session and one analysis on the server, one of each in the workspace")
    func analyzeAgainDoesNotDuplicate() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let userID = try #require(setup.sample.user?.id)
        let workspace = try temporaryFile("w.json", sampleWorkspaceText)
        let input = Data("奇异值分解先求特征值\n".utf8)
        setup.api.server.faults.inject(.loseAnswer, method: "POST", path: "/api/ai/analyze-learning-input", times: nil)
        let lost = await run(["analyze", "--lesson", "lesson-1-2", "--input", "-", "--workspace", workspace, "--retries", "0"]
                             + setup.connection, standardInput: input)
        #expect(lost.status == 69, "\(lost.error)")
        setup.api.server.faults.removeAll()
        let again = await run(["analyze", "--lesson", "lesson-1-2", "--input", "-", "--workspace", workspace] + setup.connection,
                              standardInput: input)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.error.contains("finishing the same analysis"))
        let learner = try #require(setup.api.learner(userID: userID))
        #expect(learner.sessions.count == setup.sample.sessions.count + 1, "one session")
        #expect(learner.analyses.count == setup.sample.analyses.count + 1, "one analysis: the model ran once")
        #expect(setup.api.idempotentReplayCount == 2, "both answered from their keys")
        let written = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: workspace)))
        #expect(written.sessions.count == setup.sample.sessions.count + 1 && written.analyses.count == setup.sample.analyses.count + 1)
        // Done: the same text later is a new analysis.
        let later = await run(["analyze", "--lesson", "lesson-1-2", "--input", "-"] + setup.connection, standardInput: input)
        #expect(later.status == 0 && !later.error.contains("finishing"), "\(later.error)")
        #expect(try #require(setup.api.learner(userID: userID)).analyses.count == setup.sample.analyses.count + 2)
    }

    @Test("a sign-in whose tokens could never be read back is not reported as signed in (74), and keeps nothing")
    func signInThatCannotBeReadBack() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        setup.api.server.faults.inject(.rewrite({ response in
            guard var answer = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] else { return response }
            answer["accessToken"] = String(repeating: "A", count: 2 << 20)
            return TestHTTPResponse(status: response.status, headers: response.headers,
                                    body: (try? JSONSerialization.data(withJSONObject: answer)) ?? response.body)
        }), method: "POST", path: "/api/auth/apple")
        let store = setup.path("huge-token-store")
        let result = await run(["auth", "sign-in", "--server", setup.server, "--store", store, "--identity-token", "t",
                                "--user-identifier", setup.sample.user!.appleUserID])
        #expect(result.status == 74, "\(result.error)")
        #expect(!result.output.contains("signed in"))
        #expect(!FileManager.default.fileExists(atPath: store + "/session-tokens"))
        #expect(await run(["auth", "whoami", "--server", setup.server, "--store", store]).status == 77)
    }

    @Test("a store that cannot keep the session: nothing is posted")
    func signInChecksTheStoreFirst() async throws {
        let setup = try await Setup()
        defer { setup.api.server.stop() }
        let file = try temporaryFile("a-file", "x")
        let before = setup.api.server.requestCount("POST", "/api/auth/apple")
        let result = await run(["auth", "sign-in", "--server", setup.server, "--store", file + "/store", "--identity-token", "t",
                                "--user-identifier", "apple-9"])
        #expect([74, 77].contains(result.status), "\(result.error)")
        #expect(setup.api.server.requestCount("POST", "/api/auth/apple") == before)
    }
}
