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
    static func option() -> CommandOption<AppLanguage> {
        let languages = LanguageFiles.standard.languages.joined(separator: ", ")
        return CommandOption(
            name: "lang", placeholder: "en|zh", defaultDescription: nil, isFlag: false, isRepeatable: false,
            example: "zh", expectation: OptionExpectation("language", ["languages": languages]),
            parse: { text in
                switch text.lowercased() {
                case "en": .english
                case "zh": .simplifiedChinese
                default: AppLanguage.matching(text)
                }
            })
    }

    /// The language the command line's `--lang LANG` (or `--lang=LANG`) names, before `--`,
    /// `nil` when there is none or it names none: read before a command's options are, so
    /// that `--help` and the errors met first speak it too.
    /// - Complexity: O(number of arguments).
    static func scan(_ arguments: [String]) -> AppLanguage? {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            index += 1
            if argument == "--" + standard.name, index < arguments.count { return standard.parse(arguments[index]) }
            if argument.hasPrefix("--\(standard.name)=") { return standard.parse(String(argument.dropFirst(standard.name.count + 3))) }
        }
        return nil
    }

    /// How many of `arguments`' first ones are `--lang LANG` (2) or `--lang=LANG` (1); 0 when
    /// they do not start with `--lang`.
    static func leadingOptionLength(_ arguments: [String]) -> Int {
        guard let first = arguments.first else { return 0 }
        if first == "--" + standard.name { return min(2, arguments.count) }
        return first.hasPrefix("--\(standard.name)=") ? 1 : 0
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
    static let standard = option()

    /// `explicit` (from `--lang`), else the environment's, else the learner's in `workspace`,
    /// else Simplified Chinese: the one rule of every command.
    static func language(_ explicit: AppLanguage?, context: CommandContext, workspace: LearnerWorkspace? = nil) -> AppLanguage {
        explicit ?? environment(context) ?? AppLanguage(user: workspace?.user, profile: workspace?.profile)
    }
}
