#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport

/// Every example of README.md and docs/*.md, run as a reader runs it from a fresh clone, and
/// the lines the documents quote compared with what the commands print (the format and its
/// marks: ``DocumentedExample``).
///
/// Each document runs in a clone of its own: a temporary directory holding copies of `data/`
/// and `docs/` (the inputs examples name) and `scratch/` (where they write, which git
/// ignores), with the shared review log beside it as `../shared/data` when this checkout has
/// one, `zhixi-review` on the `PATH`, and the document's examples run in order through
/// `/bin/sh`, so that a file one writes is there for the next. Afterwards the clone's files
/// outside `scratch/` must be as they were, none added: what `git status` of a real clone
/// would show clean.
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
        for folder in ["data", "docs", "scratch"] {
            try files.copyItem(at: packageRoot.appendingPathComponent(folder), to: clone.appendingPathComponent(folder))
        }
        let before = try Self.trackedFiles(in: clone)
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
            // A chart the document shows (docs/NAME.svg) and the example draws (`--svg scratch/NAME.svg`) is the one it draws.
            for match in example.command.matches(of: /--svg scratch\/([A-Za-z0-9._-]+\.svg)/) {
                let name = String(match.1), shown = packageRoot.appendingPathComponent("docs/" + name)
                guard files.fileExists(atPath: shown.path) else { continue }
                let drawn = try? Data(contentsOf: clone.appendingPathComponent("scratch/" + name))
                #expect(drawn == (try? Data(contentsOf: shown)), "\(example): docs/\(name) differs from the chart the command draws")
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
        // As `git status` would see it: nothing outside scratch/ written, added or removed.
        let after = try Self.trackedFiles(in: clone)
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        #expect(changed.isEmpty, "\(document)'s examples changed, added or removed these files of the clone: \(changed)")
    }

    /// Every file of `clone` outside `scratch/`, by its path in the clone, with its bytes.
    static func trackedFiles(in clone: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let prefix = clone.resolvingSymlinksInPath().path + "/"
        guard let walk = FileManager.default.enumerator(at: clone, includingPropertiesForKeys: [.isRegularFileKey]) else { return found }
        for case let url as URL in walk {
            let path = String(url.resolvingSymlinksInPath().path.dropFirst(prefix.count))
            guard !path.hasPrefix("scratch/"), (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            found[path] = try Data(contentsOf: url)
        }
        return found
    }
}
#endif
