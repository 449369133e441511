import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReviewCLI

/// The plan's day-to-day edges (issue 27): a break's moves said and counted, local times in
/// CSV, `--now` as a date, `record --lesson` by title, and the `lessons` listing.
@Suite("zhixi-review plan, record and lessons: the day-to-day edges")
struct PlanEdgesTests {
    static let sample = PlanCommandTests.sample

    @Test("the sample with --away 2026-12-03:2026-12-06 from 30 Nov: every task whose day changed says so, and a note counts them")
    func breakFromNovember30() async throws {
        let common = ["plan", Self.sample, "--now", "2026-11-30T09:00:00+08:00", "--lang", "en", "--format", "csv"]
        let without = await run(common)
        let with = await run(common + ["--away", "2026-12-03:2026-12-06"])
        #expect(without.status == 0 && with.status == 0)
        func rows(_ csv: String) throws -> [String: [String: String]] {
            let table = try CSVTable(csv)
            return Dictionary(uniqueKeysWithValues: table.rows.map { ($0["task_id"]!, $0) })
        }
        let before = try rows(without.output), after = try rows(with.output)
        #expect(before.keys.sorted() == after.keys.sorted())
        var changed = 0
        for (id, row) in after {
            let other = try #require(before[id])
            if row["date"] == other["date"] {
                #expect(!(row["reason"] ?? "").contains("break"), "\(row["reason"] ?? "")")
                continue
            }
            changed += 1
            let reason = row["reason"] ?? ""
            #expect(reason.contains("Without your break (Dec 3–Dec 6) it would be on ") || reason.contains("when you are away"), "\(reason)")
        }
        #expect(changed == 6)
        #expect(with.error.contains("note: Away Dec 3–Dec 6: 6 tasks are on other days than they would be without your break "
                                    + "(3 earlier, 3 later)."), "\(with.error)")
        let text = await run(Array(common.dropLast(2)) + ["--away", "2026-12-03:2026-12-06"])
        #expect(text.output.contains("  - Away Dec 3–Dec 6: 6 tasks are on other days than they would be without your break"))
    }

    @Test("CSV: the study date and times in the learner's zone, UTC in a column of its own")
    func csvTimes() async throws {
        let csv = await run("plan", Self.sample, "--now", "2026-11-29T09:00:00+08:00", "--format", "csv")
        let table = try CSVTable(csv.output)
        #expect(table.header.first == "group" && table.header[1] == "date" && table.header.last == "scheduled_at_utc")
        let first = try #require(table.rows.first)
        #expect(first["date"] == "2026-11-29")
        #expect(first["scheduled_at"] == "2026-11-29T04:00:00+08:00")
        #expect(first["scheduled_at_utc"] == "2026-11-28T20:00:00Z")
        #expect(first["due_at"]?.hasSuffix("+08:00") == true)
        for row in table.rows {
            #expect(row["scheduled_at"]?.hasPrefix(row["date"]! + "T04:00:00") == true, "\(row)")
        }
    }

    @Test("--now takes a date: the start of that study day in the learner's zone, the same plan as that instant")
    func nowAsDate() async throws {
        let date = await run("plan", Self.sample, "--now", "2026-11-30", "--format", "json")
        let instant = await run("plan", Self.sample, "--now", "2026-11-30T04:00:00+08:00", "--format", "json")
        #expect(date.status == 0, "\(date.error)")
        #expect(date.output == instant.output)
        #expect(date.output.contains("\"generatedAt\":\"2026-11-29T20:00:00Z\""))
        // In another zone the same date is that zone's day.
        let newYork = await run("plan", Self.sample, "--now", "2026-11-30", "--timezone", "America/New_York", "--format", "json")
        #expect(newYork.output.contains("\"generatedAt\":\"2026-11-30T09:00:00Z\""))
        // A batch reads the date on each learner's own calendar.
        let line = try FleetFixture.sampleLine()
        let batch = await run(["plan", "--batch", "-", "--now", "2026-11-30"], standardInput: Data((line + "\n").utf8))
        #expect(batch.output.contains("\"generatedAt\":\"2026-11-29T20:00:00Z\""))
        let bad = await run("plan", Self.sample, "--now", "2026-11-31")
        #expect(bad.status == 64 && bad.error.contains("or a date YYYY-MM-DD"), "\(bad.error)")
    }

    @Test("record --lesson takes an id or the exact title, echoes the time in the learner's zone, and lists ids with titles when wrong")
    func recordByTitle() async throws {
        let path = try temporaryFile("w.json", String(contentsOfFile: Self.sample, encoding: .utf8))
        let recorded = await run("record", path, "--lesson", "反向传播", "--score", "80", "--at", "2026-11-29T21:30:00+08:00")
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(recorded.output.contains(": 反向传播, score 80, no weak points, at 2026-11-29T21:30:00+08:00 → "), "\(recorded.output)")
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(workspace.sessions.last?.lessonID == "lesson-4-2")

        let near = await run("record", path, "--lesson", "传播", "--score", "80")
        #expect(near.status == 65)
        #expect(near.error.contains("no lesson has the id or the exact title '传播'; did you mean lesson-4-2 (反向传播)?"), "\(near.error)")
        #expect(near.error.contains("'zhixi-review lessons \(path)' lists every lesson"))
        let unknown = await run("record", path, "--lesson", "xyz", "--score", "80")
        #expect(unknown.error.contains("its 30 lessons include lesson-1-1 (线性代数：向量与矩阵), lesson-1-2 (矩阵分解与特征值), "), "\(unknown.error)")

        // Two lessons with the same title: the id is needed.
        let twins = try temporaryFile("twins.json", """
            {"profile": {"userId": "u1"}, "lessons": [{"id": "L1", "knowledgeBaseId": "k", "title": "同名", "estimatedMinutes": 5},
            {"id": "L2", "knowledgeBaseId": "k", "title": "同名", "estimatedMinutes": 5}]}
            """)
        let ambiguous = await run("record", twins, "--lesson", "同名", "--score", "80")
        #expect(ambiguous.status == 65 && ambiguous.error.contains("2 lessons have the title '同名': L1 (同名), L2 (同名); give the id"))
        #expect(await run("record", twins, "--lesson", "L2", "--score", "80").status == 0)
    }

    @Test("lessons lists ids, titles, sessions and the next review as plan plans it")
    func lessonsListing() async throws {
        let text = await run("lessons", Self.sample, "--now", "2026-11-30", "--lang", "en")
        #expect(text.status == 0, "\(text.error)")
        let lines = text.output.components(separatedBy: "\n")
        #expect(lines[0] == "Lessons · 林晓 · 30 lessons · as of Mon Nov 30 · Asia/Shanghai")
        #expect(lines.contains { $0.hasPrefix("lesson-4-2  反向传播") && $0.contains("Fri Dec 11 · Recall") }, "\(text.output)")
        #expect(lines.contains { $0.hasPrefix("lesson-5-4  高斯混合模型") && $0.contains("not studied yet") })
        // The next review is the plan's.
        let plan = await run("plan", Self.sample, "--now", "2026-11-30", "--format", "csv")
        let table = try CSVTable(plan.output)
        let backprop = try #require(table.rows.first { $0["lesson_id"] == "lesson-4-2" && $0["weak_point"] == "" })
        let csv = try CSVTable(await run("lessons", Self.sample, "--now", "2026-11-30", "--format", "csv").output)
        let row = try #require(csv.rows.first { $0["id"] == "lesson-4-2" })
        #expect(row["next_review_date"] == backprop["date"] && row["task_id"] == backprop["task_id"])
        let json = await run("lessons", Self.sample, "--now", "2026-11-30", "--format", "json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(array.count == 30)
        #expect(array.last?["nextReview"] is NSNull && array.last?["lastStudied"] is NSNull)
    }
}

/// A CSV document with a header, read as rows of named fields (quoted fields with commas,
/// quotes and line breaks included).
struct CSVTable {
    var header: [String]
    var rows: [[String: String]]

    init(_ text: String) throws {
        var records: [[String]] = [], field = "", record: [String] = [], quoted = false
        var iterator = text.makeIterator()
        var pending: Character?
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(field); field = ""
            } else if character == "\n" {
                record.append(field); records.append(record); record = []; field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        guard let header = records.first else { throw CocoaError(.fileReadCorruptFile) }
        self.header = header
        rows = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
