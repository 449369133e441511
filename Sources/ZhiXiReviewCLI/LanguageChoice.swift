import ZhiXiLocalization
import ZhiXiModel

/// How a command chooses the language of what it prints for people: `--lang`, else the
/// language of `LC_ALL` or `LANG` (the person running the command; the C and POSIX locales
/// name none), else the learner's — the user's `preferredLanguage`, then the profile's — when
/// the command reads a workspace, else Simplified Chinese. A language without files is passed
/// over (`zh-TW` and `zh-Hant` are served by Simplified Chinese). Machine output (JSON keys,
/// CSV headers, raw values) is the same in every language.
enum LanguageChoice {
    /// `--lang en|zh|TAG`: `en`, `zh`, or the tag of any language with files (`zh-Hans`,
    /// `zh-TW`, a translator's new language).
    static func option(help: String) -> CommandOption<AppLanguage> {
        let languages = LanguageFiles.standard.languages.joined(separator: ", ")
        return CommandOption(
            name: "lang", placeholder: "en|zh", help: help, defaultDescription: nil, isFlag: false, isRepeatable: false,
            example: "zh", expectation: "en, zh or the tag of a language with files (\(languages))",
            parse: { text in
                switch text.lowercased() {
                case "en": .english
                case "zh": .simplifiedChinese
                default: AppLanguage.matching(text)
                }
            })
    }

    /// The language of `LC_ALL` or `LANG` (the first set of them), `nil` when that is empty,
    /// C, POSIX or a language without files.
    static func environment(_ context: CommandContext) -> AppLanguage? {
        guard let locale = context.environment["LC_ALL"] ?? context.environment["LANG"], !locale.isEmpty else { return nil }
        return AppLanguage.matching(locale)
    }

    /// `--lang` of the reports of `optimize`, `evaluate` and `record`: their text
    /// for people (JSON, CSV and the diagnostics on standard error are the same in every language).
    static let report = option(help: "language of the report for people (default: from LC_ALL or LANG, else English)")

    /// The language of a report of `optimize`, `evaluate`, `record` or `simulate`: `explicit`
    /// (from `--lang`), else the environment's, else English — what these reports were before
    /// they had files, kept so that a run without a language says what it said.
    static func reportLanguage(_ explicit: AppLanguage?, context: CommandContext) -> AppLanguage {
        explicit ?? environment(context) ?? .english
    }

    /// `explicit` (from `--lang`), else the environment's, else the learner's in `workspace`,
    /// else Simplified Chinese.
    static func language(_ explicit: AppLanguage?, context: CommandContext, workspace: LearnerWorkspace? = nil) -> AppLanguage {
        explicit ?? environment(context) ?? AppLanguage(user: workspace?.user, profile: workspace?.profile)
    }
}
