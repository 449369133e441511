import Foundation
import Testing
import ZhiXiReviewEngine

// The README's quickstart, compiled and run here: the lines between the markers, indented by
// four spaces, are the README's code block after its two imports. The test below checks that
// the README shows exactly these lines, so the README cannot go stale.
func quickstart() -> (result: CardReviewResult, fitted: FSRSParameters) {
    // README-BEGIN
    let scheduler = CardScheduler()                                        // FSRS-6, py-fsrs's defaults
    let result = scheduler.review(Card(id: 1, due: .now), rating: .good, at: .now)
    print(result.card.state, result.card.step ?? 0)                        // prints: learning 1 — the next step is in 10 minutes
    let fitted = ParameterOptimizer().optimize([result.review]).parameters // your reviews' weights
    print(fitted == .default)                                              // prints: true — one review is too few to fit
    // README-END
    return (result, fitted)
}

@Suite("The README's quickstart")
struct QuickstartTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the README's quickstart is this file's code, and it does what its comments say")
    func quickstartIsCurrentAndRuns() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let body = try #require(source.components(separatedBy: "    // README-BEGIN\n").last?.components(separatedBy: "    // README-END").first)
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
        let section = try #require(readme.components(separatedBy: "## Embed the engine").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == "import Foundation\nimport ZhiXiReviewEngine\n\n" + lines.joined(separator: "\n"),
                "update the README's quickstart from Tests/ZhiXiReviewEngineTests/QuickstartTests.swift")

        let (result, fitted) = quickstart()
        #expect(result.card.state == .learning && result.card.step == 1)
        #expect(abs(result.card.due.timeIntervalSince(result.review.reviewedAt) - 600) < 0.001, "ten minutes, to the Date's precision")
        #expect(fitted == FSRSParameters.default, "one review is too few to fit: the defaults stay")
    }

    @Test("the default scheduler is py-fsrs's Scheduler(), and its configuration is valid")
    func defaultScheduler() throws {
        let configuration = CardScheduler().configuration
        try configuration.validate()
        #expect(configuration == SchedulerConfiguration.pyFSRS)
        #expect(configuration.desiredRetention == 0.9 && configuration.learningSteps == [60, 600] && configuration.relearningSteps == [600])
    }
}
