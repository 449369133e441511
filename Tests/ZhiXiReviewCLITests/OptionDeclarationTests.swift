import Foundation
import Testing
import ZhiXiLocalization
@testable import ZhiXiReviewCLI

/// Every option is declared once; these tests hold the help, the parser and the commands to
/// that declaration.
@Suite("One declaration per option: help, parsing and use agree")
struct OptionDeclarationTests {
    @Test("every option the help shows is one the parser accepts, and every declared option is in the help")
    func helpMatchesParser() throws {
        for command in ZhiXiReview.commands {
            let specification = command.specification
            let help = specification.help(Localization(language: "en"))
            let words: [Substring] = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "," })
            let shown = Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }
                .map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" || $0.isNumber }) })
            let declared = Set(specification.options.map { $0.name } + ["help"])
            #expect(shown == declared, "\(specification.name): help shows \(shown.subtracting(declared)), misses \(declared.subtracting(shown))")
            for option in specification.options {
                let words = option.isFlag ? ["--" + option.name] : ["--" + option.name, option.example]
                _ = try ParsedArguments(words, specification: specification, context: CommandContext())
            }
        }
    }

    @Test("every declared option's example is a value its own parser accepts")
    func examplesParse() throws {
        for command in ZhiXiReview.commands {
            for option in command.specification.options where !option.isFlag {
                let parsed = try ParsedArguments(["--" + option.name, option.example], specification: command.specification,
                                                 context: CommandContext())
                #expect(parsed.positionals.isEmpty, "\(command.specification.name) --\(option.name)")
            }
        }
    }

    @Test("each command reads every option it declares (no option is declared and ignored)",
          arguments: ["plan", "states", "record", "optimize", "evaluate"])
    func commandsReadEveryOption(name: String) async throws {
        let folder = try temporaryFolder()
        let input: String
        switch name {
        case "states":
            input = folder.appendingPathComponent("log.csv").path
            try Data("card_id,review_time,review_rating\n1,2026-11-01T10:00:00Z,3\n".utf8).write(to: URL(fileURLWithPath: input))
        default:
            input = folder.appendingPathComponent("workspace.json").path
            try Data(contentsOf: packageRoot.appendingPathComponent("data/sample-workspace.json")).write(to: URL(fileURLWithPath: input))
        }
        let context = CommandContext(now: ISO8601DateFormatter().date(from: "2026-11-29T12:00:00Z")!)
        // --batch replaces the input file; PlanBatchTests give every other option with it. --deck and
        // --preset choose the cards of an Anki file, one or the other (AnkiCommandTests give them).
        let ankiOnly: Set<String> = ["states", "optimize", "evaluate"].contains(name) ? ["deck", "preset"] : []
        let (failure, unread) = try await runWithEveryOption(name, positionals: [input], leaving: Set(["batch"]).union(ankiOnly),
                                                             value: { option in
            if name == "record" && option.name == "lesson" { return "lesson-1-1" }
            // A file the command writes goes to the test's folder, never the working directory.
            if option.placeholder == "FILE" {
                return folder.appendingPathComponent(URL(fileURLWithPath: option.example).lastPathComponent).path
            }
            return nil
        }, context: context)
        #expect(failure == nil, "\(name) failed with every option given: \(failure ?? "")")
        #expect(unread.isEmpty, "\(name) declares but never reads \(unread.sorted())")
    }

    /// Options of a command made up for these tests: a flag, a number with a default, a
    /// moment whose default is the run's current time, and a group of two.
    struct ExampleOptions: CommandOptions {
        struct Group: CommandOptions {
            let first = CommandOption<Bool>.flag("first")
            let second = CommandOption<String>.text("second", placeholder: "S", example: "s")
        }

        let declared = CommandOption<Bool>.flag("declared")
        let days = CommandOption.integer("days", range: 1...366, default: 7, unit: "days")
        let now = CommandOption<Date>.timestamp(defaultingToNow: "now")
        let group = Group()
    }

    static let example = CommandSpecification(name: "example", options: ExampleOptions())

    @Test("reading an option the command does not declare stops the process instead of reading as absent")
    func undeclaredOptionIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let parsed = try ParsedArguments(["--declared"], specification: Self.example, context: CommandContext())
            _ = parsed.flag(CommandOption<Bool>.flag("undeclared"))
        }
    }

    @Test("a declared option reads as given or absent, as the command line says")
    func declaredOptionIsRead() throws {
        let declared = ExampleOptions().declared
        #expect(try ParsedArguments(["--declared"], specification: Self.example, context: CommandContext()).flag(declared))
        #expect(try !ParsedArguments([], specification: Self.example, context: CommandContext()).flag(declared))
    }

    @Test("a command's options are its option values' properties, in their order, a group's in its place, then --lang (every command's)")
    func optionsAreEnumeratedOnce() {
        #expect(Self.example.options.map { $0.name } == ["declared", "days", "now", "first", "second", "lang"])
    }

    @Test("an option with a default reads as its declared default when not given, and the help shows that default")
    func defaultsAreDeclaredOnce() throws {
        let options = ExampleOptions()
        let moment = Date(timeIntervalSince1970: 1_764_403_200)
        let absent = try ParsedArguments([], specification: Self.example, context: CommandContext(now: moment))
        #expect(try absent.value(of: options.days) == 7)
        #expect(try absent.value(of: options.now) == moment)
        #expect(!absent.isGiven(options.days))
        let given = try ParsedArguments(["--days", "30", "--now", "2026-11-29T09:00:00+08:00"], specification: Self.example,
                                        context: CommandContext(now: moment))
        #expect(try given.value(of: options.days) == 30)
        #expect(try given.value(of: options.now) == ISO8601DateFormatter().date(from: "2026-11-29T01:00:00Z"))
        let english = Localization(language: "en"), chinese = Localization(language: "zh-Hans")
        #expect(Self.example.optionHelp(options.days.erased, english).hasSuffix(", 1–366 days (default: 7)"))
        #expect(Self.example.optionHelp(options.now.erased, english).hasSuffix("the learner's time zone) (default: the current time)"))
        #expect(Self.example.optionHelp(options.days.erased, chinese).hasSuffix("，1–366 天（默认：7）"))
        #expect(Self.example.optionHelp(options.now.erased, chinese).hasSuffix("学习日的开始）（默认：当前时间）"))
        #expect(Self.example.help(english).contains(", 1–366 days (default: 7)"))
    }

    @Test("every command's help, every argument's and every option's is in every language's Help file, and the file has no other command's or option's")
    func helpIsInEveryLanguage() {
        let files = LanguageFiles.standard
        var used: Set<String> = []
        for language in files.languages {
            let words = Localization(language: language)
            for command in ZhiXiReview.commands {
                let specification = command.specification
                var keys = [specification.helpKey + ".summary", specification.helpKey + ".discussion"]
                if !specification.arguments.isEmpty { keys.append(specification.helpKey + ".argument") }
                keys += specification.options.map { specification.optionKey($0.name, words) }
                for key in keys {
                    #expect(files.text(of: language, .help, key: key) != nil, "\(language): \(key) missing")
                    used.insert(key)
                }
                for option in specification.options {
                    let described = specification.optionKey(option.name, words, suffix: ".default")
                    if files.text(of: LanguageFiles.baseLanguage, .help, key: described) != nil { used.insert(described) }
                }
                if files.text(of: LanguageFiles.baseLanguage, .help, key: specification.helpKey + ".epilogue") != nil {
                    used.insert(specification.helpKey + ".epilogue")
                }
                let help = specification.help(words)
                #expect(!help.contains("option.") && !help.contains(specification.helpKey + "."), "\(language) \(specification.name): a key shown")
            }
        }
        let layout = ["usage.", "heading.", "range.", "unit.", "option.help", "option.with", "option.repeatable", "auth.exitStatuses",
                      "tasks.exitStatuses"]
        let unused = files.keys(of: LanguageFiles.baseLanguage, in: .help).filter { key in
            !used.contains(key) && !layout.contains { key.hasPrefix($0) }
        }
        #expect(unused.isEmpty, "keys of no command or option: \(unused.sorted())")
    }
}
