import ZhiXiLocalization

/// What a command is, declared once: its name, its arguments and its options. `--help`, the
/// synopsis printed after a usage error and the parser all come from it. Its words — the
/// summary, what it does, each argument's and option's help, the defaults described, the
/// closing paragraphs — are in the `Help` language files, keyed by the command's name
/// (``helpKey``): `plan.summary`, `plan.discussion`, `plan.argument`, `plan.epilogue`, and for
/// an option `plan.days` (or `option.days`, shared by every command whose `--days` means the
/// same) with `.default` for the default described in words.
struct CommandSpecification: Sendable {
    /// One positional argument; its help is the `Help` file's `COMMAND.argument`.
    struct Argument: Sendable {
        /// How it is written in the synopsis, e.g. `WORKSPACE.json`.
        var placeholder: String
        /// What the command does with the file or directory it names (a file it reads, unless
        /// said otherwise).
        var file: FileRole = .read
    }

    /// The command as typed after `zhixi-review`, e.g. `plan` or `auth sign-in`.
    var name: String
    /// The positional arguments, in order (each required).
    var arguments: [Argument] = []
    /// The options, in the order of the help.
    var options: [AnyCommandOption]

    /// Declares a command whose options are `options`' (in their order).
    init(name: String, arguments: [Argument] = [], options: some CommandOptions) {
        self.name = name
        self.arguments = arguments
        let declared = options.declarations
        // `--lang` is every command's (docs/COMMANDS.md, "Language"), declared or not.
        self.options = declared.contains { $0.name == LanguageChoice.standard.name } ? declared : declared + [LanguageChoice.standard.erased]
    }

    /// The `-h, --help` flag every command has.
    static let helpOption = AnyCommandOption(name: "help", placeholder: "", defaultDescription: nil, isFlag: true,
                                             isRepeatable: false, example: "")

    /// The prefix of the command's keys in the `Help` files: its name with dots for spaces
    /// (`plan`, `auth.sign-in`).
    var helpKey: String { name.replacingOccurrences(of: " ", with: ".") }

    /// The one line of the list of commands, in `words`' language.
    func summary(_ words: Localization) -> String { words.text(helpKey + ".summary", in: .help) }

    /// `usage: zhixi-review NAME ARGUMENTS [--option VALUE]…` in `words`' language, wrapped at
    /// 100 columns.
    /// - Complexity: O(number of options).
    func synopsis(_ words: Localization) -> String {
        let lead = words.sentence("usage.command", in: .help, ["command": name + arguments.map { " " + $0.placeholder }.joined()])
        let indent = String(repeating: " ", count: min(HelpColumns.width(lead) + 1, 40))
        var lines = [lead]
        for option in options {
            let item = "[" + option.usageForm + "]" + (option.isRepeatable ? "..." : "")
            if HelpColumns.width(lines[lines.count - 1]) + 1 + item.count > 100 {
                lines.append(indent + item)
            } else {
                lines[lines.count - 1] += " " + item
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The help of `option` in `words`' language: what it does, its range, its default and
    /// whether it may be repeated.
    func optionHelp(_ option: AnyCommandOption, _ words: Localization) -> String {
        guard option.name != Self.helpOption.name else { return words.text("option.help", in: .help) }
        var line = words.text(optionKey(option.name, words), in: .help)
        if let range = option.range { line = words.sentence("option.withRange", in: .help, ["help": line, "range": range.text(words)]) }
        let described = optionKey(option.name, words, suffix: ".default")
        if words.files.text(of: LanguageFiles.baseLanguage, .help, key: described) != nil {
            let shown = words.sentence(described, in: .help, option.defaultValues)
            line = words.sentence("option.withDefault", in: .help, ["help": line, "default": shown])
        } else if let shown = option.defaultDescription {
            line = words.sentence("option.withDefault", in: .help, ["help": line, "default": shown])
        }
        if option.isRepeatable { line = words.sentence("option.repeatable", in: .help, ["help": line]) }
        return line
    }

    /// The key of the option `name`'s help (with `suffix`): the command's own
    /// (`plan.timezone`), else the one every command shares (`option.timezone`).
    func optionKey(_ name: String, _ words: Localization, suffix: String = "") -> String {
        let own = "\(helpKey).\(name)\(suffix)"
        return words.files.text(of: LanguageFiles.baseLanguage, .help, key: own) != nil ? own : "option.\(name)\(suffix)"
    }

    /// The whole help text in `words`' language.
    /// - Complexity: O(length of the text).
    func help(_ words: Localization) -> String {
        var text = synopsis(words) + "\n\n" + words.text(helpKey + ".discussion", in: .help) + "\n"
        if let argument = arguments.first {
            text += "\n" + words.text("heading.arguments", in: .help) + "\n"
                + HelpColumns.table([(argument.placeholder, words.text(helpKey + ".argument", in: .help))])
        }
        let optionRows = (options + [Self.helpOption]).map { option -> (String, String) in
            (option.name == Self.helpOption.name ? "-h, --help" : option.usageForm, optionHelp(option, words))
        }
        text += "\n" + words.text("heading.options", in: .help) + "\n" + HelpColumns.table(optionRows)
        let epilogue = helpKey + ".epilogue"
        if words.files.text(of: LanguageFiles.baseLanguage, .help, key: epilogue) != nil {
            // The exit statuses the `auth` and `tasks` commands share are written once.
            let shared = ["authExitStatuses": words.text("auth.exitStatuses", in: .help),
                          "tasksExitStatuses": words.text("tasks.exitStatuses", in: .help)]
            text += "\n" + words.sentence(epilogue, in: .help, shared) + "\n"
        }
        return text
    }
}
