#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport

/// README's install step — copy `zhixi-review` and its language files into a folder on the
/// PATH — run as written, `.build/release` being this build's products, into a temporary
/// home: the copy runs from another folder and reads the language files copied beside it.
/// (A copy without them would still find the build's own folder while the build is there,
/// so a sentence of the copied files is changed first: only a copy that reads them prints it.)
@Suite("README's installed copy of zhixi-review runs from anywhere with its own language files")
struct InstalledCopyTests {
    /// The lines of README.md's block marked for this test.
    static func installLines() throws -> [String] {
        let lines = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8).components(separatedBy: "\n")
        guard let mark = lines.firstIndex(where: { $0.contains("InstalledCopyTests runs these lines") }), mark + 1 < lines.count,
              lines[mark + 1].hasPrefix("```") else { return [] }
        return lines[(mark + 2)...].prefix { !$0.hasPrefix("```") }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    @Test("the copy prints from its own language files, in English and in Chinese, from another folder")
    func installedCopy() async throws {
        let install = try Self.installLines()
        #expect(install.contains { $0.contains(".build/release/zhixi-review") }, "README.md's install block: \(install)")
        let files = FileManager.default
        let root = try TemporaryDirectory.make(prefix: "zhixi-install")
        let clone = root.appendingPathComponent("clone"), home = root.appendingPathComponent("home")
        try files.createDirectory(at: clone.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try files.createDirectory(at: home, withIntermediateDirectories: true)
        try files.createSymbolicLink(at: clone.appendingPathComponent(".build/release"), withDestinationURL: BuiltProducts.directory)
        let copied = try await ExecutableRun.run([], shell: install.joined(separator: "\n"), directory: clone,
                                                 environment: ["HOME": home.path])
        #expect(copied.status == 0, "the install lines failed: \(copied.error)")

        let bin = home.appendingPathComponent(".local/bin")
        let walk = files.enumerator(at: bin, includingPropertiesForKeys: nil)
        let english = (walk?.allObjects as? [URL] ?? []).first { $0.path.hasSuffix("en.lproj/Commands.strings") }
        guard let english else {
            Issue.record("no en.lproj/Commands.strings under \(bin.path): the language files were not copied")
            return
        }
        let sentence = "\"simulate.setting.cardsMode\" = \"cards mode\";"
        let text = try String(contentsOf: english, encoding: .utf8)
        #expect(text.contains(sentence))
        try text.replacingOccurrences(of: sentence, with: "\"simulate.setting.cardsMode\" = \"cards mode of the installed copy\";")
            .write(to: english, atomically: true, encoding: .utf8)

        func run(_ language: String) async throws -> ExecutableRun {
            try await ExecutableRun.run([], shell: "\"$HOME/.local/bin/zhixi-review\" simulate --days 5 --deck 20 --lang \(language)",
                                        directory: URL(fileURLWithPath: "/"), environment: ["HOME": home.path])
        }
        let inEnglish = try await run("en"), inChinese = try await run("zh")
        #expect(inEnglish.status == 0 && inChinese.status == 0, "\(inEnglish.error) \(inChinese.error)")
        #expect(inEnglish.outputText.contains("cards mode of the installed copy"), "\(inEnglish.outputText.prefix(600))")
        #expect(inChinese.outputText.contains("卡片模式"), "\(inChinese.outputText.prefix(600))")
        #expect(!inChinese.outputText.contains("cards mode"), "\(inChinese.outputText.prefix(600))")
    }
}
#endif
