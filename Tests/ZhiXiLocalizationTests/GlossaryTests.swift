import Foundation
import Testing
@testable import ZhiXiLocalization

/// One term per idea: the glossary of each language (`glossary.*` in `Common.strings`) names
/// the term of each idea and the other words for it no text may use; every sentence of every
/// table, counted forms included, is checked against it.
@Suite("The glossary: one term per idea in each language")
struct GlossaryTests {
    static let files = LanguageFiles.standard

    /// The glossary's ideas (`desiredRetention`, …), from the base's keys.
    static var ideas: [String] {
        files.keys(of: LanguageFiles.baseLanguage, in: .common)
            .filter { $0.hasPrefix("glossary.") && !$0.hasSuffix(".avoid") }
            .map { String($0.dropFirst("glossary.".count)) }.sorted()
    }

    /// Every text of `language` but the glossary's own, by `table/key`.
    static func texts(of language: String) -> [(String, String)] {
        LocalizationTable.allCases.flatMap { table -> [(String, String)] in
            files.keys(of: language, in: table).filter { !$0.hasPrefix("glossary.") }.sorted().flatMap { key -> [(String, String)] in
                let name = "\(table.rawValue)/\(key)"
                if let text = files.text(of: language, table, key: key) { return [(name, text)] }
                return (files.forms(of: language, table, key: key) ?? [:]).values.sorted().map { (name, $0) }
            }
        }
    }

    @Test("the glossary has ideas, and every language names a term for each and the words to avoid")
    func everyLanguageHasTheTerms() {
        #expect(Self.ideas.contains("desiredRetention") && Self.ideas.count >= 4, "\(Self.ideas)")
        for language in Self.files.languages {
            for idea in Self.ideas {
                let term = Self.files.text(of: language, .common, key: "glossary.\(idea)") ?? ""
                #expect(!term.isEmpty, "\(language): glossary.\(idea)")
                let avoided = (Self.files.text(of: language, .common, key: "glossary.\(idea).avoid") ?? "").split(separator: "|")
                #expect(!avoided.isEmpty && avoided.allSatisfy { !$0.isEmpty }, "\(language): glossary.\(idea).avoid")
            }
        }
    }

    @Test("no text uses another word for a glossary idea than its term", arguments: LanguageFiles.standard.languages)
    func oneTermPerIdea(language: String) {
        var found: [String] = []
        let glossary = Self.ideas.map { idea in
            (term: Self.files.text(of: language, .common, key: "glossary.\(idea)") ?? "",
             avoided: (Self.files.text(of: language, .common, key: "glossary.\(idea).avoid") ?? "").split(separator: "|").map(String.init))
        }
        for (name, text) in Self.texts(of: language) {
            for (term, avoided) in glossary {
                for word in Self.avoidedWords(in: text, term: term, avoided: avoided) {
                    found.append("\(name): '\(word)' where the glossary says '\(term)'")
                }
            }
        }
        #expect(found.isEmpty, "\(language):\n\(found.joined(separator: "\n"))")
    }

    /// The words of `avoided` that `text` uses, its blanks (`{logLoss}`) and the term itself taken
    /// out first (期望保持率 holds 保持率, 薄弱点 holds 弱点); case is ignored.
    static func avoidedWords(in text: String, term: String, avoided: [String]) -> [String] {
        // A program's name for a field (`logLoss` of a JSON output) is an identifier, not a word.
        let words = text.replacingOccurrences(of: #"\b[a-z]+[A-Z][A-Za-z]*\b"#, with: "\u{1}", options: .regularExpression)
        var rest = words.lowercased().replacingOccurrences(of: #"\{[^{}]*\}"#, with: "\u{1}", options: .regularExpression)
        if !term.isEmpty { rest = rest.replacingOccurrences(of: term.lowercased(), with: "\u{1}") }
        return avoided.filter { rest.contains($0.lowercased()) }
    }

    @Test("the check finds an avoided word, and not inside the term")
    func findsAvoidedWords() {
        #expect(Self.avoidedWords(in: "推荐的保留率 0.90", term: "期望保持率", avoided: ["保留率", "记忆保持率"]) == ["保留率"])
        #expect(Self.avoidedWords(in: "推荐的期望保持率 0.90", term: "期望保持率", avoided: ["保持率"]).isEmpty)
        #expect(Self.avoidedWords(in: "薄弱点「链式法则」与弱点", term: "薄弱点", avoided: ["弱点"]) == ["弱点"])
        #expect(Self.avoidedWords(in: "the Target Retention", term: "desired retention", avoided: ["target retention"]) == ["target retention"])
        #expect(Self.avoidedWords(in: "{name} {logLoss}", term: "log loss", avoided: ["logloss"]).isEmpty, "a blank is no word")
        #expect(Self.avoidedWords(in: #"{"logLoss": …}"#, term: "log loss", avoided: ["logloss"]).isEmpty, "a field's name is no word")
    }
}
