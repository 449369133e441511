/// What a command is, declared once: its name, what it does, its arguments and its options.
/// `--help`, the synopsis printed after a usage error and the parser all come from it.
struct CommandSpecification: Sendable {
    /// One positional argument.
    struct Argument: Sendable {
        /// How it is written in the synopsis, e.g. `WORKSPACE.json`.
        var placeholder: String
        /// What it is.
        var help: String
        /// What the command does with the file or directory it names (a file it reads, unless
        /// said otherwise).
        var file: FileRole = .read
    }

    /// The command as typed after `zhixi-review`, e.g. `plan` or `auth sign-in`.
    var name: String
    /// One line for the list of commands.
    var summary: String
    /// The positional arguments, in order (each required).
    var arguments: [Argument] = []
    /// Paragraphs after the synopsis: what the command does.
    var discussion: String
    /// The options, in the order of the help.
    var options: [AnyCommandOption]
    /// Paragraphs after the options: output formats, exit statuses, examples.
    var epilogue: String

    /// Declares a command whose options are `options`' (in their order).
    init(name: String, summary: String, arguments: [Argument] = [], discussion: String, options: some CommandOptions,
         epilogue: String = "") {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.discussion = discussion
        let declared = options.declarations
        // `--lang` is every command's (docs/COMMANDS.md, "Language"), declared or not.
        self.options = declared.contains { $0.name == LanguageChoice.standard.name } ? declared : declared + [LanguageChoice.standard.erased]
        self.epilogue = epilogue
    }

    /// The `-h, --help` flag every command has.
    static let helpOption = AnyCommandOption(name: "help", placeholder: "", help: "show this help", defaultDescription: nil,
                                             isFlag: true, isRepeatable: false, example: "")

    /// `usage: zhixi-review NAME ARGUMENTS [--option VALUE]…`, wrapped at 100 columns.
    var synopsis: String {
        let lead = "usage: zhixi-review \(name)" + arguments.map { " " + $0.placeholder }.joined()
        let indent = String(repeating: " ", count: min(lead.count + 1, 40))
        var lines = [lead]
        for option in options {
            let item = "[" + option.usageForm + "]" + (option.isRepeatable ? "..." : "")
            if lines[lines.count - 1].count + 1 + item.count > 100 {
                lines.append(indent + item)
            } else {
                lines[lines.count - 1] += " " + item
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The whole help text.
    var help: String {
        var text = synopsis + "\n\n" + discussion + "\n"
        let rows = arguments.map { ($0.placeholder, $0.help) }
        if !rows.isEmpty {
            text += "\narguments:\n" + Self.table(rows)
        }
        let optionRows = (options + [Self.helpOption]).map { option -> (String, String) in
            var line = option.help
            if let defaultDescription = option.defaultDescription { line += " (default: \(defaultDescription))" }
            if option.isRepeatable { line += "; repeat for several" }
            return (option.name == "help" ? "-h, --help" : option.usageForm, line)
        }
        text += "\noptions:\n" + Self.table(optionRows)
        if !epilogue.isEmpty { text += "\n" + epilogue + "\n" }
        return text
    }

    /// Two columns: the left padded to the widest entry (at most 26), the right wrapped at 100.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = min(26, rows.map { $0.0.count }.max() ?? 0) + 2
        var text = ""
        for (left, right) in rows {
            var line = "  " + left
            var column = line.count
            if left.count + 2 > width {
                text += line + "\n"
                line = ""
                column = 0
            }
            line += String(repeating: " ", count: width + 2 - column)
            let prefix = String(repeating: " ", count: width + 2)
            var current = line
            for word in right.split(separator: " ", omittingEmptySubsequences: false) {
                if current.count + 1 + word.count > 100, current.count > prefix.count {
                    text += current + "\n"
                    current = prefix + word
                } else {
                    current += (current.count == prefix.count ? "" : " ") + word
                }
            }
            text += current + "\n"
        }
        return text
    }
}
