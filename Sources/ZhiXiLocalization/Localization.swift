import ZhiXiCore

/// The one lookup of learner-facing text: the sentences of one language by key, read from its
/// files (``LanguageFiles``), with the language's plural rules, dates and numbers. The
/// planner's reasons and notes, the app's pages and the command line's reports all read their
/// words through it.
///
/// A key the language's file lacks is read from the base (Simplified Chinese); a sentence whose
/// blanks do not parse (a translator's typo) too. The key itself stands in for a key no file has.
///
/// ```swift
/// let english = Localization(language: "en")
/// english.text("reviewType.feynman", in: .common)                // "Feynman"
/// english.date(CivilDate(year: 2026, month: 11, day: 28)!, weekday: true)   // "Sat Nov 28"
/// ```
package struct Localization: Sendable, Hashable {
    /// The language whose files are read (one of ``LanguageFiles/languages``).
    package let language: String
    /// Where the files are.
    package let files: LanguageFiles
    private let resolved: Resolved

    /// The lookup of `language` (a tag or locale identifier) in `files`: the language with
    /// files that serves it (``LanguageFiles/language(for:)``), else the base.
    package init(language: String, files: LanguageFiles = .standard) {
        let language = files.languages.contains(language) ? language : files.language(for: language) ?? LanguageFiles.baseLanguage
        self.language = language
        self.files = files
        resolved = files.resolved(language) { Resolved(language: language, files: files) }
    }

    /// The base language's lookup (Simplified Chinese).
    package static var base: Localization { Localization(language: LanguageFiles.baseLanguage) }

    package static func == (lhs: Localization, rhs: Localization) -> Bool {
        lhs.language == rhs.language && lhs.files === rhs.files
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(language)
        hasher.combine(ObjectIdentifier(files))
    }

    // MARK: Sentences

    /// The text of `key` in `table`: the language's, else the base's, else the key.
    /// - Complexity: O(1) after a table's first read.
    package func text(_ key: String, in table: LocalizationTable) -> String {
        files.text(of: language, table, key: key) ?? files.text(of: LanguageFiles.baseLanguage, table, key: key) ?? key
    }

    /// The sentence of `key` as a template with `Slot`'s blanks: the language's, else (missing,
    /// or a blank that is not one of `Slot`'s) the base's, else the key as text.
    /// - Complexity: O(length of the sentence).
    package func template<Slot>(_ key: String, in table: LocalizationTable, blanks: Slot.Type = Slot.self) -> TextTemplate<Slot> {
        if let text = files.text(of: language, table, key: key), let template = TextTemplate<Slot>(checking: text) { return template }
        if let text = files.text(of: LanguageFiles.baseLanguage, table, key: key), let template = TextTemplate<Slot>(checking: text) {
            return template
        }
        return TextTemplate(checking: key.replacingBraces()) ?? TextTemplate(checking: "")!
    }

    /// The counted sentence of `key` (its `.stringsdict` entry) with the language's plural
    /// rules: the language's forms, else the base's.
    /// - Complexity: O(length of the forms).
    package func counted<Slot>(_ key: String, in table: LocalizationTable, blanks: Slot.Type = Slot.self) -> CountedTextTemplate<Slot> {
        for language in [language, LanguageFiles.baseLanguage] {
            guard let forms = files.forms(of: language, table, key: key) else { continue }
            var templates: [PluralCategory: TextTemplate<Slot>] = [:]
            for (category, text) in forms {
                guard let template = TextTemplate<Slot>(checking: text) else { break }
                templates[category] = template
            }
            if templates.count == forms.count { return CountedTextTemplate(forms: templates, rules: pluralRules) }
        }
        return CountedTextTemplate(forms: [.other: template(key, in: table)], rules: pluralRules)
    }

    /// The sentence of `key` with its blanks filled from `values` (by blank name): the
    /// language's, else (missing, or with a blank `values` lacks) the base's, else the key.
    /// For a sentence used once; one used many times is parsed once with ``template(_:in:blanks:)``.
    /// - Complexity: O(length of the sentence).
    package func sentence(_ key: String, in table: LocalizationTable, _ values: [String: String] = [:]) -> String {
        for language in [language, LanguageFiles.baseLanguage] {
            if let text = files.text(of: language, table, key: key), let filled = TemplateBlanks.filling(text, { values[$0] }) {
                return filled
            }
        }
        return key
    }

    /// The form of the counted sentence `key` that `count` takes, its blanks filled from
    /// `values`: the language's, else the base's, else the key.
    /// - Complexity: O(length of the sentence).
    package func counted(_ key: String, in table: LocalizationTable, count: Int, _ values: [String: String] = [:]) -> String {
        let category = pluralRules.category(count)
        for language in [language, LanguageFiles.baseLanguage] {
            if let forms = files.forms(of: language, table, key: key), let form = forms[category] ?? forms[.other],
               let filled = TemplateBlanks.filling(form, { values[$0] }) {
                return filled
            }
        }
        return key
    }

    /// A table made from this lookup — a part of the program's sentences parsed once
    /// (the planner's `PlanWording`, the pages' `LearnerWording`) — made the first time it is
    /// asked for in this language and these files, and kept.
    /// - Complexity: `make`'s the first time, O(1) after.
    package func prepared<Table: Sendable>(_ make: (Localization) -> Table) -> Table {
        files.prepared(language) { make(self) }
    }

    /// The language's plural rules (which form of a counted sentence a number takes).
    package var pluralRules: PluralRules { resolved.pluralRules }

    // MARK: Dates and numbers

    /// A date as the language writes it: `Nov 28` / `11月28日`; with its weekday `Sat Nov 28` /
    /// `11月28日（周六）`; with its year `Nov 28, 2027` / `2027年11月28日`.
    /// - Complexity: O(1).
    package func date(_ date: CivilDate, weekday: Bool = false, year: Bool = false) -> String {
        var text = UTF8Text(capacity: 32)
        appendDate(date, weekday: weekday, year: year, to: &text)
        return text.string
    }

    /// Appends ``date(_:weekday:year:)``.
    package func appendDate(_ date: CivilDate, weekday: Bool = false, year: Bool = false, to text: inout UTF8Text) {
        let dates = resolved.dates
        func appendDay(_ text: inout UTF8Text) {
            (year ? dates.withYear : dates.short).render(into: &text) { blank, text in
                switch blank {
                case .monthName: text.append(dates.monthNames[date.month - 1])
                case .month: text.append(date.month)
                case .day: text.append(date.day)
                case .year: text.append(date.year)
                case .weekday: text.append(dates.weekdayNames[date.weekday - 1])
                case .date: break
                }
            }
        }
        guard weekday else {
            appendDay(&text)
            return
        }
        dates.withWeekday.render(into: &text) { blank, text in
            if blank == .weekday { text.append(dates.weekdayNames[date.weekday - 1]) } else if blank == .date { appendDay(&text) }
        }
    }

    /// The month names of dates, January first (12).
    package var monthNames: [String] { resolved.dates.monthNames }
    /// The weekday names of dates, Sunday first (7).
    package var weekdayNames: [String] { resolved.dates.weekdayNames }

    /// `value` with `decimals` digits after the language's decimal separator, and the whole
    /// part's thousands parted by its grouping separator when `grouped`: `12,345.7`. NaN is `–`,
    /// an infinity `∞`.
    /// - Complexity: O(digits).
    package func number(_ value: Double, decimals: Int, grouped: Bool = true) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : "∞" }
        var fixed = UTF8Text(capacity: 24)
        fixed.appendFixed(value, decimals: decimals)
        let text = fixed.string
        let negative = text.hasPrefix("-")
        let unsigned = negative ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1)
        let whole = parts.first.map(String.init) ?? "0"
        var result = negative ? "-" : ""
        for (offset, character) in whole.enumerated() {
            if grouped, offset > 0, (whole.count - offset) % 3 == 0 { result += resolved.groupingSeparator }
            result.append(character)
        }
        if parts.count > 1 { result += resolved.decimalSeparator + parts[1] }
        return result
    }

    /// A whole number, its thousands parted by the language's grouping separator: `10,000`.
    package func grouped(_ value: Int) -> String { number(Double(value), decimals: 0) }

    // MARK: Prepared once per language

    /// What a language's lookup prepares once: its plural rules, its date pieces, its number symbols.
    struct Resolved: Sendable {
        var pluralRules: PluralRules
        var dates: DateWords
        var decimalSeparator: String
        var groupingSeparator: String

        init(language: String, files: LanguageFiles) {
            pluralRules = PlatformPluralRules.rules(for: language, files: files)
            let lookup = Lookup(language: language, files: files)
            dates = DateWords(
                monthNames: (1...12).map { lookup.text("month.\($0)") },
                weekdayNames: (1...7).map { lookup.text("weekday.\($0)") },
                short: lookup.template("shortDate"), withWeekday: lookup.template("dateWithWeekday"),
                withYear: lookup.template("dateWithYear"))
            decimalSeparator = lookup.text("number.decimalSeparator")
            groupingSeparator = lookup.text("number.groupingSeparator")
        }

        /// The Common table's keys, the base's where the language lacks them.
        private struct Lookup {
            var language: String
            var files: LanguageFiles
            func text(_ key: String) -> String {
                files.text(of: language, .common, key: key) ?? files.text(of: LanguageFiles.baseLanguage, .common, key: key) ?? ""
            }
            func template(_ key: String) -> TextTemplate<DateBlank> {
                TextTemplate(checking: text(key))
                    ?? TextTemplate(checking: files.text(of: LanguageFiles.baseLanguage, .common, key: key) ?? "")
                    ?? TextTemplate(checking: "")!
            }
        }
    }

    /// The blanks of the date sentences.
    package enum DateBlank: String, CaseIterable, Sendable {
        /// The month's name (`month.N`), its number, the day of the month, the year.
        case monthName, month, day, year
        /// The weekday's name, and the date (in the `dateWithWeekday` sentence of `Common.strings`).
        case weekday, date
    }

    /// The pieces of dates.
    struct DateWords: Sendable {
        var monthNames: [String]
        var weekdayNames: [String]
        var short: TextTemplate<DateBlank>
        var withWeekday: TextTemplate<DateBlank>
        var withYear: TextTemplate<DateBlank>
    }
}

private extension String {
    /// The text with `{` and `}` doubled, so that it parses as a template without blanks.
    func replacingBraces() -> String {
        var result = ""
        for character in self {
            result.append(character)
            if character == "{" || character == "}" { result.append(character) }
        }
        return result
    }
}
