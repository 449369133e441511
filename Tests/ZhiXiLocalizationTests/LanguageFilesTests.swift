import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiLocalization
import ZhiXiModel

/// The languages' files themselves: they read, every language has every key of the base with
/// the same blanks, and the learner's language is chosen from them.
@Suite("The languages' files")
struct LanguageFilesTests {
    /// The package's files and the test's pseudo-language.
    static let withPseudo = LanguageFiles(folders: [PseudoLanguage.folder, LanguageFiles.standardFolder])

    @Test("the package has Simplified Chinese (the base) and English, and every file reads")
    func filesRead() {
        #expect(LanguageFiles.standard.languages == ["zh-Hans", "en"])
        #expect(LanguageFiles.standard.problems == [])
        #expect(Self.withPseudo.languages == ["zh-Hans", "en", PseudoLanguage.tag])
        #expect(Self.withPseudo.problems == [])
    }

    @Test("every key of the base is in every language's file, with the same blanks", arguments: LocalizationTable.allCases)
    func keyParity(table: LocalizationTable) throws {
        let files = Self.withPseudo
        let base = LanguageFiles.baseLanguage
        let baseKeys = files.keys(of: base, in: table)
        #expect(!baseKeys.isEmpty)
        for language in files.languages where language != base {
            let keys = files.keys(of: language, in: table)
            #expect(baseKeys.subtracting(keys).isEmpty, "\(language) lacks \(baseKeys.subtracting(keys).sorted()) in \(table)")
            #expect(keys.subtracting(baseKeys).isEmpty, "\(language) has keys the base lacks: \(keys.subtracting(baseKeys).sorted())")
            for key in baseKeys.sorted() {
                #expect(blanks(files, base, table, key) == blanks(files, language, table, key), "\(language) \(table) \(key)")
                let counted = files.forms(of: language, table, key: key) != nil
                #expect(counted == (files.forms(of: base, table, key: key) != nil), "\(language) \(key): counted in one, not the other")
            }
        }
    }

    /// The blanks of a sentence, or of every form of a counted one together (English's
    /// `about a day` leaves out the `{days}` its `other` form has).
    private func blanks(_ files: LanguageFiles, _ language: String, _ table: LocalizationTable, _ key: String) -> Set<String> {
        if let forms = files.forms(of: language, table, key: key) {
            return Set(forms.values.flatMap(TemplateBlanks.names(in:)))
        }
        // A date writes its month as a number or as a name (`month.N`), as the language does.
        return Set(TemplateBlanks.names(in: files.text(of: language, table, key: key) ?? "").map { $0 == "monthName" ? "month" : $0 })
    }

    @Test("the learner's language: the user's, then the profile's, then the device's, then Simplified Chinese")
    func learnersLanguage() {
        let files = LanguageFiles.standard
        #expect(files.language(choosingFrom: ["en-GB", "zh-Hans"]) == "en")
        #expect(files.language(choosingFrom: [nil, "fr", "en_US.UTF-8"]) == "en", "a language without files is passed over")
        #expect(files.language(choosingFrom: ["de", "C", nil]) == "zh-Hans")
        for traditional in ["zh-Hant", "zh-TW", "zh-HK", "zh_MO.UTF-8", "zh-Hant-TW"] {
            #expect(files.language(for: traditional) == "zh-Hans", "\(traditional) gets Chinese, not English")
        }
        #expect(files.language(for: "ja") == nil && files.language(for: "POSIX") == nil)
        #expect(Self.withPseudo.language(for: "qps-PLOC") == PseudoLanguage.tag, "case is ignored")
    }

    @Test("plural rules come from each language's file in CLDR's syntax")
    func pluralRules() {
        #expect(Localization(language: "en").pluralRules.categoriesInUse == [.one, .other])
        // Chinese: "one" only for the notes that say one record otherwise than many; a sentence
        // without a "one" form takes "other".
        #expect(Localization(language: "zh-Hans").pluralRules.categoriesInUse == [.one, .other])
        #expect(Localization(language: "zh-Hans").counted("lessons.title", in: .commands, count: 1, ["name": "A", "count": "1", "date": "d", "zone": "z"])
                    == "课程 · A · 共 1 节 · 截至d · z")
        if case .success(let russian) = PlatformPluralRules.parse(
            "one: n % 10 = 1 and n % 100 != 11; few: n % 10 = 2..4 and n % 100 != 12..14; many: n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14",
            identifier: "ru") {
            #expect([1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 1004].map(russian.category) == [.one, .few, .many, .many, .many, .one, .few, .many, .one, .many, .few])
        } else {
            Issue.record("Russian's rules do not parse")
        }
        for bad in ["one n = 1", "six: n = 1", "one: x = 1", "one: n = ", "one: n = 1 and", "one: n % 0 = 1", "one: n = 3..1"] {
            guard case .failure = PlatformPluralRules.parse(bad, identifier: "bad") else {
                Issue.record("\(bad) parsed")
                continue
            }
        }
        let english = Localization(language: "en")
        #expect(english.counted("lessons.title", in: .commands, count: 1, ["name": "A", "count": "1", "date": "d", "zone": "z"])
                    == "Lessons · A · 1 lesson · as of d · z")
        let chinese = Localization(language: "zh-Hant")
        #expect(chinese.language == "zh-Hans")
    }

    @Test("dates in each language, the year shown when asked")
    func dates() {
        let day = CivilDate(year: 2027, month: 8, day: 13)
        #expect(Localization(language: "zh-Hans").date(day) == "8月13日")
        #expect(Localization(language: "zh-Hans").date(day, weekday: true, year: true) == "2027年8月13日（周五）")
        #expect(Localization(language: "en").date(day, weekday: true) == "Fri Aug 13")
        #expect(Localization(language: "en").date(day, year: true) == "Aug 13, 2027")
        #expect(Localization(language: "en").number(12345.678, decimals: 1) == "12,345.7")
    }
}
