import Foundation
import ZhiXiCore

/// Where the languages' files are: folders named by language (`zh-Hans.lproj`, `en.lproj`)
/// in one or more places — this package's own resources (``standard``, found through
/// `Bundle.module`, the same files on Linux and Apple platforms) and any other folder of such
/// folders (an app's bundle, a test's resources). A language is there when some place has its
/// folder; adding a language is adding a folder with its files, without a line of Swift.
///
/// Each table of each language is read once, on first use, and kept. Simplified Chinese
/// (``baseLanguage``) is the base: a key a language lacks is read from it.
package final class LanguageFiles: Sendable {
    /// The package's own files.
    package static let standard = LanguageFiles(bundles: [Bundle.module])

    /// The folder of this package's own language folders (`Bundle.module`'s resources).
    package static var standardFolder: URL { resources(of: Bundle.module) }

    /// The base language: every key is in its files, and a language without files, or a key
    /// a language's files lack, falls back to it. The package's `defaultLocalization`.
    package static let baseLanguage = "zh-Hans"

    private struct State: Sendable {
        /// Each language's `.lproj` folders, in the order of the places given.
        var directories: [String: [URL]]
        var languages: [String]
        var tables: [String: StringTable] = [:]
        var localizations: [String: Localization.Resolved] = [:]
        /// Tables made from a language's lookup (``Localization/prepared(_:)``), by type and language.
        var prepared: [String: any Sendable] = [:]
    }

    private let state: Locked<State>

    /// The languages of `bundles`' resources, searched in order.
    package convenience init(bundles: [Bundle]) {
        self.init(folders: bundles.map(Self.resources(of:)))
    }

    /// The languages whose `.lproj` folders are in `folders`, searched in order (a key of an
    /// earlier folder's file first).
    package init(folders: [URL]) {
        let directories = Self.directories(in: folders)
        let languages = directories.keys.sorted { ($0 == Self.baseLanguage ? 0 : 1, $0) < ($1 == Self.baseLanguage ? 0 : 1, $1) }
        state = Locked(State(directories: directories, languages: languages))
    }

    /// Every language with files, the base first, then in the order of their tags.
    package var languages: [String] { state.withLock { $0.languages } }

    /// The language with files that serves `identifier` (a tag, an ICU or POSIX locale),
    /// `nil` when none does: the tag itself, then less specific forms of it (`zh-Hant-TW`,
    /// `zh-Hant`, `zh-TW`, `zh`), then any language with files of the same language subtag —
    /// the one of the same script first, else the base's when it is of that language (so
    /// Traditional Chinese, without files of its own, gets Simplified Chinese). Case is
    /// ignored; `C` and `POSIX` name no language.
    /// - Complexity: O(number of languages).
    package func language(for identifier: String) -> String? {
        guard let tag = LanguageTag(identifier) else { return nil }
        let available = languages
        var byLowercased: [String: String] = [:]
        for language in available { byLowercased[language.lowercased()] = language }
        for candidate in tag.fallbacks {
            if let found = byLowercased[candidate.lowercased()] { return found }
        }
        let sameLanguage = available.compactMap(LanguageTag.init).filter { $0.language == tag.language }
        if let sameScript = sameLanguage.first(where: { $0.script == tag.script }) { return byLowercased[sameScript.description.lowercased()] }
        if let base = LanguageTag(Self.baseLanguage), base.language == tag.language { return Self.baseLanguage }
        return sameLanguage.first.flatMap { byLowercased[$0.description.lowercased()] }
    }

    /// The first of `identifiers` that some language with files serves (``language(for:)``),
    /// else the base: how the learner's language is chosen from what they, their profile and
    /// their device say, in that order.
    package func language(choosingFrom identifiers: [String?]) -> String {
        for identifier in identifiers {
            if let identifier, let language = language(for: identifier) { return language }
        }
        return Self.baseLanguage
    }

    /// What the files say that cannot be read (a file that is not a strings file, a counted
    /// sentence without `other`, …), one sentence each; empty for good files. Reads every table
    /// of every language.
    package var problems: [String] {
        languages.flatMap { language in
            let rules = text(of: language, .common, key: "pluralRules").flatMap { rule -> String? in
                guard case .failure(let problem) = PlatformPluralRules.parse(rule, identifier: language) else { return nil }
                return "\(language).lproj/Common.strings: pluralRules: \(problem.text)"
            }
            return LocalizationTable.allCases.flatMap { table(of: language, $0).problems } + (rules.map { [$0] } ?? [])
        }
    }

    /// The keys `language`'s file of `table` has.
    package func keys(of language: String, in table: LocalizationTable) -> Set<String> {
        self.table(of: language, table).keys
    }

    /// The text of `key` in `language`'s file of `table`, `nil` when the file lacks it.
    package func text(of language: String, _ table: LocalizationTable, key: String) -> String? {
        self.table(of: language, table).texts[key]
    }

    /// The forms of the counted sentence `key` in `language`'s `.stringsdict` of `table`,
    /// `nil` when the file lacks it.
    package func forms(of language: String, _ table: LocalizationTable, key: String) -> [PluralCategory: String]? {
        self.table(of: language, table).counted[key]
    }

    /// One language's table, read from every folder that has it (an earlier folder's key
    /// first) and kept.
    func table(of language: String, _ table: LocalizationTable) -> StringTable {
        let cacheKey = language + "/" + table.rawValue
        if let cached = state.withLock({ $0.tables[cacheKey] }) { return cached }
        let directories = state.withLock { $0.directories[language] ?? [] }
        var merged = StringTable()
        for directory in directories { merged.fill(from: StringTable(table: table, directory: directory)) }
        state.withLock { $0.tables[cacheKey] = merged }
        return merged
    }

    /// The prepared lookup of `language` (its dates, numbers and plural rules), made once.
    func resolved(_ language: String, make: () -> Localization.Resolved) -> Localization.Resolved {
        if let cached = state.withLock({ $0.localizations[language] }) { return cached }
        let made = make()
        state.withLock { $0.localizations[language] = made }
        return made
    }

    /// The `Table` made from `language`'s lookup, made once and kept.
    func prepared<Table: Sendable>(_ language: String, make: () -> Table) -> Table {
        let key = String(reflecting: Table.self) + "/" + language
        if let cached = state.withLock({ $0.prepared[key] }) as? Table { return cached }
        let made = make()
        state.withLock { $0.prepared[key] = made }
        return made
    }

    /// The folder of a bundle that holds its resources (`Contents/Resources` in a macOS bundle).
    static func resources(of bundle: Bundle) -> URL {
        bundle.resourceURL ?? bundle.bundleURL
    }

    /// The `.lproj` folders in `folders` by language, in the order of `folders`. A folder's
    /// name is read as a language tag in BCP-47's case (`zh-hans.lproj`, as SwiftPM writes
    /// `zh-Hans.lproj` into a bundle on Linux, is `zh-Hans`); `Base.lproj` and names that are
    /// no language are passed over.
    private static func directories(in folders: [URL]) -> [String: [URL]] {
        var found: [String: [URL]] = [:]
        for folder in folders {
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for entry in entries where entry.hasSuffix(".lproj") && entry != "Base.lproj" {
                guard let tag = LanguageTag(String(entry.dropLast(".lproj".count))) else { continue }
                found[tag.description, default: []].append(folder.appendingPathComponent(entry, isDirectory: true))
            }
        }
        return found
    }
}
