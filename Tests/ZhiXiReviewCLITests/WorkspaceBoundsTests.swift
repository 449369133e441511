// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer
import ZhiXiModel

/// Issue 16, class 8: every numeric and date field of a workspace is bounded; a value out of
/// range is refused with 65 naming its field (in `--batch`, that learner's error line only),
/// never a crash or gigabytes of memory.
@Suite("Workspace values out of range: 65 naming the field, never a crash", .serialized, .tags(.endToEnd))
struct WorkspaceBoundsTests {
    /// The sample workspace with `change` applied, as compact JSON.
    static func sample(_ change: (inout [String: Any]) -> Void) throws -> String {
        var object = try sampleWorkspaceObject()
        change(&object)
        return try jsonText(object)
    }

    static func setLesson(_ index: Int, _ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
        { object in
            var lessons = object["lessons"] as! [[String: Any]]
            lessons[index][key] = value
            object["lessons"] = lessons
        }
    }

    @Test("a lesson of 10^10 minutes is refused with 65 naming lessons[3].estimatedMinutes (it aborted with 134)")
    func hugeMinutes() async throws {
        let path = try temporaryFile("w.json", try Self.sample(Self.setLesson(3, "estimatedMinutes", 10_000_000_000)))
        let result = try await ExecutableRun.run(["plan", path], memoryBytes: 2 << 30)
        #expect(!result.crashed && result.status == 65, "status \(result.status): \(result.error)")
        #expect(result.error.contains("lessons[3].estimatedMinutes"))
    }

    @Test("plan --batch: the learner with 10^10 minutes gets an error line, the ten others their plans")
    func batch() async throws {
        let good = try Self.sample { _ in }
        let bad = try Self.sample(Self.setLesson(3, "estimatedMinutes", 10_000_000_000))
        let lines = (1 ... 11).map { $0 == 6 ? bad : good }.joined(separator: "\n") + "\n"
        let result = try await ExecutableRun.run(["plan", "--batch", "-", "--now", "2026-11-29T01:00:00Z"], input: .bytes(Data(lines.utf8)), memoryBytes: 2 << 30)
        #expect(!result.crashed && result.status == 65, "status \(result.status): \(result.error)")
        let output = result.outputText.split(separator: "\n")
        #expect(output.count == 11)
        #expect(output.enumerated().allSatisfy { $0.offset == 5 ? $0.element.contains("\"error\"") : $0.element.contains("\"plan\"") })
        #expect(output.count > 5 && output[5].contains("lessons[3].estimatedMinutes"))
    }

    @Test("values no learner can have are refused with 65 naming the field", arguments: [
        ("profile.firstWeekday", #""firstWeekday":2"#, #""firstWeekday":99"#),
        ("profile.dailyMinutes", #""dailyMinutes":45"#, #""dailyMinutes":100000"#),
        ("schemaVersion", #""schemaVersion":\#(LearnerWorkspace.currentSchemaVersion)"#, #""schemaVersion":99"#),
        ("sessions[0].startedAt", #""startedAt":"2026-09-01T16:37:00Z""#, #""startedAt":"3026-09-01T16:37:00Z""#),
        ("sessions[0].endedAt", #""endedAt":"2026-09-01T17:05:00Z""#, #""endedAt":"2026-09-01T15:05:00Z""#),
        ("lessons[0].estimatedMinutes", #""estimatedMinutes":25"#, #""estimatedMinutes":-5"#),
    ])
    func outOfRange(field: String, original: String, replacement: String) async throws {
        let text = try Self.sample { _ in }
        #expect(text.contains(original), "the sample holds \(original)")
        let path = try temporaryFile("w.json", text.replacingOccurrences(of: original, with: replacement))
        let result = await run("plan", path, "--week", "calendar")
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains(field), "\(result.error)")
    }

    @Test("the next schema version is read (this version's plus one), and the first one")
    func nextSchemaVersion() async throws {
        let text = try Self.sample { $0["schemaVersion"] = LearnerWorkspace.currentSchemaVersion + 1 }
        let result = await run("plan", try temporaryFile("w.json", text), "--now", "2026-11-29T09:00:00+08:00")
        #expect(result.status == 0, "\(result.error)")
    }
}
#endif
