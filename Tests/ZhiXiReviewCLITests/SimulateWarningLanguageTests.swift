import Foundation
import Testing
import ZhiXiLocalization
import ZhiXiMemory
@testable import ZhiXiReviewCLI
import ZhiXiSimulation

/// `simulate`'s warnings in the text report's language: in English the library's description
/// word for word (what JSON's `message` and the diagnostics say), in Chinese the same figures.
@Suite("zhixi-review simulate: the warnings in the report's language")
struct SimulateWarningLanguageTests {
    /// One warning of every kind and variant.
    static let warnings: [SimulationWarning] = [
        .capBinds(share: 0.37, retention: 0.85, capMinutes: 10), .capBinds(share: 0.045, retention: 0.9, capMinutes: 12.5),
        .capBinds(share: 1, retention: 0.5, capMinutes: nil), .flatMinutes(spread: 0.0123, lowest: 9.96, highest: 10.08),
        .optimumAtEdge(retention: 0.7, atLowerEdge: true), .optimumAtEdge(retention: 0.97, atLowerEdge: false),
        .outsideAnkiRange(retention: 0.55), .parametersAtBound(indices: [3, 12], values: [100, 0.001]), .fewItems(items: 169),
    ]

    @Test("English is the library's description byte for byte; Chinese has the same figures and no English phrase")
    func everyKind() {
        let chinese = Localization(language: "zh-Hans")
        for warning in Self.warnings {
            #expect(SimulationWarningText.sentence(warning, words: .english) == warning.description)
            let zh = SimulationWarningText.sentence(warning, words: chinese)
            #expect(SimulateLanguageTests.isChinese(Substring(zh)), "\(zh)")
            #expect(SentencesInEnglish.phrases(zh).isEmpty, "\(zh)")
            #expect(SimulateLanguageTests.figures(zh) == SimulateLanguageTests.figures(warning.description), "\(zh)")
        }
        let bound = SimulationWarningText.sentence(Self.warnings[7], words: chinese)
        #expect(bound.contains("w[3]（首次评为“简单”后的稳定性） = 100.0000, w[12] = 0.0010"), "\(bound)")
    }

    @Test("a run with every kind: Chinese lines with --lang zh; --lang en the JSON's messages; the diagnostics English")
    func everyKindInARun() async throws {
        var weights = FSRSParameters.defaultWeights
        weights[3] = 100
        let log = try temporaryFile("log.csv", learnerLog())
        let arguments = ["simulate", "--revlog", log, "--days", "30", "--sweep", "0.50:0.55:0.05", "--seeds", "2", "--new-per-day", "1000",
                         "--max-minutes-per-day", "1", "--params", "[" + weights.map { "\($0)" }.joined(separator: ",") + "]"]
        let json = await run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.error)")
        let messages = try #require(try jsonObject(json.output)["warnings"] as? [[String: Any]])
        #expect(Set(messages.compactMap { $0["code"] as? String })
            == ["capBinds", "flatMinutes", "optimumAtEdge", "outsideAnkiRange", "parametersAtBound", "fewItems"])
        #expect(json.error.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.count >= messages.count)
        let english = await run(arguments + ["--lang", "en"])
        let warningLines = english.output.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init)
        #expect(warningLines == messages.map { "warning: " + ($0["message"] as? String ?? "") })
        let zh = await run(arguments + ["--lang", "zh"])
        #expect(zh.status == 0 && zh.error == english.error, "the diagnostics stay English")
        let zhLines = zh.output.split(separator: "\n").filter { $0.hasPrefix("警告：") }
        #expect(zhLines.count == messages.count)
        for line in zhLines { #expect(SentencesInEnglish.phrases(String(line)).isEmpty, "\(line)") }
        #expect(zhLines.contains { $0.contains("w[3]（首次评为“简单”后的稳定性） = 100.0000") }, "\(zhLines)")
    }
}

/// Phrases of three English words or more (space-parted, with lowercase letters) in a text.
enum SentencesInEnglish {
    static func phrases(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0 == " ")) }).map(String.init).filter { piece in
            piece.split(separator: " ").filter { $0.count >= 2 && $0.contains(where: \.isLowercase) }.count >= 3
        }
    }
}
