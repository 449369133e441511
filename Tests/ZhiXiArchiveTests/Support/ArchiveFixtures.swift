import Foundation
import ZhiXiTestSupport

/// The fixtures of this target (Fixtures/, made by Fixtures/make_fixtures.py and
/// Benchmarks/compare/anki/make_colpkg.py) and the tools some tests use when present.
enum ArchiveFixtures {
    static let directory: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }

    /// One zstd fixture as Fixtures/zstd/manifest.json describes it.
    struct ZstandardFixture: Decodable, Sendable, CustomStringConvertible {
        var file: String
        var made: String
        var bytes: Int
        var sha256: String
        var checksum: Bool
        var description: String { file }
    }

    static let zstandard: [ZstandardFixture] = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("zstd/manifest.json"))
        return try! JSONDecoder().decode([ZstandardFixture].self, from: data)
    }()

    /// One zip fixture and its entries as Python's zipfile read them (Fixtures/zip/manifest.json).
    struct ZipFixture: Decodable, Sendable, CustomStringConvertible {
        struct Entry: Decodable, Sendable {
            var name: String
            var size: Int
            var compressedSize: Int
            var method: UInt16
            var flags: UInt16
            var sha256: String?
        }
        var file: String
        var entries: [Entry]
        var description: String { file }
    }

    static let zip: [ZipFixture] = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("zip/manifest.json"))
        return try! JSONDecoder().decode([ZipFixture].self, from: data)
    }()

    /// The executable `name` on PATH, or nil.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`, `input` on its standard input (through a temporary file);
    /// its exit status and standard output.
    static func run(_ tool: URL, _ arguments: [String], input: [UInt8] = []) throws -> (status: Int32, output: [UInt8]) {
        let directory = try TemporaryDirectory.make(prefix: "zhixi-archive-tool")
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("input")
        try Data(input).write(to: inputFile)
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let stdout = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](output))
    }
}
