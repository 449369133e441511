import Foundation
import ZhiXiTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh temporary directory for one test.
func temporaryDirectory() throws -> String {
    try TemporaryDirectory.make(prefix: "zhixi-fs").path
}

/// The `stat` of a path, not following a final link.
func linkStatus(_ path: String) -> stat? {
    var status = stat()
    return lstat(path, &status) == 0 ? status : nil
}

/// The entries of a directory, sorted.
func entries(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}
