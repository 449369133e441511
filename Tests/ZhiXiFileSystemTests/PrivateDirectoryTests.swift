import Foundation
import Testing
@testable import ZhiXiFileSystem

@Suite("PrivateDirectory: made private, or refused; never changed")
struct PrivateDirectoryTests {
    @Test("a missing directory and its parents are created 0700 whatever the umask")
    func created() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let base = try temporaryDirectory()
        try PrivateDirectory.prepare(base + "/a/b/store")
        for path in [base + "/a", base + "/a/b", base + "/a/b/store"] {
            #expect(linkStatus(path).map { $0.st_mode & 0o777 } == 0o700)
        }
    }

    @Test("an open directory, a link to a directory are refused and left as they were")
    func refused() throws {
        let base = try temporaryDirectory()
        let shared = base + "/shared"
        #expect(mkdir(shared, 0o700) == 0)
        chmod(shared, 0o1777)
        #expect { try PrivateDirectory.prepare(shared) } throws: { "\($0)".contains("open to other users") }
        #expect(linkStatus(shared).map { $0.st_mode & 0o7777 } == 0o1777)
        let real = base + "/real"
        #expect(mkdir(real, 0o755) == 0)
        let link = base + "/link"
        #expect(symlink(real, link) == 0)
        #expect { try PrivateDirectory.prepare(link) } throws: { "\($0)".contains("symbolic link") }
        #expect(linkStatus(real).map { $0.st_mode & 0o777 } == 0o755)
    }
}
