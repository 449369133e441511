import Foundation
import Testing
@testable import ZhiXiReviewCLI

@Suite("LineReader: the streaming input of the batch modes")
struct LineReaderTests {
    /// Reads every line of `text` from a file (read in blocks) and from memory.
    func lines(of text: String) throws -> [[String]] {
        let path = try temporaryFile("lines.txt", text)
        return try [path, "-"].map { source in
            let reader = try LineReader(path: source, context: CommandContext(standardInput: Data(text.utf8)))
            var lines: [String] = []
            var expectedNumber = 1
            while let line = try reader.next() {
                #expect(line.number == expectedNumber)
                expectedNumber += 1
                lines.append(String(decoding: line.bytes, as: UTF8.self))
            }
            return lines
        }
    }

    @Test("LF and CRLF ends, empty lines, a last line without a line break", arguments: [
        ("a\nb\n", ["a", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("a\n\n\nb", ["a", "", "", "b"]),
        ("", []),
        ("\n", [""]),
        ("学习\r\n", ["学习"]),
    ])
    func ends(text: String, expected: [String]) throws {
        for lines in try lines(of: text) { #expect(lines == expected) }
    }

    @Test("lines longer than a read block, and block boundaries inside a CRLF, read whole")
    func longLines() throws {
        let long = String(repeating: "x", count: 700_000)
        // A line whose \r is the last byte of the fourth block read from the file and whose \n is
        // the first of the fifth (blocks of 2^18 bytes).
        let before = "short\n".utf8.count + long.count + 1
        let edge = String(repeating: "y", count: 4 * (1 << 18) - 1 - before)
        let text = "short\n" + long + "\n" + edge + "\r\n" + long + "\r\nend"
        for lines in try lines(of: text) {
            #expect(lines.map(\.count) == [5, long.count, edge.count, long.count, 3])
        }
    }

    @Test("a missing file or a folder is 66")
    func missing() throws {
        let folder = try temporaryFolder()
        for path in [folder.path, folder.appendingPathComponent("absent.jsonl").path] {
            #expect(throws: CommandError.self) { _ = try LineReader(path: path, context: CommandContext()) }
            do {
                _ = try LineReader(path: path, context: CommandContext())
            } catch {
                #expect(error.exitCode == .noInput)
            }
        }
    }
}
