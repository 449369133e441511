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
        "ZhiXiReviewCLI/RecordCommand.swift": "--help's examples of a weak point and of a learner's input: data, not the program's words",
        "ZhiXiReviewCLI/AuthSignInCommand.swift": "--help's examples of a given and a family name: data",
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

    /// The command line's reports for people, file by file (under Sources/ZhiXiReviewCLI/):
    /// `nil` for a file whose report sentences are all in the files (`Commands.strings`), else
    /// why it still writes English sentences in Swift.
    static let reportFiles: [String: String?] = [
        "RecordCommand.swift": nil,
        "OptimizeCommand.swift": nil,
        "TrainingReportText.swift": nil,
        "LessonsCommand.swift": nil,
        "AnalyzeCommand.swift": nil,
        "PlanFormatter.swift": nil,
        "EvaluateCommand.swift": nil,
        "AnkiInput.swift": nil,
        "SimulationTextReport.swift": nil,
        "SimulationBudgetText.swift": nil,
        "SimulationSweepTable.swift": nil,
        "SimulationReport.swift": nil,
        "SimulationReportSetting.swift": nil,
        "SimulationLearnerLog.swift": nil,
        "SimulationDates.swift": nil,
        "SimulationWarningText.swift": nil,
        "StatesCommand.swift": nil,
        "StatesPreview.swift": nil,
        "SimulationChart.swift":
            "simulate --svg's chart is English: a file for any reader of the data, like JSON and CSV, its axis and legend sharing "
            + "the English setting and inputs lines that JSON's and the chart's subtitle use",
    ]

    /// The string literals of a line of code with three English words or more, space-parted
    /// (`"did you mean …"`): sentences or phrases. Keys (`"optimize.fittedAll"`), CSV headers
    /// and interpolations are not words.
    static func englishPhrases(in line: Substring) -> [String] {
        var phrases: [String] = []
        let parts = line.components(separatedBy: "\"")
        for (index, part) in parts.enumerated() where index % 2 == 1 {
            let words = part.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",.:;?!()'")) }
                .filter { $0.count >= 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } && $0.contains(where: \.isLowercase) }
            if words.count >= 3 { phrases.append(part) }
        }
        return phrases
    }

    @Test("the reports of plan, lessons, analyze, optimize, evaluate, record and simulate, and the summary of an Anki file, write no English sentence in Swift; the others are listed, each with its reason")
    func noEnglishInReports() throws {
        let folder = AppFixture.packageRoot.appendingPathComponent("Sources/ZhiXiReviewCLI")
        // Diagnostics, --help and machine output stay in English in Swift: lines that make them are passed over,
        // and so are the SVG charts (`let chart = …` to its `svg()`), which are English throughout, and a line
        // whose comment says it is an error's or JSON's (`// error: …`, `// JSON: …`).
        let diagnostics = ["usageError", "dataError", "ioError", "writeError", "help:", "summary:", "expectation:", "defaultDescription:",
                           "throw ", "CommandError", "fatalError", "example:", "placeholder:", "epilogue:", "discussion:"]
        for (file, reason) in Self.reportFiles.sorted(by: { $0.key < $1.key }) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var found: [String] = []
            var inHelp = false, continuing = false, inChart = false
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasSuffix("\"\"\"") || trimmed.hasPrefix("\"\"\"") {
                    inHelp.toggle()
                    if trimmed.hasPrefix("\"\"\"") && trimmed.count > 3 && trimmed.hasSuffix("\"\"\"") { inHelp.toggle() }
                    continue
                }
                if trimmed.hasPrefix("let chart = ") { inChart = true }
                if inChart {
                    if trimmed.contains(".svg()") { inChart = false }
                    continue
                }
                if inHelp || trimmed.hasPrefix("//") { continue }
                let isContinuation = trimmed.hasPrefix("+") || trimmed.hasPrefix("\"")
                let ignored = diagnostics.contains { line.contains($0) } || (isContinuation && continuing)
                continuing = ignored
                if ignored { continue }
                let pieces = line.components(separatedBy: " // ")
                if pieces.count > 1, pieces[1].hasPrefix("error") || pieces[1].hasPrefix("JSON") { continue }
                let code = pieces[0]
                for phrase in Self.englishPhrases(in: Substring(code)) { found.append("\(file):\(number + 1): \"\(phrase)\"") }
            }
            if reason == nil {
                #expect(found.isEmpty, "English sentences in Swift, not in Commands.strings:\n\(found.joined(separator: "\n"))")
            } else {
                #expect(!found.isEmpty, "\(file) is listed as still English but writes no English sentence: take it off the list")
            }
        }
    }
}
