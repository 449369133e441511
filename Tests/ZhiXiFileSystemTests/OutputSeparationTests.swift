import Foundation
import Testing
@testable import ZhiXiFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("OutputSeparation: no output replaces an input, a database, a kept directory's file or another output")
struct OutputSeparationTests {
    typealias Named = OutputSeparation.NamedPath

    /// The reason the check gives, or `nil` when it lets the outputs through.
    static func refusal(outputs: [Named], inputs: [Named] = [], kept: [Named] = []) -> String? {
        do {
            try OutputSeparation.check(outputs: outputs, inputs: inputs, keptDirectories: kept)
            return nil
        } catch {
            #expect(error.kind == .refused)
            return error.description
        }
    }

    static func file(_ directory: String, _ name: String, _ text: String = "[1]\n") throws -> String {
        let path = directory + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let sqliteHeader = "SQLite format 3\u{0}" + String(repeating: "x", count: 100)

    @Test("the input itself, through a symbolic link, through a hard link, through a linked directory: refused, naming both")
    func sameFile() throws {
        let directory = try temporaryDirectory()
        let input = try Self.file(directory, "w.json")
        #expect(symlink(input, directory + "/soft") == 0)
        #expect(link(input, directory + "/hard") == 0)
        #expect(symlink(directory, directory + "/dir") == 0)
        for output in [input, directory + "/soft", directory + "/hard", directory + "/dir/w.json", directory + "/./w.json"] {
            let reason = Self.refusal(outputs: [Named(name: "--out", path: output)], inputs: [Named(name: "the input", path: input)])
            #expect(reason?.hasPrefix("--out \(output): is the input \(input) itself") == true, "\(reason ?? "let through")")
        }
        let hard = Self.refusal(outputs: [Named(name: "--out", path: directory + "/hard")], inputs: [Named(name: "--params", path: input)])
        #expect(hard?.contains("through a hard link") == true)
        // The very name is the same file, whatever other names it has; a link is another path.
        let itself = Self.refusal(outputs: [Named(name: "--out", path: input)], inputs: [Named(name: "--params", path: input)])
        #expect(itself?.contains("(the same file)") == true, "\(itself ?? "let through")")
        let soft = Self.refusal(outputs: [Named(name: "--out", path: directory + "/soft")], inputs: [Named(name: "--params", path: input)])
        #expect(soft?.contains("(the same file, by another path to it)") == true, "\(soft ?? "let through")")
    }

    @Test("another file, a new file, an inline value as the input, a stream: let through")
    func distinctFiles() throws {
        let directory = try temporaryDirectory()
        let input = try Self.file(directory, "w.json")
        let other = try Self.file(directory, "other.json")
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)
        for output in [other, directory + "/new.json", directory + "/fifo", "/dev/null"] {
            #expect(Self.refusal(outputs: [Named(name: "--out", path: output)],
                                 inputs: [Named(name: "the input", path: input), Named(name: "--params", path: "[0.1, 0.2]")]) == nil,
                    "\(output)")
        }
    }

    @Test("an SQLite database is no output; nor its -wal, -shm or -journal, existing or not")
    func databases() throws {
        let directory = try temporaryDirectory()
        let database = try Self.file(directory, "collection.anki2", Self.sqliteHeader)
        let reason = Self.refusal(outputs: [Named(name: "--out", path: database)])
        #expect(reason?.contains("is an SQLite database") == true, "\(reason ?? "let through")")
        for suffix in OutputSeparation.companionSuffixes {
            let companion = database + suffix
            #expect(Self.refusal(outputs: [Named(name: "--out", path: companion)])?.contains("SQLite database \(database)") == true)
            #expect(!FileManager.default.fileExists(atPath: companion))
            // As an input's companion the message names the input.
            let asInput = Self.refusal(outputs: [Named(name: "--out", path: companion)], inputs: [Named(name: "the input", path: database)])
            #expect(asInput?.contains("is the \(suffix) of the input \(database)") == true, "\(asInput ?? "let through")")
        }
        // A text file's -wal is a name like another, unless the text file is an input.
        let text = try Self.file(directory, "notes.txt")
        #expect(Self.refusal(outputs: [Named(name: "--out", path: text + "-wal")]) == nil)
        #expect(Self.refusal(outputs: [Named(name: "--out", path: text + "-wal")], inputs: [Named(name: "the input", path: text)]) != nil)
        // Through a link to the database, the companion beside the link and beside the database.
        #expect(symlink(database, directory + "/link.anki2") == 0)
        #expect(Self.refusal(outputs: [Named(name: "--out", path: directory + "/link.anki2-wal")]) != nil)
    }

    @Test("an output anywhere inside a kept directory is refused; beside it, let through")
    func keptDirectories() throws {
        let directory = try temporaryDirectory()
        let store = directory + "/store"
        try FileManager.default.createDirectory(atPath: store + "/inner", withIntermediateDirectories: true)
        let kept = [Named(name: "--store", path: store)]
        #expect(Self.refusal(outputs: [Named(name: "--out", path: store + "/w.json")], kept: kept)?.contains("inside --store \(store)") == true)
        #expect(Self.refusal(outputs: [Named(name: "--out", path: store + "/inner/w.json")], kept: kept) != nil)
        #expect(Self.refusal(outputs: [Named(name: "--out", path: directory + "/w.json")], kept: kept) == nil)
        #expect(Self.refusal(outputs: [Named(name: "--out", path: directory + "/store-outbox.json")], kept: kept) == nil)
    }

    @Test("two outputs naming one file, existing or new, are refused")
    func twoOutputs() throws {
        let directory = try temporaryDirectory()
        let existing = try Self.file(directory, "chart.svg")
        #expect(symlink(existing, directory + "/link.svg") == 0)
        let pairs = [(existing, directory + "/link.svg"), (directory + "/new.csv", directory + "/./new.csv")]
        for (first, second) in pairs {
            let reason = Self.refusal(outputs: [Named(name: "--svg", path: first), Named(name: "--series", path: second)])
            #expect(reason?.contains("is also --svg \(first)") == true, "\(reason ?? "let through")")
        }
    }

    @Test("standard input and output are compared as the files they are")
    func standardStreams() throws {
        let directory = try temporaryDirectory()
        let input = try Self.file(directory, "w.json")
        let descriptor = open(input, O_RDONLY)
        defer { close(descriptor) }
        let reason = Self.refusal(outputs: [Named(name: "--out", path: input)], inputs: [Named(name: "the input - (standard input)", descriptor: descriptor)])
        #expect(reason?.contains("is the input - (standard input) itself") == true, "\(reason ?? "let through")")
        let appended = Self.refusal(outputs: [Named(name: "standard output", descriptor: descriptor)], inputs: [Named(name: "the input", path: input)])
        #expect(appended?.hasPrefix("standard output: is the input \(input) itself") == true, "\(appended ?? "let through")")
    }
}
