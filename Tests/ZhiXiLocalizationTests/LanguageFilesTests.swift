import Foundation
import Testing
import ZhiXiCore
import ZhiXiLocalization
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
        #expect(Localization(language: "zh-Hans").pluralRules.categoriesInUse == [.other])
        let english = Localization(language: "en")
        #expect(english.counted("lessons.title", in: .commands, count: 1, ["name": "A", "date": "d", "zone": "z"])
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
