import Foundation
import Testing
@testable import ZhiXiReviewCLI

/// Runs the command named `name` with `positionals` and every option it declares except those
/// `leaving` out: flags alone, other options with `value(option)` or else their example.
/// Returns why it failed (`nil` when it ran) and the options it declares but never read.
func runWithEveryOption(_ name: String, positionals: [String] = [], leaving omitted: Set<String> = [],
                        value: (AnyCommandOption) -> String? = { _ in nil },
                        context: CommandContext) async throws -> (failure: String?, unread: Set<String>) {
    let command = try #require(ZhiXiReview.commands.first { $0.specification.name == name })
    let specification = command.specification
    var words = positionals
    for option in specification.options where !omitted.contains(option.name) {
        words.append("--" + option.name)
        if !option.isFlag { words.append(value(option) ?? option.example) }
    }
    let parsed = try ParsedArguments(words, specification: specification, context: context)
    var failure: String?
    do {
        try await command.run(parsed, context: context)
    } catch {
        failure = error.message
    }
    return (failure, Set(specification.options.map(\.name)).subtracting(parsed.readOptions))
}
