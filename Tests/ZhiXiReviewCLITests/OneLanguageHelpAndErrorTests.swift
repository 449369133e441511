import Foundation
import Testing
@testable import ZhiXiReviewCLI

/// One language per run, for what a run prints before or instead of its results: `--help` of
/// `zhixi-review`, of every command and of every group of commands, and the errors of failing
/// command lines — at least one for each exit status a failure can be checked without a
/// server (64, 65, 66, 74, 77; record's 65 refusals are ``OneLanguageTests``') — in Simplified
/// Chinese and in English, judged by ``OneLanguageTests``' rule (names,
/// option names, file paths, JSON fields, units and the user's own text set aside).
@Suite("zhixi-review: --help and errors in one language", .serialized, .tags(.endToEnd))
struct OneLanguageHelpAndErrorTests {
    /// `--help` of the program, of each group (`auth`, `events`, `tasks`) and of each command.
    static var helpLines: [[String]] {
        let names = ZhiXiReview.commands.map { $0.specification.name }
        let groups = Set(names.compactMap { $0.split(separator: " ").count > 1 ? String($0.split(separator: " ")[0]) : nil }).sorted()
        return [["--help"]] + groups.map { [$0, "--help"] } + names.map { $0.split(separator: " ").map(String.init) + ["--help"] }
    }

    /// Failing command lines and the status each must end with, in `folder`.
    static func failingLines(_ folder: URL) throws -> [([String], Int32)] {
        let badCSV = folder.appendingPathComponent("bad.csv").path
        try Data("card_id,review_time,review_rating\n1,2026-11-01T10:00:00Z,9\n".utf8).write(to: URL(fileURLWithPath: badCSV))
        let empty = folder.appendingPathComponent("empty.json").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let missing = folder.appendingPathComponent("missing.json").path
        let emptyStore = folder.appendingPathComponent("store").path
        try FileManager.default.createDirectory(atPath: emptyStore, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let sample = OneLanguageTests.sample
        return [
            ([], 64), (["frobnicate"], 64), (["auth"], 64), (["plan"], 64), (["plan", sample, "--bogus"], 64),
            (["plan", sample, "--days", "0"], 64), (["plan", sample, "--no-fuzz=1"], 64), (["plan", sample, "--days"], 64),
            (["plan", sample, "--days", "3", "--days", "4"], 64), (["states", badCSV, "--format", "xml"], 64),
            (["plan", empty], 65), (["states", empty], 65), (["plan", missing], 66), (["states", missing], 66),
            (["simulate", "--days", "5", "--deck", "10", "--svg", folder.appendingPathComponent("no/such/chart.svg").path], 74),
            (["auth", "whoami", "--server", "http://127.0.0.1:9/api", "--store", emptyStore], 77),
            // Options that do not go together, what a command needs, and a value of the wrong shape.
            (["simulate", "--retention", "0.9", "--sweep", "0.8:0.9:0.05"], 64), (["simulate", "--workspace", sample, "--mode", "cards"], 64),
            (["simulate", "--days", "5", "--deck", "10", "--new-per-day", "2.5"], 64), (["record", sample], 64),
            (["simulate", "--days", "5", "--budget", "20", "--max-minutes-per-day", "30"], 64),
            (["plan", sample, "--params", "{}"], 65),
        ]
    }

    @Test("--help of zhixi-review, of every group and of every command, in zh and in en: no line of the other language")
    func help() async {
        var found: [String] = []
        for language in ["zh", "en"] {
            for arguments in Self.helpLines {
                let result = await run(arguments + ["--lang", language], environment: [:])
                #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.error)")
                for line in OneLanguageTests.foreignLines(result.output + result.error, language: language) {
                    found.append("--lang \(language) \(arguments.joined(separator: " ")): \(line.prefix(300))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.count) lines in the other language:\n\(found.joined(separator: "\n"))")
    }

    @Test("failing command lines, one or more for each exit status, in zh and in en: no line of the other language")
    func errors() async throws {
        let folder = try temporaryFolder()
        var found: [String] = []
        for language in ["zh", "en"] {
            for (arguments, status) in try Self.failingLines(folder) {
                // `--lang` first: a value an option lacks must not take it.
                let result = await run(["--lang", language] + arguments, environment: [:])
                #expect(result.status == status, "\(arguments.joined(separator: " ")): \(result.status) \(result.error)")
                for line in OneLanguageTests.foreignLines(result.output + result.error, language: language) {
                    found.append("--lang \(language) \(arguments.prefix(3).joined(separator: " ")): \(line.prefix(300))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.count) lines in the other language:\n\(found.joined(separator: "\n"))")
    }
}
