import Foundation

/// The executables `swift build` puts in the same products directory as the tests
/// (`.build/debug`, or wherever `--scratch-path` says), for the tests that run them as
/// processes. Found from the tests' own location, never from `CommandLine.arguments[0]`
/// (on macOS that is Xcode's `xctest` runner, elsewhere).
public enum BuiltProducts {
    /// The products directory of this build.
    public static let directory: URL = {
        #if canImport(Darwin)
        // The tests are a bundle (`….xctest`) in the products directory, run by `xctest`.
        return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
        // The tests are an executable in the products directory.
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }()

    /// The package's root directory (for its sample data).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The executable `name` of this build, or of the default debug build when this build has
    /// none (`swift build` first).
    public static func executable(_ name: String) -> URL {
        let beside = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/" + name)
    }
}

/// A class of this module, for `Bundle(for:)`.
private final class BundleMarker {}
