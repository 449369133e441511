import Foundation
import Testing
@testable import ZhiXiFileSystem

/// Issue 28, class 3: a read–change–write held under the file's lock from the first read to
/// the last write, a new file made exclusively, and a file that may not be replaced refused
/// before anything is read.
@Suite("LockedFile: held from the first read to the last write")
struct LockedFileTests {
    @Test("a new file is made empty and exclusively, held, and removed again when nothing was written")
    func createAndDiscard() throws {
        let base = try temporaryDirectory()
        let path = base + "/new.json"
        let file = try LockedFile.create(path, limit: 1 << 20, wait: FileLockWait(timeoutSeconds: 1))
        #expect(file.wasCreated && FileManager.default.fileExists(atPath: path))
        #expect { try LockedFile.open(path, limit: 1 << 20, wait: FileLockWait(timeoutSeconds: 0.2)) } throws: {
            ($0 as? FileSystemError)?.kind == .busy
        }
        file.discard()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a file made meanwhile is opened, not overwritten; replacing keeps its mode and reads back")
    func createWhenItAppeared() throws {
        let base = try temporaryDirectory()
        let path = base + "/w.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{\"a\":1}".utf8), attributes: [.posixPermissions: 0o640]))
        let file = try LockedFile.create(path, limit: 1 << 20, wait: FileLockWait(timeoutSeconds: 1))
        #expect(!file.wasCreated)
        #expect(try file.read() == Data("{\"a\":1}".utf8))
        try file.replace(with: Data("{\"a\":2}".utf8))
        file.discard()   // not made here: kept
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("{\"a\":2}".utf8))
        #expect(linkStatus(path).map { $0.st_mode & 0o777 } == 0o640)
    }

    @Test("a read-only or hard-linked file is refused before a byte is read")
    func refusedFirst() throws {
        let base = try temporaryDirectory()
        let readOnly = base + "/ro.json"
        #expect(FileManager.default.createFile(atPath: readOnly, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o444]))
        #expect { try LockedFile.open(readOnly, limit: 1 << 20, wait: FileLockWait()) } throws: { ($0 as? FileSystemError)?.kind == .permission }
        let linked = base + "/linked.json"
        #expect(FileManager.default.createFile(atPath: linked, contents: Data("{}".utf8)))
        #expect(link(linked, base + "/other") == 0)
        #expect { try LockedFile.open(linked, limit: 1 << 20, wait: FileLockWait()) } throws: { "\($0)".contains("hard links") }
    }
}
