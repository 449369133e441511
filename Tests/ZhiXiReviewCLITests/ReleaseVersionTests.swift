import Foundation
import Testing
import ZhiXiReviewCLI
import ZhiXiTestSupport

/// The version `--version` prints is the newest release of CHANGELOG.md, and the API check's
/// baseline is a commit of the repository's history.
@Suite("Release: the version, the changelog and the API baseline agree")
struct ReleaseVersionTests {
    static let changelog = BuiltProducts.packageRoot.appendingPathComponent("CHANGELOG.md")

    /// The versions of the changelog's release headings (`## 1.2.3 - 2026-12-02`), newest first.
    static func releases(_ text: String) -> [(version: String, date: String)] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "##", words[2] == "-" else { return nil }
            return (String(words[1]), String(words[3]))
        }
    }

    @Test("ZhiXiReview.version is the newest release in CHANGELOG.md, which has an Unreleased section above it")
    func versionMatchesChangelog() throws {
        let text = try String(contentsOf: Self.changelog, encoding: .utf8)
        let newest = try #require(Self.releases(text).first, "CHANGELOG.md has no heading '## X.Y.Z - YYYY-MM-DD'")
        #expect(newest.version == ZhiXiReview.version, "CHANGELOG.md's newest release is \(newest.version)")
        let parts = newest.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { UInt($0) != nil }, "a version is MAJOR.MINOR.PATCH: \(newest.version)")
        #expect(newest.date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil, "a release's date is YYYY-MM-DD: \(newest.date)")
        let unreleased = try #require(text.range(of: "\n## Unreleased\n"), "CHANGELOG.md keeps an '## Unreleased' section")
        #expect(unreleased.lowerBound < text.range(of: "\n## \(newest.version) - ")!.lowerBound)
    }

    @Test("the headings parse: releases newest first, the Unreleased section is no release")
    func headings() {
        let text = "# Changelog\n\n## Unreleased\n\n### Added\n\n## 0.3.0 - 2027-01-05\n\n## 0.2.0 - 2026-12-02\n"
        #expect(Self.releases(text).map(\.version) == ["0.3.0", "0.2.0"])
    }

    @Test(".ci/api-baseline names the last release's tag and its commit (40 hex digits)")
    func apiBaseline() throws {
        let file = BuiltProducts.packageRoot.appendingPathComponent(".ci/api-baseline")
        let fields = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) }
        let baseline = try #require(fields.first, "no 'TAG COMMIT' line in .ci/api-baseline")
        #expect(baseline.count == 2 && baseline[0] == "v\(ZhiXiReview.version)", "\(baseline)")
        #expect(baseline.last?.wholeMatch(of: /[0-9a-f]{40}/) != nil, "\(baseline)")
    }
}
