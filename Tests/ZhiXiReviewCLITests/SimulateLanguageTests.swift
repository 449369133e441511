import Foundation
import Testing
import ZhiXiReviewCLI

/// `simulate`'s text report in the run's language (`--lang`, else LC_ALL, LC_MESSAGES or LANG,
/// else the learner's, else Simplified Chinese): the same figures in every language; JSON, CSV
/// and the chart English.
@Suite("zhixi-review simulate: the report's language")
struct SimulateLanguageTests {
    static let sample = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    /// The figures with a decimal point, sorted (a language may put them in another order), without a full stop after them.
    static func figures(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isNumber && $0 != "." }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { $0.contains(".") && $0.contains(where: \.isNumber) }.sorted()
    }

    static func isChinese(_ line: Substring) -> Bool { line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }

    /// Runs `arguments` in English (LANG=en_US, and --lang en) and in Chinese (--lang zh, LANG=zh_CN,
    /// and LANG=C.UTF-8, which chooses no language: the learner's or the base), and checks that the
    /// Chinese report has the English one's lines and figures, every line with words in Chinese.
    static func check(_ arguments: [String], expecting english: [String], chinese: [String]) async throws {
        let byDefault = await run(["simulate"] + arguments, environment: ["LANG": "en_US.UTF-8"])
        #expect(byDefault.status == 0, "\(byDefault.error)")
        let asked = await run(["simulate"] + arguments + ["--lang", "en"], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(asked.output == byDefault.output, "--lang en before the environment")
        let zh = await run(["simulate"] + arguments + ["--lang", "zh"])
        #expect(zh.status == 0, "\(zh.error)")
        #expect(await run(["simulate"] + arguments, environment: ["LANG": "zh_CN.UTF-8"]).output == zh.output, "LANG=zh_CN is Chinese")
        #expect(await run(["simulate"] + arguments, environment: ["LANG": "C.UTF-8"]).output == zh.output, "LANG=C.UTF-8 chooses none")
        let lines = zh.output.split(separator: "\n")
        #expect(lines.count == byDefault.output.split(separator: "\n").count && lines.count > 5)
        for line in lines where line.contains(where: { $0.isASCII && $0.isLetter }) {
            #expect(isChinese(line), "not Chinese: \(line)")
        }
        #expect(figures(zh.output) == figures(byDefault.output), "the same figures")
        for text in english { #expect(byDefault.output.contains(text), "\(text)") }
        for text in chinese { #expect(zh.output.contains(text), "\(text)\n\(zh.output)") }
    }

    @Test("one retention, cards mode: the setting, the table and the sparklines in Chinese")
    func single() async throws {
        try await Self.check(["--days", "40", "--deck", "300", "--seeds", "2"],
                             expecting: ["Simulation: cards mode, 300 cards, 40 days", "memorized  ", "           day 1"],
                             chinese: ["模拟：卡片模式，300 张卡片，40 天", "期望保持率 0.90", "记住       ", "第 40 天", "复习次数"])
    }

    @Test("a sweep with --budget, cards mode: the table's columns, its key, the recommendation and the budget's paragraph")
    func sweepWithBudget() async throws {
        try await Self.check(["--days", "40", "--deck", "300", "--seeds", "2", "--sweep", "0.80:0.90:0.05", "--budget", "4"],
                             expecting: ["Budget 4 min a day", "retention", "Without the cap, 0.", "How sure: each seed on its own would pick"],
                             chinese: ["预算每天 4 分钟", "期望保持率", "推荐", "把握多大", "不设上限时，0.", "每个种子单独会选"])
    }

    @Test("ZhiXi mode from the workspace: dates in Chinese (2026年11月…), the JSON the same in both languages")
    func zhiXiDates() async throws {
        let arguments = ["--workspace", Self.sample, "--now", "2026-11-29T01:00:00Z", "--days", "60", "--budget", "10"]
        try await Self.check(arguments, expecting: ["ZhiXi mode", "Without the cap, 0."], chinese: ["知习模式", "2026年1", "不设上限时，0."])
        let json = await run(["simulate"] + arguments + ["--format", "json"])
        #expect(json.status == 0 && json.output.contains("\"mode\""))
        #expect(await run(["simulate"] + arguments + ["--format", "json", "--lang", "zh"]).output == json.output)
        let csv = await run(["simulate"] + arguments + ["--format", "csv"])
        #expect(await run(["simulate"] + arguments + ["--format", "csv", "--lang", "zh"]).output == csv.output)
    }

    @Test("a sweep with --budget, ZhiXi mode from the workspace: the need without the cap and how sure the pick is, in Chinese")
    func zhiXiSweepWithBudget() async throws {
        let arguments = ["--workspace", Self.sample, "--now", "2026-11-29T01:00:00Z", "--days", "90", "--sweep", "0.80:0.90:0.05",
                         "--seeds", "10", "--budget", "30"]
        try await Self.check(arguments, expecting: ["Without the cap, 0.90 needs", "How sure: each seed on its own would pick",
                                                    "Without the cap, the recommended 0.85 needs", "Its reviews alone, with no new lessons"],
                             chinese: ["不设上限时，0.90 平均每天需要", "每个种子单独会选", "不设上限时，推荐的 0.85", "即使不学新课"])
    }

    @Test("--lang with a language without files is a usage error (64) naming the languages")
    func unknownLanguage() async {
        let result = await run("simulate", "--days", "5", "--deck", "10", "--lang", "xx")
        #expect(result.status == 64)
        #expect(result.error.contains("--lang") && result.error.contains("zh-Hans"), "\(result.error)")
    }
}
