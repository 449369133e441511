import Foundation
import Testing
@testable import ZhiXiReviewCLI

/// Every option is declared once; these tests hold the help, the parser and the commands to
/// that declaration.
@Suite("One declaration per option: help, parsing and use agree")
struct OptionDeclarationTests {
    @Test("every option the help shows is one the parser accepts, and every declared option is in the help")
    func helpMatchesParser() throws {
        for command in ZhiXiReview.commands {
            let specification = command.specification
            let help = specification.help
            let shown = Set(help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "," })
                .filter { $0.hasPrefix("--") && $0.count > 2 }
                .map { String($0.dropFirst(2).prefix { $0.isLetter || $0 == "-" || $0.isNumber }) })
            let declared = Set(specification.options.map(\.name) + ["help"])
            #expect(shown == declared, "\(specification.name): help shows \(shown.subtracting(declared)), misses \(declared.subtracting(shown))")
            for option in specification.options {
                let words = option.isFlag ? ["--" + option.name] : ["--" + option.name, option.example]
                _ = try ParsedArguments(words, specification: specification)
            }
        }
    }

    @Test("every declared option's example is a value its own parser accepts")
    func examplesParse() throws {
        for command in ZhiXiReview.commands {
            for option in command.specification.options where !option.isFlag {
                let parsed = try ParsedArguments(["--" + option.name, option.example], specification: command.specification)
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
        // --batch replaces the input file; PlanBatchTests give every other option with it.
        let (failure, unread) = try await runWithEveryOption(name, positionals: [input], leaving: ["batch"], value: { option in
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

    @Test("reading an option the command does not declare stops the process instead of reading as absent")
    func undeclaredOptionIsRefused() async {
        await #expect(processExitsWith: .failure) {
            let specification = CommandSpecification(name: "example", summary: "", discussion: "",
                                                     options: [CommandOption<Bool>.flag("declared", help: "declared").erased])
            let parsed = try ParsedArguments(["--declared"], specification: specification)
            _ = parsed.flag(CommandOption<Bool>.flag("undeclared", help: "left out of the list"))
        }
    }

    @Test("a declared option reads as given or absent, as the command line says")
    func declaredOptionIsRead() throws {
        let declared = CommandOption<Bool>.flag("declared", help: "declared")
        let specification = CommandSpecification(name: "example", summary: "", discussion: "", options: [declared.erased])
        #expect(try ParsedArguments(["--declared"], specification: specification).flag(declared))
        #expect(try !ParsedArguments([], specification: specification).flag(declared))
    }
}
