import Foundation
import Testing
@testable import ZhiXiModel

/// Workspaces written by the previous version (schema 1) still read, by both decoders: each
/// type reads the names it had then where its own are absent, and its own name wins when a
/// file has both.
@Suite("Workspace schema 1: the previous version's files still read")
struct WorkspaceSchemaTests {
    /// The sample workspace as schema 1 wrote it, kept byte for byte.
    static func schemaOneSample() throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "workspace-schema-1", withExtension: "json", subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    @Test("the schema 1 sample reads with both decoders, its former names mapped")
    func sampleOfSchemaOne() throws {
        let data = try Self.schemaOneSample()
        let fast = try LearnerWorkspace(jsonData: data)
        #expect(fast == (try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data)))
        #expect(fast.schemaVersion == 1)
        let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rawLessons = try #require(raw["lessons"] as? [[String: Any]])
        #expect(!rawLessons.isEmpty && rawLessons.count == fast.lessons.count)
        for (lesson, rawLesson) in zip(fast.lessons, rawLessons) {
            #expect(lesson.content == rawLesson["summary"] as? String, "summary → content")
            #expect(lesson.pathID == rawLesson["learningPathId"] as? String, "learningPathId → pathId")
            #expect(lesson.knowledgeBaseID == rawLesson["knowledgeBaseId"] as? String)
        }
        let rawPaths = try #require(raw["learningPaths"] as? [[String: Any]])
        #expect(!rawPaths.isEmpty && zip(fast.learningPaths, rawPaths).allSatisfy { $0.description == $1["summary"] as? String })
        let rawBases = try #require(raw["knowledgeBases"] as? [[String: Any]])
        #expect(!rawBases.isEmpty && zip(fast.knowledgeBases, rawBases).allSatisfy { $0.description == $1["summary"] as? String })
        let rawFeedback = try #require(raw["feedback"] as? [[String: Any]])
        #expect(!rawFeedback.isEmpty && zip(fast.feedback, rawFeedback).allSatisfy { $0.content == $1["comment"] as? String && $0.category == .other })
    }

    @Test("written again, it is schema 2 with the design's names, and reads back the same")
    func writtenInTheNewNames() throws {
        var workspace = try LearnerWorkspace(jsonData: Self.schemaOneSample())
        workspace.schemaVersion = LearnerWorkspace.currentSchemaVersion
        let data = try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(workspace)
        let text = String(decoding: data, as: UTF8.self)
        #expect(LearnerWorkspace.currentSchemaVersion == 2)
        for former in ["\"summary\"", "\"learningPathId\"", "\"comment\"", "\"subject\""] { #expect(!text.contains(former), "\(former) is not written") }
        for current in ["\"description\"", "\"pathId\"", "\"content\""] { #expect(text.contains(current)) }
        #expect(try LearnerWorkspace(jsonData: data) == workspace)
    }

    @Test("a key under both its own and its former name: its own wins (unless null), in either order, in both decoders",
          arguments: [#"{"id":"l","title":"t","estimatedMinutes":5,"summary":"old","content":"new"}"#,
                      #"{"id":"l","title":"t","estimatedMinutes":5,"content":"new","summary":"old"}"#,
                      #"{"id":"l","title":"t","estimatedMinutes":5,"summary":"old","content":null}"#,
                      #"{"id":"l","title":"t","estimatedMinutes":5,"content":null,"summary":"old"}"#])
    func ownNameWins(json: String) throws {
        let wrapped = Data(#"{"lessons":[\#(json)]}"#.utf8)
        let fast = try LearnerWorkspace(jsonData: wrapped).lessons[0]
        let foundation = try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: wrapped).lessons[0]
        #expect(fast == foundation)
        #expect(fast.content == (json.contains("null") ? "old" : "new"), "null is no value: the former name's is read")
    }

    @Test("a required key present only under no name is reported by name, by both decoders")
    func missingRequired() throws {
        let json = Data(#"{"lessons":[{"id":"l","title":"t"}]}"#.utf8)
        #expect(throws: WorkspaceDecodingError.self) { try LearnerWorkspace(jsonData: json) }
        do {
            _ = try LearnerWorkspace(jsonData: json)
        } catch {
            #expect(error.path == "lessons[0]" && error.reason == #"missing required key "estimatedMinutes""#)
        }
        #expect(throws: DecodingError.self) { try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: json) }
    }
}

/// `User.createdAt` and `lastLoginAt` in any RFC 3339 form; anything else names the path.
@Suite("User dates: any RFC 3339 form decodes, anything else is an error naming the path")
struct UserDateTests {
    static func user(_ createdAt: String) -> Data {
        Data(#"{"user":{"id":"u","appleUserId":"a","createdAt":"\#(createdAt)","lastLoginAt":"\#(createdAt)"}}"#.utf8)
    }

    @Test("fractional seconds or not, Z or an offset, upper or lower case", arguments: [
        ("2026-08-30T11:52:07Z", 0.0), ("2026-08-30T11:52:07.123Z", 0.123), ("2026-08-30T19:52:07+08:00", 0),
        ("2026-08-30T19:52:07.5+08:00", 0.5), ("2026-08-30T06:22:07.000001-05:30", 0.000001), ("2026-08-30t11:52:07z", 0),
        ("2026-08-30T11:52:07-00:00", 0), ("2026-08-30T11:52:07.250000000Z", 0.25),
    ])
    func forms(text: String, fraction: Double) throws {
        let expected = Date(timeIntervalSince1970: 1_788_090_727 + fraction)
        for workspace in [try LearnerWorkspace(jsonData: Self.user(text)),
                          try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: Self.user(text))] {
            let user = try #require(workspace.user)
            #expect(abs(user.createdAt.timeIntervalSince(expected)) < 1e-6, "\(text)")
            #expect(abs((user.lastLoginAt ?? .distantPast).timeIntervalSince(expected)) < 1e-6)
        }
    }

    @Test("not RFC 3339: an error naming user.createdAt", arguments: ["2026-08-30 11:52:07", "2026-08-30", "1788090727", "30/08/2026 11:52"])
    func notRFC3339(text: String) throws {
        do {
            _ = try LearnerWorkspace(jsonData: Self.user(text))
            Issue.record("\(text) was read")
        } catch {
            #expect(error.path == "user.createdAt")
        }
        do {
            _ = try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: Self.user(text))
            Issue.record("\(text) was read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["user", "createdAt"])
        }
    }
}
