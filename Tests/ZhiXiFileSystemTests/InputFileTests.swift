import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("InputFile: whole inputs, any kind of file, with a limit")
struct InputFileTests {
    @Test("an endless stream stops at the limit; a JSON input of zeros is refused at once")
    func endlessStreams() throws {
        #expect { try InputFile.read("/dev/zero", limit: 1 << 20) } throws: { ($0 as? FileSystemError)?.kind == .tooLarge }
        #expect { try InputFile.read("/dev/zero", limit: 1 << 30, format: .json) } throws: {
            ($0 as? FileSystemError)?.kind == .malformed
        }
    }

    @Test("/dev/null and an empty file are empty; a directory is not a file; a missing file is missing")
    func kinds() throws {
        let directory = try temporaryDirectory()
        let empty = directory + "/empty"
        try Data().write(to: URL(fileURLWithPath: empty))
        for path in ["/dev/null", empty] {
            #expect { try InputFile.read(path, limit: 100) } throws: { ($0 as? FileSystemError)?.kind == .empty }
        }
        #expect { try InputFile.read(directory, limit: 100) } throws: { ($0 as? FileSystemError)?.kind == .refused }
        #expect { try InputFile.read(directory + "/none", limit: 100) } throws: { ($0 as? FileSystemError)?.kind == .missing }
    }

    @Test("a named pipe is read to its end")
    func pipe() throws {
        let fifo = try temporaryDirectory() + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A thread of its own (not a task): opening a pipe blocks until the other end opens.
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = Array("{\"a\": 1}".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        #expect(try InputFile.read(fifo, limit: 100, format: .json) == Data("{\"a\": 1}".utf8))
    }
}
