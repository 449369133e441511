import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature

/// The app without a language configured follows the learner: their `preferredLanguage`, and
/// Traditional Chinese is served by Simplified Chinese, not English.
@Suite("The app's pages in the learner's language", .serialized)
@MainActor
struct LearnersLanguageTests {
    func groupTitles(preferredLanguage: String?) async throws -> [String] {
        var workspace = try AppFixture.sampleWorkspace()
        workspace.user?.preferredLanguage = preferredLanguage
        workspace.profile.preferredLanguage = preferredLanguage
        let fixture = try AppFixture(workspace: workspace)
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: nil)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        guard case .success(let screen) = plan.uiState else {
            Issue.record("the page did not load: \(plan.uiState)")
            return []
        }
        return screen.groups.map(\.title)
    }

    @Test("a learner who prefers en gets English pages, without any configuration")
    func english() async throws {
        #expect(try await groupTitles(preferredLanguage: "en") == ["Today", "Tomorrow", "This week"])
    }

    @Test("zh-Hant and zh-TW get Chinese; nothing set (and no device language) gets Simplified Chinese")
    func chinese() async throws {
        for language in ["zh-Hant", "zh-TW", nil] as [String?] {
            #expect(try await groupTitles(preferredLanguage: language) == ["今天", "明天", "本周"], "\(language ?? "none")")
        }
    }
}
