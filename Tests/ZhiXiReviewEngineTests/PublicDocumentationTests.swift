import Foundation
import Testing

/// Every public declaration of the package's sources has a documentation comment: the lines
/// that declare something `public` or `open` (after any attributes), each with a `///` line
/// (or the end of a `/** */` block) right above it and its attribute lines.
@Suite("Public declarations are documented")
struct PublicDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `true` when `line` declares something public or open: the keyword first, after attributes.
    static func declaresPublic(_ line: Substring) -> Bool {
        var words = line.drop { $0 == " " }[...]
        while words.hasPrefix("@") {
            guard let end = attributeEnd(words) else { return false }
            words = words[end...].drop { $0 == " " }
        }
        return (words.hasPrefix("public ") || words.hasPrefix("open ")) && !words.hasPrefix("public import ")
    }

    /// The index just past the attribute `text` starts with (`@name` or `@name(…)`), or `nil`.
    static func attributeEnd(_ text: Substring) -> Substring.Index? {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" { index = text.index(after: index) }
        if index < text.endIndex, text[index] == "(" {
            guard let close = text[index...].firstIndex(of: ")") else { return nil }
            index = text.index(after: close)
        }
        return index
    }

    /// `true` when the line holds attributes only.
    static func isAttributes(_ line: Substring) -> Bool {
        var words = line.drop { $0 == " " }[...]
        guard words.hasPrefix("@") else { return false }
        while words.hasPrefix("@") {
            guard let end = attributeEnd(words) else { return false }
            words = words[end...].drop { $0 == " " }
        }
        return words.isEmpty
    }

    @Test("each public declaration has a documentation comment above it")
    func publicDeclarationsAreDocumented() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var declarations = 0
        var undocumented: [String] = []
        for file in files.sorted() {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where Self.declaresPublic(line) {
                declarations += 1
                var above = number - 1
                while above >= 0 && Self.isAttributes(lines[above]) { above -= 1 }
                let comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
                if !comment.hasPrefix("///") && !comment.hasSuffix("*/") { undocumented.append("Sources/\(file):\(number + 1)") }
            }
        }
        #expect(declarations > 100, "the scan found \(declarations) public declarations: it reads the wrong place")
        #expect(undocumented.isEmpty, "public declarations without a documentation comment: \(undocumented.joined(separator: ", "))")
    }
}
