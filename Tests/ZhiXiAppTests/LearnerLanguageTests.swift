import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature

/// The app's language follows the learner without any configuration: the user's
/// `preferredLanguage`, then the profile's, then the device's, then Simplified Chinese, as soon
/// as the container knows them (signed in; the profile read by a plan), unless the learner
/// chose one in settings. Through `AppContainer` against the loopback server.
@Suite("The app's language follows the learner", .serialized)
@MainActor
struct LearnerLanguageTests {
    /// The sample learner with these languages set.
    static func workspace(user: String?, profile: String?) throws -> LearnerWorkspace {
        var workspace = try AppFixture.sampleWorkspace()
        workspace.user?.preferredLanguage = user
        workspace.profile.preferredLanguage = profile
        return workspace
    }

    /// Whether `text` has a Chinese character.
    static func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    @Test("a profile's language, no user language, no configuration: the pages and the plan's reasons in it",
          arguments: [("en", AppLanguage.english), ("en-GB", .english), ("zh-Hant", .simplifiedChinese), ("zh-TW", .simplifiedChinese),
                      ("zh-HK", .simplifiedChinese), ("ja-JP", .simplifiedChinese), ("xx", .simplifiedChinese)])
    func profileLanguage(tag: String, expected: AppLanguage) async throws {
        let fixture = try AppFixture(workspace: Self.workspace(user: nil, profile: tag))
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: nil)
        #expect(app.language == .simplifiedChinese, "before the profile is read: the base (no user language, no device languages)")
        let home = app.makeStudyHomeViewModel()
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(app.language == expected, "\(tag)")
        let screen = try #require(plan.uiState.shownPlan)
        #expect(screen.groups.first?.title == (expected == .english ? "Today" : "今天"))
        let reasons = screen.groups.flatMap(\.rows).compactMap(\.reason)
        #expect(!reasons.isEmpty)
        // English reasons begin in English (a weak point's name in them is the learner's own, in Chinese).
        let inLanguage = expected == .english ? reasons.allSatisfy { $0.first?.isASCII == true } : reasons.allSatisfy(Self.hasChinese)
        #expect(inLanguage, "the plan's reasons in \(expected): \(reasons)")
        #expect(home.wording == .forLanguage(expected), "a page made before the profile was read follows it")
        #expect(app.makeLearningProgressViewModel().wording == .forLanguage(expected), "a page made after is in it")
        #expect(app.makeLoginViewModel().wording == .forLanguage(expected))
    }

    @Test("the user's language comes before the profile's; the one chosen in settings before both, whatever is read after")
    func order() async throws {
        let fixture = try AppFixture(workspace: Self.workspace(user: "en-US", profile: "zh-Hans"))
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: nil)
        #expect(app.language == .english, "signed in: the user's language, before any profile")
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(app.language == .english && plan.uiState.shownPlan?.groups.first?.title == "Today")
        #expect(plan.uiState.shownPlan?.today.rows.first?.reason?.first?.isASCII == true, "English reasons")

        app.setLanguage(.simplifiedChinese)
        #expect(plan.uiState.shownPlan?.groups.first?.title == "今天", "the page redrawn at once")
        await plan.refresh()
        #expect(app.language == .simplifiedChinese, "the profile read again does not undo the learner's choice")
        let reasons = plan.uiState.shownPlan?.groups.flatMap(\.rows).compactMap(\.reason) ?? []
        #expect(!reasons.isEmpty && reasons.allSatisfy(Self.hasChinese), "the plan made after the choice gives its reasons in it: \(reasons)")
        #expect(app.makeStudyHomeViewModel().wording == .chinese)
    }

    @Test("a language the configuration fixes wins over the learner's")
    func configured() async throws {
        let fixture = try AppFixture(workspace: Self.workspace(user: nil, profile: "en"))
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: .simplifiedChinese)
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        #expect(app.language == .simplifiedChinese && plan.uiState.shownPlan?.groups.first?.title == "今天")
    }

    @Test("a relaunch: the profile kept on the device is read by the first page's plan, before the server answers")
    func relaunch() async throws {
        let fixture = try AppFixture(workspace: Self.workspace(user: nil, profile: "en"))
        defer { fixture.tearDown() }
        let first = try await fixture.launch(language: nil)
        await first.makeReviewPlanViewModel().load()
        #expect(first.language == .english)

        fixture.networkDown()
        let again = AppContainer(configuration: fixture.configuration(language: nil))
        await again.sessionRepository.restore()
        #expect(again.sessionRepository.isSignedIn && again.language == .simplifiedChinese, "the profile not read yet")
        let home = again.makeStudyHomeViewModel()
        await home.load()
        #expect(again.language == .english && home.uiState.shownHome?.isOffline == true)
        #expect(home.wording == .english)
    }
}
