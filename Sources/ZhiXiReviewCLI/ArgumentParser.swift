/// The options a subcommand accepts, and the command line parsed against them.
///
/// Options are `--name value` or `--name=value`; flags are `--name`; `--` ends the options;
/// everything else is positional. `-h` is `--help`.
struct ArgumentParser {
    /// One option of a subcommand.
    struct Option {
        /// The name without dashes, e.g. `timezone`.
        var name: String
        /// `false` for a flag that takes no value.
        var takesValue: Bool = true
        /// Whether the option may be given more than once (its values are collected in order).
        var repeatable: Bool = false
    }

    /// A parsed command line.
    struct Parsed {
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []

        /// The last value of an option, or `nil` when it was not given.
        func value(_ name: String) -> String? { values[name]?.last }
        /// Every value of a repeatable option, in order.
        func allValues(_ name: String) -> [String] { values[name] ?? [] }
        /// Whether a flag was given.
        func flag(_ name: String) -> Bool { flags.contains(name) }
    }

    var options: [Option]
    var usage: String

    /// Parses the arguments of a command that takes exactly one input file.
    /// - Returns: the parsed options and the file's path, or `nil` after printing the usage
    ///   when `--help` was given.
    /// - Throws: a usage ``CommandError`` for a wrong option or a missing or extra file.
    func parseWithInput(_ arguments: [String], command: String, input: String,
                        context: CommandContext) throws(CommandError) -> (Parsed, path: String)? {
        let parsed = try parse(arguments)
        if parsed.flag("help") {
            context.write(usage + "\n")
            return nil
        }
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw .usage(parsed.positionals.isEmpty ? "\(command) needs \(input)"
                                                    : "\(command) takes one file, got \(parsed.positionals.count) arguments",
                         usage: usage)
        }
        return (parsed, path)
    }

    /// Parses `arguments` (without the subcommand itself).
    /// - Throws: a usage ``CommandError`` for an unknown option or a missing value.
    func parse(_ arguments: [String]) throws(CommandError) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(argument)'", usage: usage)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.map { "--" + $0.name }.joined(separator: ", ")
                throw .usage("unknown option '--\(name)' (this command accepts \(known))", usage: usage)
            }
            if !option.takesValue {
                if inlineValue != nil { throw .usage("option '--\(name)' takes no value", usage: usage) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw .usage("option '--\(name)' needs a value", usage: usage) }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil {
                throw .usage("option '--\(name)' is given more than once", usage: usage)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }
}
