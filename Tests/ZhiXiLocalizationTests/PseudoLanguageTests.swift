import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiCore
import ZhiXiDomain
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiReviewFeature
import ZhiXiSimulation
@testable import ZhiXiReviewCLI

/// A third language by file alone: the pseudo-language of this target's resources comes out of
/// the planner, a page and a command's report, though no library has a line about it.
@Suite("A language added as files only", .serialized)
struct PseudoLanguageTests {
    /// Whether `text` is the pseudo-language's: bracketed sentences, and no Chinese (the base, which
    /// a missing sentence would fall back to) once the learner's own words (lesson titles, weak
    /// points, names: every text of the sample workspace) are taken out.
    static func isPseudo(_ text: String) -> Bool {
        var rest = text
        for learnerText in learnerTexts { rest = rest.replacingOccurrences(of: learnerText, with: "") }
        return text.contains("⟦") && !rest.unicodeScalars.contains { (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
    }

    /// Every text of the sample workspace's JSON, longest first.
    static let learnerTexts: [String] = {
        func texts(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(texts)
            case let object as [String: Any]: object.values.flatMap(texts)
            default: []
            }
        }
        let url = AppFixture.packageRoot.appendingPathComponent("data/sample-workspace.json")
        let json = (try? Data(contentsOf: url)).flatMap { try? JSONSerialization.jsonObject(with: $0) } ?? []
        return Set(texts(json)).filter { $0.count > 1 }.sorted { $0.count > $1.count }
    }()

    static func samplePlan(language: AppLanguage) throws -> (LearnerWorkspace, PlannerResult) {
        let workspace = try AppFixture.sampleWorkspace()
        var configuration = PlannerConfiguration()
        configuration.language = language
        return (workspace, try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: AppFixture.now))
    }

    @Test("the planner's reasons and notes, and the plan as text")
    func plan() throws {
        let (workspace, result) = try Self.samplePlan(language: PseudoLanguage.language)
        let tasks = result.plan.today + result.plan.tomorrow + result.plan.thisWeek + result.plan.later
        #expect(!tasks.isEmpty)
        for task in tasks { #expect(Self.isPseudo(task.explanation.reason), "\(task.explanation.reason)") }
        let text = PlanFormatter(result: result, workspace: workspace, language: PseudoLanguage.language).text()
        #expect(text.hasPrefix("⟦") && Self.isPseudo(text), "\(text.prefix(200))")
        #expect(text.contains("[" + ReviewType.feynman.displayName(language: PseudoLanguage.language) + "]")
                    || text.contains("[" + ReviewType.spacedRepetition.displayName(language: PseudoLanguage.language) + "]"))
        #expect(ReviewType.feynman.displayName(language: PseudoLanguage.language) == "⟦Féýñmàñ~~⟧")
    }

    @Test("the review plan page's groups, rows and messages")
    @MainActor
    func page() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: PseudoLanguage.language)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        guard case .success(let screen) = plan.uiState else {
            Issue.record("the page did not load: \(plan.uiState)")
            return
        }
        let wording = LearnerWording.forLanguage(PseudoLanguage.language)
        #expect(screen.groups.map(\.title) == [wording.today, wording.tomorrow, wording.thisWeek])
        #expect(wording.today == "⟦Tödàý~⟧")
        for group in screen.groups { #expect(Self.isPseudo(group.summary), "\(group.summary)") }
        for row in screen.groups.flatMap(\.rows) {
            #expect(Self.isPseudo(row.typeLabel) && Self.isPseudo(row.minutesText), "\(row.typeLabel) \(row.minutesText)")
        }
        #expect(Self.isPseudo(wording.message(for: RepositoryFailure.serverError(status: 503))))
    }

    @Test("a command's report: the lessons listing")
    func report() throws {
        let (workspace, result) = try Self.samplePlan(language: PseudoLanguage.language)
        let listing = LessonsCommand.Listing(overviews: LessonOverview.overviews(of: workspace, plan: result), calendar: result.calendar,
                                             language: PseudoLanguage.language, now: AppFixture.now)
        let text = listing.text(title: "title")
        let header = try #require(text.split(separator: "\n").dropFirst().first)
        #expect(Self.isPseudo(String(header)), "\(header)")
        #expect(Self.isPseudo(text), "\(text.prefix(300))")
    }

    @Test("a command's report: simulate's text, with the budget's answer")
    func simulateReport() async throws {
        var request = SimulationRequest()
        request.spanDays = 20
        request.itemCount = 100
        request.seedCount = 2
        request.budgetMinutes = 3
        _ = try request.validate()
        let prepared = try request.prepare(SimulationRequest.Inputs(currentTime: AppFixture.now))
        let result = await prepared.run()
        let words = PseudoLanguage.language.localization
        let setting = SimulationReport.Setting(prepared, request: request, inputs: SimulationReport.Inputs(), workspacePath: nil, words: words)
        let text = SimulationTextReport.text(SimulationReport(outcome: .single(result.points[0]), setting: setting), words: words)
        #expect(text.hasPrefix("⟦") && Self.isPseudo(text), "\(text.prefix(300))")
        for line in text.split(separator: "\n") where line.contains(where: { $0.isASCII && $0.isLetter }) {
            #expect(line.contains("⟦"), "not in the pseudo-language: \(line)")
        }
    }
}
