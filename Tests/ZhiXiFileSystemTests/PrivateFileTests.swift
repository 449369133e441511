import Foundation
import Testing
@testable import ZhiXiFileSystem

/// Issue 28, class 1: a file the package keeps is used only when it is one it wrote: a
/// regular file of the user's, 0600, one link, not a link; anything else is refused unread.
@Suite("PrivateFile: only files this program wrote are read or used")
struct PrivateFileTests {
    @Test("made 0600; a link, a named pipe (never waited on), a hard-linked file or one open to others is refused")
    func refusals() throws {
        let base = try temporaryDirectory()
        let made = base + "/made"
        let descriptor = try #require(try PrivateFile.open(made, writing: true, create: true))
        close(descriptor)
        #expect(linkStatus(made).map { $0.st_mode & 0o777 } == 0o600)
        #expect(try PrivateFile.read(base + "/absent", limit: 10) == nil)
        #expect(symlink(made, base + "/link") == 0)
        #expect { try PrivateFile.read(base + "/link", limit: 10) } throws: { ($0 as? FileSystemError)?.kind == .permission }
        #expect(mkfifo(base + "/fifo", 0o600) == 0)
        #expect { try PrivateFile.read(base + "/fifo", limit: 10) } throws: { ($0 as? FileSystemError)?.kind == .refused }
        #expect(link(made, base + "/hard") == 0)
        #expect { try PrivateFile.read(made, limit: 10) } throws: { "\($0)".contains("hard links") }
        unlink(base + "/hard")
        chmod(made, 0o644)
        #expect { try PrivateFile.read(made, limit: 10) } throws: { "\($0)".contains("open to other users") }
        chmod(made, 0o600)
        try Data(repeating: 65, count: 20).write(to: URL(fileURLWithPath: made))
        chmod(made, 0o600)
        #expect { try PrivateFile.read(made, limit: 10) } throws: { ($0 as? FileSystemError)?.kind == .tooLarge }
    }

    @Test("another user's file is refused", .enabled(if: geteuid() == 0, "needs root to give a file away"))
    func foreign() throws {
        let base = try temporaryDirectory()
        let theirs = base + "/theirs"
        #expect(FileManager.default.createFile(atPath: theirs, contents: Data("x".utf8), attributes: [.posixPermissions: 0o600]))
        #expect(chown(theirs, 4242, 4242) == 0)
        #expect { try PrivateFile.read(theirs, limit: 10) } throws: { "\($0)".contains("belongs to another user") }
    }
}
