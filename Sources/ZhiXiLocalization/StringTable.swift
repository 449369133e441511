import Foundation
import ZhiXiCore

/// One table of one language as read from its files: the sentences of its `.strings` file
/// by key, and the forms of the counted sentences of its `.stringsdict` file by key and
/// plural category.
struct StringTable: Sendable {
    /// Key → text.
    var texts: [String: String] = [:]
    /// Key → plural category → text (`%%` already read as `%`).
    var counted: [String: [PluralCategory: String]] = [:]
    /// What could not be read, one sentence each (file and key): an empty list for good files.
    var problems: [String] = []

    /// Reads `<table>.strings` and `<table>.stringsdict` from the folder `directory` (an
    /// `.lproj`); a file that is not there adds nothing.
    /// - Complexity: O(size of the files).
    init(table: LocalizationTable, directory: URL) {
        readStrings(directory.appendingPathComponent(table.rawValue + ".strings"))
        readStringsDictionary(directory.appendingPathComponent(table.rawValue + ".stringsdict"))
    }

    /// An empty table.
    init() {}

    /// The keys of both files.
    var keys: Set<String> { Set(texts.keys).union(counted.keys) }

    /// Adds what `other` has and this table lacks (a later bundle's file for the same language).
    mutating func fill(from other: StringTable) {
        texts.merge(other.texts) { mine, _ in mine }
        counted.merge(other.counted) { mine, _ in mine }
        problems += other.problems
    }

    private mutating func readStrings(_ url: URL) {
        guard let data = try? Data(contentsOf: url) else { return }
        let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) else {
            problems.append("\(name): not a strings file (\"key\" = \"text\"; lines)")
            return
        }
        guard let dictionary = plist as? [String: Any] else {
            problems.append("\(name): not a table of keys and texts")
            return
        }
        for (key, value) in dictionary {
            if let text = value as? String { texts[key] = text } else { problems.append("\(name): \(key): not a text") }
        }
    }

    /// A counted sentence of a `.stringsdict`: `NSStringLocalizedFormatKey` holds one variable
    /// (`%#@count@`, maybe with text around it), whose dictionary is a plural rule
    /// (`NSStringPluralRuleType`) with a form per category, `other` among them.
    private mutating func readStringsDictionary(_ url: URL) {
        guard let data = try? Data(contentsOf: url) else { return }
        let name = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        guard let dictionary = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any] else {
            problems.append("\(name): not a property list of counted sentences")
            return
        }
        for (key, value) in dictionary {
            switch Self.forms(of: value) {
            case .success(let forms): counted[key] = forms
            case .failure(let problem): problems.append("\(name): \(key): \(problem.text)")
            }
        }
    }

    struct Problem: Error { var text: String }

    /// The forms of one `.stringsdict` entry, or what is wrong with it.
    static func forms(of entry: Any) -> Result<[PluralCategory: String], Problem> {
        guard let entry = entry as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String else {
            return .failure(Problem(text: "no NSStringLocalizedFormatKey"))
        }
        let variables = Self.variables(in: format)
        guard variables.count == 1, let variable = variables.first else {
            return .failure(Problem(text: "NSStringLocalizedFormatKey \"\(format)\" must hold exactly one %#@variable@"))
        }
        guard let rule = entry[variable.name] as? [String: Any],
              rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
            return .failure(Problem(text: "the variable \(variable.name) is not a plural rule (NSStringPluralRuleType)"))
        }
        let before = String(format[..<variable.range.lowerBound]), after = String(format[variable.range.upperBound...])
        var forms: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
            guard let form = rule[category.rawValue] else { continue }
            guard let text = form as? String else { return .failure(Problem(text: "the form \(category.rawValue) is not a text")) }
            guard let unescaped = Self.unescapingPercent(before + text + after) else {
                return .failure(Problem(text: "the form \(category.rawValue) has a % that is not %%: a blank is written {name}"))
            }
            forms[category] = unescaped
        }
        guard forms[.other] != nil else { return .failure(Problem(text: "no form for other")) }
        return .success(forms)
    }

    /// The `%#@name@` variables of a format, with where each stands.
    static func variables(in format: String) -> [(name: String, range: Range<String.Index>)] {
        var found: [(String, Range<String.Index>)] = []
        var index = format.startIndex
        while let start = format[index...].range(of: "%#@") {
            guard let end = format[start.upperBound...].firstIndex(of: "@") else { break }
            found.append((String(format[start.upperBound ..< end]), start.lowerBound ..< format.index(after: end)))
            index = format.index(after: end)
        }
        return found
    }

    /// A form of a `.stringsdict` as a template: `%%` is a percent sign; any other `%` is
    /// refused (`nil`), since the program fills `{blanks}`, not format specifiers.
    static func unescapingPercent(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            guard iterator.next() == "%" else { return nil }
            result.append("%")
        }
        return result
    }
}
