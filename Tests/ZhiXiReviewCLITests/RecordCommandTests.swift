import Foundation
import Testing
import ZhiXiModel
import ZhiXiReviewCLI

@Suite("zhixi-review record")
struct RecordCommandTests {
    static let workspace = """
    {
      "schemaVersion": 1,
      "profile": {"userId": "u1", "timeZone": "Asia/Shanghai"},
      "x-custom": {"kept": true},
      "lessons": [{"id": "L1", "knowledgeBaseId": "k", "title": "反向传播", "estimatedMinutes": 30}],
      "sessions": [
        {"id": "s1", "userId": "u1", "lessonId": "L1", "startedAt": "2026-11-20T12:00:00Z", "userInput": "…", "masteryScore": 70}
      ]
    }
    """

    @Test("appends a session with its score and weak points, and keeps everything else byte for byte")
    func appends() async throws {
        let path = try temporaryFile("w.json", Self.workspace)
        let result = await run("record", path, "--lesson", "L1", "--score", "82", "--weak-point", "链式法则", "--weak-point", "计算图",
                         "--at", "2026-11-29T21:30:00+08:00", "--minutes", "12")
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("反向传播, score 82"))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let workspace = try LearnerWorkspace(jsonData: data)
        #expect(workspace.sessions.count == 2)
        let session = try #require(workspace.sessions.last)
        #expect(session.lessonID == "L1" && session.masteryScore == 82 && session.weakPoints == ["链式法则", "计算图"])
        #expect(session.endedAt == ISO8601DateFormatter().date(from: "2026-11-29T13:30:00Z"))
        #expect(session.startedAt == ISO8601DateFormatter().date(from: "2026-11-29T13:18:00Z"))
        #expect(session.userID == "u1")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"x-custom\": {\"kept\": true}"), "unknown keys survive")
        #expect(text.hasPrefix(String(Self.workspace.prefix(upTo: Self.workspace.range(of: "\"sessions\"")!.lowerBound))))
        // The new session changes the plan.
        #expect(await run("plan", path, "--format", "json", "--now", "2026-11-29T22:00:00+08:00").output.contains("链式法则"))
    }

    @Test("a workspace without sessions gets a sessions array")
    func createsArray() async throws {
        let path = try temporaryFile("w.json", "{\"profile\": {\"userId\": \"u1\"}, \"lessons\": [{\"id\": \"L1\", \"knowledgeBaseId\": \"k\", \"title\": \"t\", \"estimatedMinutes\": 5}]}")
        #expect(await run("record", path, "--lesson", "L1", "--score", "60").status == 0)
        #expect(try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: path))).sessions.count == 1)
    }

    @Test("on any error the file is left untouched", arguments: [
        (["--lesson", "L9", "--score", "80"], Int32(65), "no lesson has the id or the exact title 'L9'"),
        (["--lesson", "L1", "--score", "-1"], 64, "--score '-1'"),
        (["--lesson", "L1", "--score", "80", "--at", "yesterday"], 64, "--at 'yesterday'"),
        (["--lesson", "L1", "--score", "80", "--review-type", "mindMap"], 64, "--review-type 'mindMap'"),
    ])
    func untouchedOnError(arguments: [String], status: Int32, message: String) async throws {
        let path = try temporaryFile("w.json", Self.workspace)
        let result = await run(["record", path] + arguments)
        #expect(result.status == status)
        #expect(result.error.contains(message), "stderr: \(result.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.workspace)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["w.json"], "no temporary file left behind")
    }

    @Test("a malformed workspace is reported and not touched")
    func malformed() async throws {
        let broken = String(Self.workspace.dropLast(3))
        let path = try temporaryFile("w.json", broken)
        let result = await run("record", path, "--lesson", "L1", "--score", "80")
        #expect(result.status == 65)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }
}
