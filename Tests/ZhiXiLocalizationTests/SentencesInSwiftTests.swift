import Foundation
import Testing
import ZhiXiAppTestSupport

/// The learner's sentences live in the languages' files: no Swift source outside them writes
/// Chinese (the base language) in code, but for the exceptions below, each with its reason.
/// Comments (`//`, `///`) may quote the files.
@Suite("No learner-facing Chinese in Swift code")
struct SentencesInSwiftTests {
    /// Source file (under Sources/) → why it may write Chinese in code.
    static let exceptions: [String: String] = [
        "ZhiXiReviewCLI/SimulationReport.swift":
            "the simulator's report is English only (not yet in the files); it names the app's review types in Chinese beside the English",
        "ZhiXiReviewCLI/RecordCommand.swift": "--help's examples of a weak point and of a learner's input: data, not the program's words",
        "ZhiXiReviewCLI/AuthSignInCommand.swift": "--help's examples of a given and a family name: data",
        "ZhiXiReviewCLI/ZhiXiReview.swift": "the product's name 知习 in --help",
        "ZhiXiAppPreview/PreviewAPI+AI.swift": "the previews' in-memory API: a fake AI tutor's canned answer (server content, not the app's words)",
        "ZhiXiAppPreview/PreviewGallery.swift": "the previews' sample learner's input: a recall, a question, a feedback (data)",
        "ZhiXiAppPreview/PreviewSample.swift": "the previews' sample learner's name (data)",
    ]

    @Test("every Chinese character in Swift code is in a listed exception")
    func noChineseInCode() throws {
        let sources = AppFixture.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String: [String]] = [:]
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(sources.path.count + 1))
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.components(separatedBy: " // ")[0]
                if code.unicodeScalars.contains(where: { (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }) {
                    found[path, default: []].append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(!found.isEmpty || Self.exceptions.isEmpty, "the scan found the listed exceptions")
        for (path, lines) in found.sorted(by: { $0.key < $1.key }) where Self.exceptions[path] == nil {
            let listing = lines.joined(separator: "\n")
            Issue.record("Chinese in Swift code, not in the languages' files:\n\(listing)")
        }
        for path in Self.exceptions.keys where found[path] == nil {
            Issue.record("\(path) is listed as an exception but writes no Chinese in code: take it off the list")
        }
    }
}
