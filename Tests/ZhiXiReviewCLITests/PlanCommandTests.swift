import Foundation
import Testing
import ZhiXiModel
import ZhiXiReviewCLI

@Suite("zhixi-review plan")
struct PlanCommandTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path
    static let now = "2026-11-29T09:00:00+08:00"

    @Test("text output is grouped 今天 / 明天 / 本周 in Chinese and Today / Tomorrow / This week in English")
    func text() async {
        let chinese = await run("plan", Self.sample, "--now", Self.now, "--lang", "zh")
        #expect(chinese.status == 0)
        for heading in ["今天", "明天", "本周", "每日分钟"] { #expect(chinese.output.contains(heading)) }
        let english = await run("plan", Self.sample, "--now", Self.now, environment: ["LANG": "en_US.UTF-8"])
        for heading in ["Today", "Tomorrow", "This week"] { #expect(english.output.contains(heading)) }
        let fromLang = await run("plan", Self.sample, "--now", Self.now, environment: ["LANG": "zh_CN.UTF-8"])
        #expect(fromLang.output == chinese.output, "--lang defaults from LANG")
    }

    @Test("without --lang, LANG or a language in the profile, the plan is in Simplified Chinese")
    func chineseByDefault() async throws {
        let workspace = #"{"profile":{"userId":"u"},"lessons":[{"id":"L1","title":"动量","estimatedMinutes":10}],"#
            + #""sessions":[{"id":"s1","userId":"u","lessonId":"L1","startedAt":"2026-11-20T10:00:00Z","userInput":"x","masteryScore":70}]}"#
        let path = try temporaryFile("w.json", workspace)
        let plain = await run(["plan", path, "--now", Self.now], environment: [:])
        #expect(plain.status == 0 && plain.output.contains("复习计划"), "\(plain.output)")
        let english = await run("plan", path, "--now", Self.now, environment: ["LANG": "en_US.UTF-8"])
        #expect(english.output.contains("Review plan"))
    }

    @Test("the sample as schema 1 wrote it plans exactly as the sample in schema 2, text and JSON")
    func schemaOneSamePlan() async throws {
        let schemaOne = packageRoot.appendingPathComponent("Tests/ZhiXiModelTests/Fixtures/workspace-schema-1.json").path
        for format in ["text", "json"] {
            let old = await run("plan", schemaOne, "--now", Self.now, "--format", format)
            let new = await run("plan", Self.sample, "--now", Self.now, "--format", format)
            #expect(old.status == 0 && !old.output.isEmpty && old.output == new.output, "\(format)")
        }
    }

    @Test("JSON output round-trips through the model's decoder")
    func jsonRoundTrip() async throws {
        let result = await run("plan", Self.sample, "--now", Self.now, "--format", "json")
        #expect(result.status == 0)
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(result.output.utf8))
        #expect(plan.timezone == "Asia/Shanghai")
        let all = plan.today + plan.tomorrow + plan.thisWeek + plan.later
        #expect(!all.isEmpty)
        #expect(Set(all.map(\.task.id)).count == all.count)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        // The plan's members, then its notes (issue 18 added "notes").
        #expect(Set(object.keys) == ["generatedAt", "timezone", "today", "tomorrow", "thisWeek", "later", "notes"])
        // Each planned task is also a plain ReviewTask.
        let first = try #require((object["later"] as? [[String: Any]])?.first)
        let task = try ZhiXiJSON.makeDecoder().decode(ReviewTask.self, from: JSONSerialization.data(withJSONObject: first))
        #expect(task.id == plan.later.first?.task.id)
        // Re-encoding the decoded plan with the model's encoder gives the same JSON, up to the
        // notes that follow the plan's members.
        let encoded = String(decoding: try ZhiXiJSON.makeEncoder().encode(plan), as: UTF8.self)
        #expect(result.output.hasPrefix(String(encoded.dropLast()) + ",\"notes\":["))
    }

    @Test("JSON output carries the plan's notes, the sentences the text output lists, after the plan's own members")
    func jsonNotes() async throws {
        let json = await run("plan", Self.sample, "--now", Self.now, "--format", "json", "--lang", "en")
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let notes = try #require(object["notes"] as? [String])
        #expect(!notes.isEmpty, "the sample learner's plan has notes")
        let text = await run("plan", Self.sample, "--now", Self.now, "--lang", "en")
        for note in notes { #expect(text.output.contains("  - " + note), "\(note)") }
        #expect(json.output.hasSuffix("]}\n"))
        // A plan without notes has an empty list.
        let tight = await run("plan", Self.sample, "--now", "2026-09-02T09:00:00+08:00", "--format", "json", "--daily-minutes", "0")
        let tightObject = try #require(try JSONSerialization.jsonObject(with: Data(tight.output.utf8)) as? [String: Any])
        #expect(tightObject["notes"] is [Any])
    }

    @Test("planning twice prints the same plan")
    func deterministic() async {
        let first = await run("plan", Self.sample, "--now", Self.now, "--format", "json").output
        let second = await run("plan", Self.sample, "--now", Self.now, "--format", "json").output
        #expect(first == second)
    }

    @Test("CSV has a header and one row per task; iCalendar has one event per task with folded lines")
    func csvAndCalendar() async throws {
        let json = await run("plan", Self.sample, "--now", Self.now, "--format", "json")
        let plan = try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(json.output.utf8))
        let count = plan.today.count + plan.tomorrow.count + plan.thisWeek.count + plan.later.count
        let csv = await run("plan", Self.sample, "--now", Self.now, "--format", "csv")
        #expect(csv.output.hasPrefix("group,date,scheduled_at,review_type,lesson_id,"))
        let ics = await run("plan", Self.sample, "--now", Self.now, "--format", "ics")
        #expect(ics.status == 0)
        #expect(ics.output.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.output.hasSuffix("END:VCALENDAR\r\n"))
        #expect(ics.output.components(separatedBy: "BEGIN:VEVENT").count - 1 == count)
        for line in ics.output.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
        #expect(ics.output.contains("DTSTART;VALUE=DATE:"))
    }

    @Test("flags override the profile: a smaller budget defers tasks, --no-fuzz and --days change the plan")
    func overrides() async {
        let normal = await run("plan", Self.sample, "--now", Self.now, "--format", "json")
        let tight = await run("plan", Self.sample, "--now", Self.now, "--format", "json", "--daily-minutes", "5")
        #expect(tight.status == 0 && tight.output != normal.output)
        #expect(tight.output.contains("deferredFrom"))
        #expect(tight.error.contains("note:"))
        #expect(await run("plan", Self.sample, "--now", Self.now, "--no-fuzz", "--days", "3").status == 0)
        #expect(await run("plan", Self.sample, "--now", Self.now, "--days", "0").status == 64)
    }

    @Test("malformed JSON exits 65 and names the line", arguments: [
        ("{\n  \"profile\": {\"userId\": \"u\"},\n  \"lessons\": [\n    {\"id\": \"L1\",, }\n  ]\n}", "line 4"),
        ("{\"profile\": {\"userId\": \"u\"}, \"sessions\": [{\"id\": 5}]}", "sessions[0].id"),
        ("[1, 2]", "line 1"),
    ])
    func malformed(json: String, location: String) async throws {
        let path = try temporaryFile("w.json", json)
        let result = await run("plan", path)
        #expect(result.status == 65)
        #expect(result.error.contains("w.json"))
        #expect(result.error.contains(location), "stderr was: \(result.error)")
    }

    @Test("a session of an unknown lesson, or a score outside 0–100, is bad data naming the record")
    func badRecords() async throws {
        let base = """
        {"profile": {"userId": "u"}, "lessons": [{"id": "L1", "knowledgeBaseId": "k", "title": "t", "estimatedMinutes": 10}],
         "sessions": [{"id": "s1", "userId": "u", "lessonId": "%@", "startedAt": "2026-11-01T10:00:00Z", "userInput": "", "masteryScore": %@}]}
        """
        let unknown = try temporaryFile("w.json", String(format: base, "L9", "80"))
        let result = await run("plan", unknown)
        #expect(result.status == 65)
        #expect(result.error.contains("sessions[0].lessonId") && result.error.contains("'L9'"))
        let score = try temporaryFile("w.json", String(format: base, "L1", "130"))
        #expect(await run("plan", score).error.contains("sessions[0].masteryScore"))
        let zone = try temporaryFile("w.json", "{\"profile\": {\"userId\": \"u\", \"timeZone\": \"Nowhere/City\"}}")
        let zoneResult = await run("plan", zone)
        #expect(zoneResult.status == 65 && zoneResult.error.contains("profile.timeZone"))
    }
}
