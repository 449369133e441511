import ZhiXiCore

/// A command line parsed against a ``CommandSpecification``: the positional arguments, and
/// the options read back through their typed declarations. It remembers which options the
/// command read, so a test can check that every declared option is used, and it refuses to read
/// an option the command did not declare (a programming error: the process stops, naming the
/// command and the option), so an option left out of a command's list never reads as absent.
///
/// Options are `--name value` or `--name=value`; flags are `--name`; `--` ends the options;
/// `-` alone is a positional argument (standard input); `-h` is `--help`.
final class ParsedArguments {
    /// The command's declaration.
    let specification: CommandSpecification
    /// The positional arguments, in order.
    let positionals: [String]
    /// `true` when `--help` or `-h` was given.
    let wantsHelp: Bool
    /// The run whose defaults an option computes (e.g. the current time).
    private let context: CommandContext
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The options the command read, given or not.
    private(set) var readOptions: Set<String> = []

    /// Parses `arguments` (after the command's name) of a run in `context` (whose current time
    /// and environment an option's default may depend on).
    /// - Throws: a usage ``CommandError`` for an unknown option, a missing value, a value given
    ///   to a flag or an option given twice.
    init(_ arguments: [String], specification: CommandSpecification, context: CommandContext) throws(CommandError) {
        self.specification = specification
        self.context = context
        var positionals: [String] = []
        var wantsHelp = false
        var index = 0
        var optionsEnded = false
        let words = context.words
        let usage = specification.synopsis(words)
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage(words.sentence("usage.unknownOption", in: .errors, ["option": argument.quotedForMessage()]), usage: usage)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = specification.options.first(where: { $0.name == name }) else {
                let known = specification.options.map { "--" + $0.name }.joined(separator: ", ")
                throw .usage(words.sentence("usage.unknownOptionOf", in: .errors,
                                            ["option": "--" + name.quotedForMessage(), "command": specification.name, "options": known]),
                             usage: usage)
            }
            if option.isFlag {
                if inlineValue != nil { throw .usage(words.sentence("usage.flagWithValue", in: .errors, ["option": "--" + name]), usage: usage) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw .usage(words.sentence("usage.missingValue", in: .errors, ["option": "--" + name, "placeholder": option.placeholder]), usage: usage)
                }
                value = arguments[index]
                index += 1
            }
            if !option.isRepeatable, values[name] != nil {
                throw .usage(words.sentence("usage.givenTwice", in: .errors, ["option": "--" + name]), usage: usage)
            }
            values[name, default: []].append(value)
        }
        self.positionals = positionals
        self.wantsHelp = wantsHelp
        // Every command's `--lang`: the run's language is chosen as its arguments are read.
        context.chooseLanguage(explicit: try value(of: LanguageChoice.standard))
    }

    /// Whether the option was given on the command line.
    func isGiven(_ option: some OptionDeclaration) -> Bool {
        let name = option.erased.name
        noteRead(name)
        return flags.contains(name) || values[name] != nil
    }

    /// The option's value, or `nil` when it was not given.
    /// - Throws: a usage ``CommandError`` naming the option, the text and what it accepts.
    func value<Value>(of option: CommandOption<Value>) throws(CommandError) -> Value? {
        noteRead(option.name)
        if option.isFlag { return flags.contains(option.name) ? option.parse("") : nil }
        guard let text = values[option.name]?.last else { return nil }
        return try parse(text, option)
    }

    /// The option's value, or its declared default when it was not given.
    /// - Throws: a usage ``CommandError`` naming the option, the text and what it accepts.
    func value<Value>(of option: DefaultedOption<Value>) throws(CommandError) -> Value {
        try value(of: option.option) ?? option.defaultValue(context)
    }

    /// Every value of a repeatable option, in order.
    func values<Value>(of option: CommandOption<Value>) throws(CommandError) -> [Value] {
        noteRead(option.name)
        var result: [Value] = []
        for text in values[option.name] ?? [] { result.append(try parse(text, option)) }
        return result
    }

    /// Whether a flag was given.
    func flag(_ option: CommandOption<Bool>) -> Bool {
        noteRead(option.name)
        return flags.contains(option.name)
    }

    /// The single positional argument of a command that takes one.
    /// - Throws: a usage error when it is missing or there are more.
    func singleInput() throws(CommandError) -> String {
        guard let argument = specification.arguments.first else {
            throw usageError(context.words.sentence("usage.takesNoFile", in: .errors, ["command": specification.name]))
        }
        guard positionals.count == 1 else {
            let values = ["command": specification.name, "argument": argument.placeholder, "count": String(positionals.count)]
            throw usageError(context.words.sentence(positionals.isEmpty ? "usage.missingArgument" : "usage.extraArguments", in: .errors, values))
        }
        return positionals[0]
    }

    /// Every path the command line names in the role `role`, as it was typed: the options'
    /// values (`--params`, `--out`, …) named `--name`, and the positional arguments named
    /// `the input`. Reading them this way does not count as the command reading the option.
    func paths(_ role: FileRole) -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        for (index, positional) in positionals.enumerated() {
            guard let argument = specification.arguments.isEmpty ? nil
                    : specification.arguments[min(index, specification.arguments.count - 1)],
                  argument.file == role else { continue }
            found.append((role == .keptDirectory ? argument.placeholder : "the input", positional))
        }
        for option in specification.options where option.file == role {
            for value in values[option.name] ?? [] where !value.isEmpty { found.append(("--" + option.name, value)) }
        }
        return found
    }

    /// A usage error of this command, with its synopsis.
    func usageError(_ message: String) -> CommandError {
        .usage(message, usage: specification.synopsis(context.words))
    }

    /// A usage error of this command worded in the run's language by `key` of the errors'
    /// table (Errors.strings), its blanks filled from `values`, with the command's synopsis.
    func usageError(key: String, _ values: [String: String] = [:]) -> CommandError {
        usageError(context.words.sentence(key, in: .errors, values))
    }

    /// Records that the command read the option `name`; stops the process when the command
    /// does not declare it.
    private func noteRead(_ name: String) {
        precondition(specification.options.contains { $0.name == name },
                     "\(specification.name) reads --\(name), which it does not declare: add it to its specification's options")
        readOptions.insert(name)
    }

    private func parse<Value>(_ text: String, _ option: CommandOption<Value>) throws(CommandError) -> Value {
        guard let value = option.parse(text) else {
            throw usageError(context.words.sentence("usage.badValue", in: .errors,
                                                    ["option": "--" + option.name, "value": text.quotedForMessage(),
                                                     "expectation": option.expectation.text(context.words)]))
        }
        return value
    }
}
