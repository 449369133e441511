import Foundation

/// Fresh directories under the system's temporary directory, one per test, so that tests
/// running in parallel never share files.
package enum TemporaryDirectory {
    /// A new empty directory, created, named `prefix` and a UUID.
    /// - Throws: when it cannot be created.
    package static func make(prefix: String) throws -> URL {
        let url = unique(prefix: prefix)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The path `name` inside a new directory named `prefix` and a UUID: the directory is
    /// created, `name` is not (for code that must create it itself).
    package static func child(_ name: String, prefix: String) -> URL {
        let parent = unique(prefix: prefix)
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return parent.appendingPathComponent(name, isDirectory: true)
    }

    private static func unique(prefix: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }
}
