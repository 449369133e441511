// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
@testable import ZhiXiReviewCLI

/// Issue 35, item 1: no command writes over one of its inputs. Every output option is compared
/// with every input before the work — by device and inode, through a symbolic link and a hard
/// link — and refused with 64 naming both; an SQLite database (an Anki collection) and its
/// `-wal`, `-shm` and `-journal` are never an output, even before they exist.
@Suite("Outputs never replace inputs: refused with 64 before the work, the input byte for byte", .serialized, .tags(.endToEnd))
struct OutputOverInputTests {
    static let collection = packageRoot.appendingPathComponent("Tests/Fixtures/Anki/collection.anki2").path
    static let workspace = packageRoot.appendingPathComponent("data/sample-workspace.json").path

    /// How an output names the input.
    enum Naming: String, CaseIterable {
        case samePath, symbolicLink, hardLink
    }

    /// One output option, and a command line whose input it names: `INPUT` in the arguments
    /// is the copied input's path, `OUTPUT` the output's.
    struct Case: CustomTestStringConvertible, Sendable {
        var command: String
        var option: String
        var source: String
        var arguments: [String]
        var testDescription: String { "\(command) --\(option)" }
    }

    /// Every output option of every command, each naming an input of its own command.
    static let cases: [Case] = [
        Case(command: "optimize", option: "out", source: collection, arguments: ["optimize", "INPUT", "--out", "OUTPUT"]),
        Case(command: "optimize", option: "out", source: workspace, arguments: ["optimize", "INPUT", "--out", "OUTPUT"]),
        Case(command: "evaluate", option: "predictions", source: collection,
             arguments: ["evaluate", "INPUT", "--splits", "2", "--predictions", "OUTPUT"]),
        Case(command: "evaluate", option: "svg", source: workspace, arguments: ["evaluate", "INPUT", "--splits", "2", "--svg", "OUTPUT"]),
        Case(command: "simulate", option: "save-config", source: collection,
             arguments: ["simulate", "--revlog", "INPUT", "--days", "5", "--save-config", "OUTPUT"]),
        Case(command: "simulate", option: "svg", source: workspace,
             arguments: ["simulate", "--mode", "zhixi", "--workspace", "INPUT", "--days", "5", "--svg", "OUTPUT"]),
        Case(command: "simulate", option: "series", source: workspace,
             arguments: ["simulate", "--mode", "zhixi", "--workspace", "INPUT", "--days", "5", "--series", "OUTPUT"]),
    ]

    /// A copy of `source` in a fresh folder, and the output path naming it as `naming` says.
    static func prepare(_ source: String, _ naming: Naming) throws -> (input: String, output: String) {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent(URL(fileURLWithPath: source).lastPathComponent).path
        try FileManager.default.copyItem(atPath: source, toPath: input)
        let output: String
        switch naming {
        case .samePath:
            output = input
        case .symbolicLink:
            output = folder.appendingPathComponent("link-to-input").path
            try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: input)
        case .hardLink:
            output = folder.appendingPathComponent("hard-link-to-input").path
            try FileManager.default.linkItem(atPath: input, toPath: output)
        }
        return (input, output)
    }

    @Test("an output naming the command's input — as itself, through a link, through a hard link — is refused with 64",
          arguments: cases, Naming.allCases)
    func outputNamingInput(_ testCase: Case, naming: Naming) async throws {
        let (input, output) = try Self.prepare(testCase.source, naming)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let arguments = testCase.arguments.map { $0 == "INPUT" ? input : $0 == "OUTPUT" ? output : $0 }
        let result = try await ExecutableRun.run(arguments)
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--\(testCase.option) \(output)") && result.error.contains(input),
                "names both the output and the input: \(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "the input is byte for byte as it was")
        #expect(!result.error.contains("epoch") && result.output.isEmpty, "no work was done")
    }

    @Test("pull --out inside --store (a directory zhixi-review keeps) is refused with 64 before any request")
    func outputInsideKeptDirectory() async throws {
        let store = try temporaryFolder().path
        let output = store + "/w.json"
        let result = try await ExecutableRun.run(["pull", "--out", output, "--server", "http://127.0.0.1:9/api", "--store", store])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--out \(output)") && result.error.contains("--store \(store)"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("every output option of every command is in these tests' cases (a new one must be added)")
    func everyOutputOptionCovered() {
        var declared: Set<String> = []
        for command in ZhiXiReview.commands {
            for option in command.specification.options where option.file == .written || option.file == .updated {
                declared.insert("\(command.specification.name) --\(option.name)")
            }
        }
        var covered = Set(Self.cases.map { "\($0.command) --\($0.option)" })
        covered.insert("pull --out")   // updated in place; `outputInsideKeptDirectory` holds it
        covered.insert("analyze --workspace")   // updated in place; its input is covered by `inputsBesideUpdatedFile`
        #expect(declared == covered, "declared \(declared.subtracting(covered).sorted()), covered \(covered.subtracting(declared).sorted())")
    }

    @Test("analyze --workspace (updated in place) naming its own --input is refused with 64")
    func inputsBesideUpdatedFile() async throws {
        let (input, _) = try Self.prepare(Self.workspace, .samePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let result = try await ExecutableRun.run(["analyze", "--lesson", "lesson-1-1", "--input", input, "--workspace", input,
                                            "--server", "http://127.0.0.1:9/api", "--store", try temporaryFolder().path])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--workspace \(input)") && result.error.contains("--input \(input)"), "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("a collection's -wal, -shm and -journal are never an output, even before they exist", arguments: ["-wal", "-shm", "-journal"])
    func companionsOfCollection(suffix: String) async throws {
        let (input, _) = try Self.prepare(Self.collection, .samePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let companion = input + suffix
        let result = try await ExecutableRun.run(["optimize", input, "--out", companion])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--out \(companion)") && result.error.contains(input), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: companion), "nothing was made beside the collection")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("an Anki collection the command does not read is no output either, nor its -wal")
    func otherCollection() async throws {
        let (collection, _) = try Self.prepare(Self.collection, .samePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: collection))
        for output in [collection, collection + "-wal"] {
            let result = try await ExecutableRun.run(["optimize", Self.workspace, "--out", output])
            #expect(result.status == 64, "\(result.error)")
            #expect(result.error.contains("SQLite database"), "\(result.error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: collection)) == before)
        #expect(!FileManager.default.fileExists(atPath: collection + "-wal"))
    }

    @Test("--params naming the --out file is refused with 64, the parameters kept")
    func parametersFile() async throws {
        let parameters = try temporaryFile("w.json", "[0.212, 1.2931, 2.3065, 8.2956]\n")
        let result = try await ExecutableRun.run(["optimize", Self.workspace, "--params", parameters, "--out", parameters])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--out \(parameters)") && result.error.contains("--params \(parameters)"), "\(result.error)")
        #expect(try String(contentsOfFile: parameters, encoding: .utf8) == "[0.212, 1.2931, 2.3065, 8.2956]\n")
    }

    @Test("standard output appended to the input (>> input) is refused with 64, the input unchanged")
    func standardOutputOntoInput() async throws {
        let (input, _) = try Self.prepare(Self.workspace, .samePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let result = try await ExecutableRun.run([], shell: "\"$ZHIXI\" plan '\(input)' --now 2026-11-29 >> '\(input)'")
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("standard output"), "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("standard input that is the --out file is refused with 64")
    func standardInputAsOutput() async throws {
        let (input, _) = try Self.prepare(Self.workspace, .samePath)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let result = try await ExecutableRun.run(["optimize", "-", "--out", input], input: .file(input))
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("standard input"), "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("two outputs naming one file are refused with 64")
    func twoOutputsOneFile() async throws {
        let output = try temporaryFolder().appendingPathComponent("both").path
        let result = try await ExecutableRun.run(["simulate", "--days", "5", "--deck", "20", "--svg", output, "--series", output])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.contains("--series \(output)") && result.error.contains("--svg \(output)"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("an output beside the input, not naming it, is still written")
    func distinctOutputWritten() async throws {
        let (input, _) = try Self.prepare(Self.workspace, .samePath)
        let output = input + ".params.json"
        let result = try await ExecutableRun.run(["optimize", input, "--out", output, "--no-check"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("["))
    }
}
#endif
