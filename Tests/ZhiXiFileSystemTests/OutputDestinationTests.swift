import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("OutputDestination: what an output path is, decided before the work")
struct OutputDestinationTests {
    @Test("- and /dev/stdout are the standard output; /dev/stderr the standard error", arguments: [
        "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1",
    ])
    func standardOutput(path: String) throws {
        #expect(try OutputDestination(path: path) == .standardOutput)
        #expect(try OutputDestination(path: "/dev/stderr") == .standardError)
    }

    @Test("a named pipe, a character device and a link to one are streams, written in place")
    func streams() throws {
        let directory = try temporaryDirectory()
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try OutputDestination(path: fifo) == .stream(path: fifo))
        #expect(try OutputDestination(path: "/dev/null") == .stream(path: "/dev/null"))
        let link = directory + "/link"
        #expect(symlink(fifo, link) == 0)
        #expect(try OutputDestination(path: link) == .stream(path: link))
    }

    @Test("a directory and a dangling link are refused, a missing directory cannot hold a file; a new file is a file")
    func refusals() throws {
        let directory = try temporaryDirectory()
        #expect { try OutputDestination(path: directory) } throws: { ($0 as? FileSystemError)?.kind == .refused }
        #expect { try OutputDestination(path: directory + "/missing/out.json") } throws: { ($0 as? FileSystemError)?.kind == .io }
        let dangling = directory + "/dangling"
        #expect(symlink(directory + "/nothing", dangling) == 0)
        #expect { try OutputDestination(path: dangling) } throws: { ($0 as? FileSystemError)?.kind == .refused }
        guard case .file(let file) = try OutputDestination(path: directory + "/new.json") else {
            Issue.record("a new file in an existing directory is a file")
            return
        }
        #expect(file.existing == nil && file.target.hasSuffix("/new.json"))
    }

    @Test("a file with a second hard link, and a read-only file, are refused before any work")
    func unreplaceable() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/a.json"
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(link(path, directory + "/b.json") == 0)
        #expect { try OutputDestination(path: path) } throws: {
            ($0 as? FileSystemError)?.kind == .permission && "\($0)".contains("2 hard links")
        }
        unlink(directory + "/b.json")
        chmod(path, 0o444)
        #expect { try OutputDestination(path: path) } throws: { "\($0)".contains("read-only") }
    }
}
