import Foundation
import ZhiXiTestSupport
import ZhiXiReviewCLI

/// Runs `zhixi-review` in-process and captures what it prints.
struct CommandRun {
    let status: Int32
    let output: String
    let error: String
}

/// The environment of a run that says nothing of its own: an English-speaking user's (`LANG=en_US.UTF-8`),
/// so that the tests read the English texts; a test of the language rule passes its own.
let englishEnvironment = ["LANG": "en_US.UTF-8"]

func run(_ arguments: String..., environment: [String: String] = englishEnvironment, standardInput: Data = Data()) async -> CommandRun {
    await run(arguments, environment: environment, standardInput: standardInput)
}

func run(_ arguments: [String], environment: [String: String] = englishEnvironment, standardInput: Data = Data()) async -> CommandRun {
    let context = CommandContext(environment: environment, now: ISO8601DateFormatter().date(from: "2026-11-29T01:00:00Z")!,
                                 standardInput: standardInput)
    let status = await ZhiXiReview.run(arguments, context: context)
    return CommandRun(status: status, output: context.standardOutput, error: context.standardError)
}

/// The package's root folder.
let packageRoot = BuiltProducts.packageRoot

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
    try TemporaryDirectory.make(prefix: "zhixi-cli")
}

/// Writes text to a file in a temporary folder and returns its path.
func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let url = try temporaryFolder().appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
}
