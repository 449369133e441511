import Foundation
import Testing
import ZhiXiReviewCLI

/// The reports of `optimize` and `record` in the run's language (`--lang`, else LC_ALL,
/// LC_MESSAGES or LANG, else the learner's, else Simplified Chinese), their machine parts (the
/// parameters' JSON array, the session's JSON) the same in every language.
@Suite("zhixi-review optimize and record: the report's language")
struct ReportLanguageTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    /// The report's lines before the parameters' array (the last line).
    static func reportLines(_ output: String) -> [Substring] { output.split(separator: "\n").dropLast() }

    @Test("optimize --lang zh: every line of the report is Chinese; the parameters are the same; LANG=C chooses none: the learner's")
    func optimize() async throws {
        let english = await run("optimize", Self.sample, "--seed", "7")
        #expect(english.status == 0, "\(english.error)")
        let chinese = await run("optimize", Self.sample, "--seed", "7", "--lang", "zh")
        #expect(chinese.status == 0, "\(chinese.error)")
        #expect(english.output.split(separator: "\n").last == chinese.output.split(separator: "\n").last, "the same parameters")
        let lines = Self.reportLines(chinese.output)
        #expect(lines.count == Self.reportLines(english.output).count && !lines.isEmpty)
        for line in lines {
            #expect(line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "not Chinese: \(line)")
        }
        #expect(chinese.output.contains("结论："))
        #expect(english.output.contains("verdict: "))
        #expect(await run(["optimize", Self.sample, "--seed", "7"], environment: ["LANG": "C.UTF-8"]).output == chinese.output,
                "the sample learner's profile says zh-Hans")
        #expect(await run(["optimize", Self.sample, "--seed", "7"], environment: ["LANG": "zh_CN.UTF-8"]).output == chinese.output)
        #expect(await run(["optimize", Self.sample, "--seed", "7", "--lang", "en"], environment: ["LC_ALL": "zh_TW.UTF-8"]).output
                == english.output, "--lang before the environment")
    }

    @Test("evaluate --lang zh: every line of the report is Chinese, the figures the same; the JSON the same in both languages")
    func evaluate() async throws {
        for splits in ["1", "3"] {
            let english = await run("evaluate", Self.sample, "--splits", splits)
            let chinese = await run("evaluate", Self.sample, "--splits", splits, "--lang", "zh")
            #expect(english.status == 0 && chinese.status == 0, "\(chinese.error)")
            let lines = chinese.output.split(separator: "\n")
            #expect(lines.count == english.output.split(separator: "\n").count && lines.count > 3)
            for line in lines where !line.allSatisfy({ $0 == "-" || $0 == " " }) {   // the table's rule is no sentence
                #expect(line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "not Chinese: \(line)")
            }
            #expect(!chinese.output.contains(" reviews of "), "where the items came from, in Chinese too")
            func numbers(_ text: String) -> [Substring] {
                text.split(whereSeparator: { !$0.isNumber && $0 != "." }).filter { $0.contains(".") && $0.contains(where: \.isNumber) }
            }
            #expect(numbers(chinese.output) == numbers(english.output), "the same figures, in the same order")
            let json = await run("evaluate", Self.sample, "--splits", splits, "--format", "json")
            #expect(await run("evaluate", Self.sample, "--splits", splits, "--format", "json", "--lang", "zh").output == json.output)
        }
    }

    @Test("record: the line in English with LANG=en_US, in Chinese with --lang zh, LANG=zh_CN or the profile's zh-Hans; the JSON alike")
    func record() async throws {
        let workspace = """
        {"schemaVersion": 1, "profile": {"userId": "u1", "timeZone": "Asia/Shanghai", "preferredLanguage": "zh-Hans"},
         "lessons": [{"id": "L1", "knowledgeBaseId": "k", "title": "反向传播", "estimatedMinutes": 30}], "sessions": []}
        """
        let at = ["--at", "2026-11-29T21:30:00+08:00"]
        let english = await run(["record", try temporaryFile("w.json", workspace), "--lesson", "L1", "--score", "82", "--weak-point", "链式法则",
                                 "--weak-point", "计算图", "--session-id", "s-1"] + at)
        #expect(english.status == 0, "\(english.error)")
        #expect(english.output.hasPrefix("recorded s-1: 反向传播, score 82, weak points: 链式法则, 计算图, at "))
        let chinese = await run(["record", try temporaryFile("w.json", workspace), "--lesson", "L1", "--score", "82", "--weak-point", "链式法则",
                                 "--weak-point", "计算图", "--session-id", "s-1", "--lang", "zh"] + at)
        #expect(chinese.output.hasPrefix("已记录 s-1：反向传播，得分 82，薄弱点：链式法则、计算图，时间 "), "\(chinese.output)")
        let unscored = await run(["record", try temporaryFile("w.json", workspace), "--lesson", "L1", "--session-id", "s-2"] + at,
                                 environment: ["LANG": "zh_CN.UTF-8"])
        #expect(unscored.output.hasPrefix("已记录 s-2：反向传播，得分 无，没有薄弱点，"), "\(unscored.output)")
        let profiles = await run(["record", try temporaryFile("w.json", workspace), "--lesson", "L1", "--session-id", "s-4"] + at,
                                 environment: ["LANG": "C.UTF-8"])
        #expect(profiles.output.hasPrefix("已记录 s-4：反向传播，"), "LANG=C chooses none: the profile's zh-Hans\n\(profiles.output)")
        let json = await run(["record", try temporaryFile("w.json", workspace), "--lesson", "L1", "--session-id", "s-3", "--format", "json",
                              "--lang", "zh"] + at)
        #expect(json.status == 0 && json.output.hasPrefix("{") && !json.output.contains("已记录"))
    }
}

/// The summary of an Anki file read (what was read, what Anki leaves out, the settings used)
/// in the run's language: `optimize --lang zh` and `evaluate --lang zh` write it in Chinese,
/// every line; `states` too.
@Suite("zhixi-review: an Anki file's summary in the report's language")
struct AnkiSummaryLanguageTests {
    static let collection = packageRoot.appendingPathComponent("Tests/Fixtures/Anki/collection.anki2").path

    /// The summary's lines of `output`: from the one naming what was read, to the settings.
    static func summary(_ output: String, first: String, last: String) -> [Substring] {
        let lines = output.split(separator: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix(first) }),
              let end = lines[start...].firstIndex(where: { $0.hasPrefix(last) }) else { return [] }
        return Array(lines[start ... end])
    }

    @Test("optimize and evaluate --lang zh: the summary's lines are Chinese, as many as in English, with the same figures")
    func chinese() async throws {
        for command in ["optimize", "evaluate"] {
            let english = await run(command, Self.collection, "--preset", "Science", "--timezone", "UTC")
            let chinese = await run(command, Self.collection, "--preset", "Science", "--timezone", "UTC", "--lang", "zh")
            #expect(english.status == 0 && chinese.status == 0, "\(chinese.error)")
            let englishLines = AnkiSummaryLanguageTests.summary(english.output, first: "Read from ", last: "Settings from the collection")
            let chineseLines = AnkiSummaryLanguageTests.summary(chinese.output, first: "从 ", last: "集合中的设置")
            #expect(englishLines.contains { $0.contains("reviews before 2026-01-10 (UTC) ignored") }, "\(command): the cutoff, in the preset's line")
            #expect(englishLines.count >= 3 && chineseLines.count == englishLines.count, "\(command): \(chinese.output)")
            for line in chineseLines {
                #expect(line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(command), not Chinese: \(line)")
            }
            #expect(chinese.output.contains("（已被命令行选项覆盖）"), "the flag that overrides a setting, said in Chinese")
            func numbers(_ lines: [Substring]) -> [Substring] { lines.flatMap { $0.split(whereSeparator: { !($0.isASCII && $0.isNumber) }) } }
            #expect(numbers(chineseLines).sorted() == numbers(englishLines).sorted(), "\(command): the same figures")
        }
        let states = await run(["states", Self.collection, "--now", "2026-11-29T00:00:00Z"], environment: ["LANG": "en_US.UTF-8"])
        #expect(states.status == 0 && states.output.contains("\nRead from "), "states' report, its summary too, in English with LANG=en_US")
        let zh = await run(["states", Self.collection, "--now", "2026-11-29T00:00:00Z"], environment: ["LANG": "zh_CN.UTF-8"])
        let zhLines = AnkiSummaryLanguageTests.summary(zh.output, first: "从 ", last: "集合中的设置")
        let englishLines = AnkiSummaryLanguageTests.summary(states.output, first: "Read from ", last: "Settings from the collection")
        #expect(zh.status == 0 && zhLines.count == englishLines.count && zhLines.count >= 3, "LANG=zh_CN: states' summary in Chinese too\n\(zh.output)")
    }
}
