import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("StoreDirectory: a durable store's directory, found or created")
struct StoreDirectoryTests {
    @Test("missing: refused unless creating is allowed; then made 0700 with its parents")
    func missing() throws {
        let base = try temporaryDirectory()
        let store = URL(fileURLWithPath: base + "/a/b/outbox", isDirectory: true)
        #expect(throws: StoreDirectory.Failure.missing) { try StoreDirectory.prepare(store, create: false) }
        #expect(linkStatus(store.path) == nil, "nothing made")
        try StoreDirectory.prepare(store, create: true)
        #expect(linkStatus(store.path).map { $0.st_mode & 0o777 } == 0o700)
    }

    @Test("a file at its path is not a directory; an existing directory is checked as a store's: open to others, refused and left as it is")
    func existing() throws {
        let base = try temporaryDirectory()
        let file = base + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(throws: StoreDirectory.Failure.notADirectory) {
            try StoreDirectory.prepare(URL(fileURLWithPath: file), create: true)
        }
        let open = base + "/open"
        #expect(mkdir(open, 0o700) == 0)
        chmod(open, 0o755)
        #expect {
            try StoreDirectory.prepare(URL(fileURLWithPath: open, isDirectory: true), create: true)
        } throws: { error in
            guard case .untrusted(let reason)? = error as? StoreDirectory.Failure else { return false }
            return reason.contains("open to other users")
        }
        #expect(linkStatus(open).map { $0.st_mode & 0o777 } == 0o755)
        let own = base + "/own"
        #expect(mkdir(own, 0o700) == 0)
        try StoreDirectory.prepare(URL(fileURLWithPath: own, isDirectory: true), create: false)
    }

    @Test("a directory that cannot be made says why")
    func cannotCreate() throws {
        let base = try temporaryDirectory()
        let file = base + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect {
            try StoreDirectory.prepare(URL(fileURLWithPath: file + "/inside", isDirectory: true), create: true)
        } throws: { error in
            guard case .cannotCreate(let reason)? = error as? StoreDirectory.Failure else { return false }
            return !reason.isEmpty
        }
    }
}
