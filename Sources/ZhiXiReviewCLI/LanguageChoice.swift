import ZhiXiLocalization
import ZhiXiModel

/// How every command chooses the language of what it prints for people — results, warnings,
/// notes, progress, errors and `--help` (docs/COMMANDS.md, "Language"): `--lang`, else the
/// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that names a language (empty, `C`, `C.UTF-8`,
/// `POSIX` and a language without files name none and are passed over), else the learner's —
/// the user's `preferredLanguage`, then the profile's — when the command reads a workspace,
/// else Simplified Chinese, the base. A language without files is passed over (`zh-TW` and
/// `zh-Hant` are served by Simplified Chinese). Machine output (JSON keys, CSV headers, raw
/// values) is the same in every language.
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

    /// The environment variables that name the language, in the order they are read (POSIX's
    /// order for messages).
    static let environmentVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language of the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that names one with
    /// files; `nil` when none does (unset, empty, C, C.UTF-8, POSIX, a language without files).
    static func environment(_ context: CommandContext) -> AppLanguage? {
        environment(context.environment)
    }

    /// ``environment(_:)`` of an environment's variables.
    static func environment(_ variables: [String: String]) -> AppLanguage? {
        for name in environmentVariables {
            if let value = variables[name], let language = AppLanguage.matching(value) { return language }
        }
        return nil
    }

    /// `--lang` of every command that takes one: the same option, the same rule.
    static let standard = option(help: "language of what the command prints for people (default: LC_ALL, LC_MESSAGES or LANG, "
        + "else the learner's, else Simplified Chinese)")

    /// `explicit` (from `--lang`), else the environment's, else the learner's in `workspace`,
    /// else Simplified Chinese: the one rule of every command.
    static func language(_ explicit: AppLanguage?, context: CommandContext, workspace: LearnerWorkspace? = nil) -> AppLanguage {
        explicit ?? environment(context) ?? AppLanguage(user: workspace?.user, profile: workspace?.profile)
    }
}
