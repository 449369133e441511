import Foundation
import Testing
@testable import ZhiXiFileSystem

/// Issue 28, class 1: paths resolved component by component, each link judged by who owns it
/// and where it lies: an output never follows another user's link in a shared sticky
/// directory, and nothing the package keeps is made through another user's link.
@Suite("LinkPolicy: which links a path may be resolved through")
struct LinkPolicyTests {
    static let isRoot = geteuid() == 0

    @Test("resolves as realpath does: links, chains, '..', relative paths, a missing end kept")
    func resolves() throws {
        let base = try temporaryDirectory()
        let real = try #require(realpath(base, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) })
        #expect(mkdir(base + "/dir", 0o700) == 0)
        #expect(symlink(base + "/dir", base + "/a") == 0)
        #expect(symlink("a", base + "/b") == 0)
        #expect(try LinkPolicy.output.resolve(base + "/b/../b/./x", allowingMissingEnd: true) == real + "/dir/x")
        #expect(throws: FileSystemError.self) { try LinkPolicy.output.resolve(base + "/b/missing") }
        #expect(symlink(base + "/loop", base + "/loop") == 0)
        #expect { try LinkPolicy.output.resolve(base + "/loop") } throws: { "\($0)".contains("symbolic links") }
        #expect(try LinkPolicy.output.resolve("/dev/stdout").hasPrefix("/proc/"), "the kernel's own links are left to it")
    }

    @Test("an output refuses another user's link in a sticky, world-writable directory; its own, or one outside, is followed",
          .enabled(if: isRoot, "needs root to give a link away"))
    func stickyDirectory() throws {
        let base = try temporaryDirectory()
        let shared = base + "/tmp"
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
        #expect(FileManager.default.createFile(atPath: base + "/target", contents: Data("x".utf8)))
        #expect(symlink(base + "/target", shared + "/theirs") == 0 && lchown(shared + "/theirs", 4242, 4242) == 0)
        #expect { try LinkPolicy.output.resolve(shared + "/theirs") } throws: { ($0 as? FileSystemError)?.kind == .permission }
        #expect { try OutputDestination(path: shared + "/theirs") } throws: { "\($0)".contains("belongs to user 4242") }
        #expect(symlink(base + "/target", shared + "/mine") == 0)
        #expect(try LinkPolicy.output.resolve(shared + "/mine").hasSuffix("/target"))
        #expect(symlink(base + "/target", base + "/outside") == 0 && lchown(base + "/outside", 4242, 4242) == 0)
        #expect(try LinkPolicy.output.resolve(base + "/outside").hasSuffix("/target"), "not in a sticky directory")
        #expect { try LinkPolicy.ownOrRoot.resolve(base + "/outside") } throws: { ($0 as? FileSystemError)?.kind == .permission }
    }

    @Test("a private directory is never made through another user's link", .enabled(if: isRoot, "needs root to give a link away"))
    func noDirectoryThroughTheirLink() throws {
        let base = try temporaryDirectory()
        #expect(mkdir(base + "/theirs", 0o755) == 0 && chown(base + "/theirs", 4242, 4242) == 0)
        #expect(symlink(base + "/theirs", base + "/config") == 0 && lchown(base + "/config", 4242, 4242) == 0)
        #expect { try PrivateDirectory.prepare(base + "/config/zhixi/store") } throws: { "\($0)".contains("belongs to user 4242") }
        #expect(try entries(base + "/theirs").isEmpty)
        #expect(throws: StoreDirectory.Failure.self) {
            try StoreDirectory.prepare(URL(fileURLWithPath: base + "/config/outbox", isDirectory: true), create: true)
        }
        #expect(try entries(base + "/theirs").isEmpty)
    }
}
