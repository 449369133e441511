#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport

/// Every example of README.md and docs/*.md, run as a reader runs it from a fresh clone, and
/// the lines the documents quote compared with what the commands print (the format and its
/// marks: ``DocumentedExample``).
///
/// Each document runs in a clone of its own: a temporary directory holding copies of `data/`
/// and `docs/` (the inputs examples name, and where they write), with the shared review log
/// beside it as `../shared/data` when this checkout has one, `zhixi-review` on the `PATH`, and
/// the document's examples run in order through `/bin/sh`, so that a file one writes is there
/// for the next.
@Suite("Documented examples run from a clone and print what the docs quote")
struct DocumentedExamplesTests {
    static let documents = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path))
        ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// `../shared` beside the project, or beside the directory of worktrees.
    static let sharedDirectory: URL? = {
        let parent = packageRoot.deletingLastPathComponent()
        return [parent.appendingPathComponent("shared"), parent.deletingLastPathComponent().appendingPathComponent("shared")]
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("data/anki-revlog-josh-2024.csv").path) }
    }()

    static let runsSlowExamples = ProcessInfo.processInfo.environment["ZHIXI_SLOW_EXAMPLES"] == "1"

    static func parsed(_ document: String) throws -> (examples: [DocumentedExample], unrun: [DocumentedExample.Unrun]) {
        DocumentedExample.parse(try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8), document: document)
    }

    @Test("the documents hold examples, and every block that is not run says why")
    func inventory() throws {
        var examples = 0, quoting = 0
        for document in Self.documents {
            let (found, unrun) = try Self.parsed(document)
            examples += found.count
            quoting += found.filter { $0.quoted.contains { $0 != "…" } }.count
            for mark in unrun { #expect(mark.reason.count >= 10, "\(mark.document):\(mark.line): say why the block is not run") }
        }
        #expect(examples >= 25 && quoting >= 10, "\(examples) examples, \(quoting) with quoted output")
    }

    @Test("each document's examples, in order, in a fresh clone", arguments: documents)
    func document(_ document: String) async throws {
        let examples = try Self.parsed(document).examples
        guard !examples.isEmpty else { return }
        let root = try TemporaryDirectory.make(prefix: "zhixi-docs")
        let clone = root.appendingPathComponent("clone")
        let files = FileManager.default
        try files.createDirectory(at: clone, withIntermediateDirectories: true)
        for folder in ["data", "docs"] {
            try files.copyItem(at: packageRoot.appendingPathComponent(folder), to: clone.appendingPathComponent(folder))
        }
        if let shared = Self.sharedDirectory {
            try files.createSymbolicLink(at: root.appendingPathComponent("shared"), withDestinationURL: shared)
        }
        let bin = root.appendingPathComponent("bin")
        try files.createDirectory(at: bin, withIntermediateDirectories: true)
        try files.createSymbolicLink(at: bin.appendingPathComponent("zhixi-review"), withDestinationURL: reviewExecutable)
        let environment = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                           "LANG": "C.UTF-8", "LC_ALL": "", "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
                           "HOME": root.path]
        for example in examples {
            if example.needsSharedData && Self.sharedDirectory == nil {
                print("skipped documented example (../shared/data is absent; it is not part of a clone): \(example)")
                continue
            }
            if example.isSlow && !Self.runsSlowExamples {
                print("skipped documented example (slow; ZHIXI_SLOW_EXAMPLES=1 runs it): \(example)")
                continue
            }
            let result = try await ExecutableRun.run([], shell: example.command, directory: clone, environment: environment)
            #expect(!result.timedOut && !result.crashed, "\(example)")
            let missing = example.missingLines(output: result.outputText, error: result.error)
            if example.quoted.allSatisfy({ $0 == "…" }) {
                #expect(result.status == 0, "\(example) exited with \(result.status): \(result.error.suffix(600))")
            }
            // A chart the document shows and the example draws (`--svg docs/NAME.svg`) is the one it draws.
            for match in example.command.matches(of: /--svg (docs\/[A-Za-z0-9._-]+\.svg)/) {
                let name = String(match.1)
                let drawn = try? Data(contentsOf: clone.appendingPathComponent(name))
                #expect(drawn == (try? Data(contentsOf: packageRoot.appendingPathComponent(name))),
                        "\(example): \(name) differs from the chart the command draws")
            }
            #expect(missing.isEmpty, """
                \(example)
                these quoted lines were not printed (in order):
                \(missing.joined(separator: "\n"))
                it printed:
                \(result.outputText.suffix(3_000))
                \(result.error.suffix(1_500))
                """)
        }
    }
}
#endif
