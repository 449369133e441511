import Foundation
import Testing
import ZhiXiAuth
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FileSecureStore: one private file per key, atomic writes")
struct FileSecureStoreTests {
    @Test("files are 0600 in a directory 0700, created on the first write")
    func modes() throws {
        let directory = temporaryDirectory()
        let store = FileSecureStore(directory: directory)
        #expect(try store.data(forKey: "a") == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path))

        try store.setData(Data("secret".utf8), forKey: "a")

        #expect(try mode(of: directory) == 0o700)
        #expect(try mode(of: store.fileURL(forKey: "a")) == 0o600)
        #expect(try store.data(forKey: "a") == Data("secret".utf8))
    }

    @Test("the modes hold whatever the umask")
    func modesUnderPermissiveUmask() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let store = FileSecureStore(directory: temporaryDirectory())
        try store.setData(Data("x".utf8), forKey: "k")
        #expect(try mode(of: store.directory) == 0o700)
        #expect(try mode(of: store.fileURL(forKey: "k")) == 0o600)
    }

    @Test("an existing directory with wider permissions, or a link to one, is refused and left as it was (issue 16)")
    func refusesOpenDirectory() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        #expect {
            try FileSecureStore(directory: directory).setData(Data("x".utf8), forKey: "k")
        } throws: { error in
            guard case SecureStoreError.insecureDirectory(_, let reason) = error else { return false }
            return reason.contains("open to other users")
        }
        #expect(try mode(of: directory) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let link = directory.deletingLastPathComponent().appendingPathComponent("link")
        chmod(directory.path, 0o700)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        #expect(throws: SecureStoreError.self) { try FileSecureStore(directory: link).setData(Data("x".utf8), forKey: "k") }
    }

    @Test("a directory of another user is refused", .enabled(if: geteuid() == 0, "needs root to give a directory away"))
    func refusesForeignDirectory() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(chown(directory.path, 4_242, 4_242) == 0)
        #expect {
            try FileSecureStore(directory: directory).setData(Data("x".utf8), forKey: "k")
        } throws: { error in
            guard case SecureStoreError.insecureDirectory(_, let reason) = error else { return false }
            return reason.hasPrefix("it belongs to another user")
        }
    }

    @Test("a write replaces the whole value and leaves no temporary file")
    func atomicReplace() throws {
        let store = FileSecureStore(directory: temporaryDirectory())
        try store.setData(Data(repeating: 0x41, count: 10_000), forKey: "k")
        try store.setData(Data("short".utf8), forKey: "k")
        #expect(try store.data(forKey: "k") == Data("short".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["k"])
    }

    @Test("a failed write leaves the previous value and no temporary file")
    func failedWriteKeepsPrevious() throws {
        let store = FileSecureStore(directory: temporaryDirectory())
        try store.setData(Data("old".utf8), forKey: "k")
        // A directory where a temporary file's rename must land makes the rename fail.
        try FileManager.default.removeItem(at: store.fileURL(forKey: "k"))
        try FileManager.default.createDirectory(at: store.fileURL(forKey: "k").appendingPathComponent("inner"),
                                                withIntermediateDirectories: true)
        #expect(throws: SecureStoreError.self) { try store.setData(Data("new".utf8), forKey: "k") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["k"])
    }

    @Test("remove deletes the file; removing nothing is fine")
    func remove() throws {
        let store = FileSecureStore(directory: temporaryDirectory())
        try store.removeData(forKey: "k")
        try store.setData(Data("x".utf8), forKey: "k")
        try store.removeData(forKey: "k")
        #expect(try store.data(forKey: "k") == nil)
        #expect(!FileManager.default.fileExists(atPath: try store.fileURL(forKey: "k").path))
    }

    @Test("what is not a plain file of ours is unreadable, not followed", arguments: ["symlink", "directory", "huge"])
    func unreadable(kind: String) throws {
        let store = FileSecureStore(directory: temporaryDirectory())
        try store.setData(Data("x".utf8), forKey: "other")
        let file = try store.fileURL(forKey: "k")
        switch kind {
        case "symlink": try FileManager.default.createSymbolicLink(at: file, withDestinationURL: store.fileURL(forKey: "other"))
        case "directory": try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        default: try Data(count: (1 << 20) + 1).write(to: file)
        }
        #expect {
            try store.data(forKey: "k")
        } throws: { error in
            guard case SecureStoreError.unreadable(let key, _) = error else { return false }
            return key == "k"
        }
    }

    @Test("a symbolic link planted at the key is replaced, its target untouched")
    func writeDoesNotFollowLinks() throws {
        let store = FileSecureStore(directory: temporaryDirectory())
        let target = temporaryDirectory("elsewhere")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("victim".utf8).write(to: target)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(at: store.fileURL(forKey: "k"), withDestinationURL: target)
        try store.setData(Data("secret".utf8), forKey: "k")
        #expect(try Data(contentsOf: target) == Data("victim".utf8))
        #expect(try store.data(forKey: "k") == Data("secret".utf8))
    }

    @Test("keys that could escape the directory or hide are refused", arguments: [
        "", "../up", "a/b", ".hidden", "-dash", "with space", String(repeating: "k", count: 129), "ключ",
    ])
    func invalidKeys(key: String) {
        let store = FileSecureStore(directory: temporaryDirectory())
        #expect(throws: SecureStoreError.invalidKey(key)) { try store.setData(Data(), forKey: key) }
        #expect(throws: SecureStoreError.invalidKey(key)) { try store.data(forKey: key) }
    }

    @Test("the default directory is the user's configuration directory", arguments: [
        (["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/lin"], "/cfg/zhixi-review"),
        (["HOME": "/home/lin"], "/home/lin/.config/zhixi-review"),
        (["XDG_CONFIG_HOME": "relative", "HOME": "/home/lin"], "/home/lin/.config/zhixi-review"),
    ])
    func defaultDirectory(environment: [String: String], expected: String) {
        #expect(FileSecureStore.defaultDirectory(environment: environment).path == expected)
    }

    @Test("the in-memory store keeps values by key")
    func inMemory() throws {
        let store = InMemorySecureStore()
        try store.setData(Data("1".utf8), forKey: "a")
        try store.setData(Data("2".utf8), forKey: "b")
        try store.removeData(forKey: "a")
        #expect(try store.data(forKey: "a") == nil)
        #expect(try store.data(forKey: "b") == Data("2".utf8))
        #expect(store.keys == ["b"])
    }
}
