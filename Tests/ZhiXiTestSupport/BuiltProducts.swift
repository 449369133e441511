import Foundation

/// The executables `swift build` puts in the same products directory as the tests
/// (`.build/debug`, or wherever `--scratch-path` says), for the tests that run them as
/// processes. Found from the tests' own location, never from `CommandLine.arguments[0]`
/// (on macOS that is Xcode's `xctest` runner, elsewhere).
package enum BuiltProducts {
    /// The products directory of this build.
    package static let directory: URL = {
        #if canImport(Darwin)
        // The tests are a bundle (`….xctest`) in the products directory, run by `xctest`.
        return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #else
        // The tests are an executable in the products directory.
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #endif
    }()

    /// The package's root directory (for its sample data).
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The executable `name` of this build: the one beside the tests, which the same
    /// `swift build` (or `swift test`) made. Never another build's copy (`.build/debug` may be
    /// older than the code under test): when this build has none, the test run stops here and
    /// says how to build it.
    package static func executable(_ name: String) -> URL {
        let beside = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            fatalError("""
                BuiltProducts: no executable \(name) in \(directory.path), the products directory of these tests; \
                build it with the tests (swift build --build-tests, with the same -c and --scratch-path) before \
                swift test --skip-build
                """)
        }
        return beside
    }
}

/// A class of this module, for `Bundle(for:)`.
private final class BundleMarker {}
