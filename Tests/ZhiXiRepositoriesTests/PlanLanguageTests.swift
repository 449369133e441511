import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiModel
import ZhiXiPlanner
@testable import ZhiXiRepositories

/// The plans made on the device follow the learner's language (user, then profile, then the
/// device, then Simplified Chinese), not a language fixed by the configuration.
@Suite("The language of the plans made on the device")
struct PlanLanguageTests {
    static let now = AppFixture.now

    /// The sample learner with these languages set.
    static func workspace(user: String?, profile: String?) throws -> LearnerWorkspace {
        var workspace = try AppFixture.sampleWorkspace()
        workspace.user?.preferredLanguage = user
        workspace.profile.preferredLanguage = profile
        return workspace
    }

    /// The reasons of the device's plan of `workspace` with `language`.
    static func reasons(_ workspace: LearnerWorkspace, _ language: PlanLanguage) throws -> [String?] {
        try ReviewPlanAssembler(planner: ReviewPlanner(), language: language)
            .snapshot(workspace: workspace, serverTasks: nil, waiting: [], now: now).allItems.map(\.reason)
    }

    /// The reasons of the planner's own plan in `language`.
    static func plannerReasons(_ workspace: LearnerWorkspace, _ language: AppLanguage) throws -> [String?] {
        var configuration = PlannerConfiguration()
        configuration.language = language
        return try ReviewPlanAssembler(planner: ReviewPlanner(configuration: configuration))
            .snapshot(workspace: workspace, serverTasks: nil, waiting: [], now: now).allItems.map(\.reason)
    }

    @Test("a profile that says en, no user language, no configuration: an English plan")
    func profileEnglish() throws {
        let workspace = try Self.workspace(user: nil, profile: "en")
        let reasons = try Self.reasons(workspace, .learner(device: []))
        #expect(!reasons.isEmpty && reasons.allSatisfy { $0 != nil })
        #expect(reasons == (try Self.plannerReasons(workspace, .english)))
        #expect(reasons != (try Self.plannerReasons(workspace, .simplifiedChinese)), "the two languages' reasons differ")
    }

    @Test("zh-Hant, zh-TW and zh-HK get Chinese; the user's language comes before the profile's; then the device's; then Chinese")
    func order() throws {
        let chinese = try Self.plannerReasons(Self.workspace(user: nil, profile: nil), .simplifiedChinese)
        let english = try Self.plannerReasons(Self.workspace(user: nil, profile: nil), .english)
        for tag in ["zh-Hant", "zh-TW", "zh_HK.UTF-8"] {
            #expect(try Self.reasons(Self.workspace(user: nil, profile: tag), .learner(device: ["en-US"])) == chinese, "\(tag)")
        }
        #expect(try Self.reasons(Self.workspace(user: "zh-Hant", profile: "en"), .learner(device: [])) == chinese)
        #expect(try Self.reasons(Self.workspace(user: "en-GB", profile: "zh"), .learner(device: [])) == english)
        #expect(try Self.reasons(Self.workspace(user: nil, profile: nil), .learner(device: ["ja-JP", "en-US"])) == english,
                "a device language without files is passed over")
        #expect(try Self.reasons(Self.workspace(user: "xx", profile: "ja"), .learner(device: [])) == chinese)
        #expect(try Self.reasons(Self.workspace(user: nil, profile: "en"), .fixed(.simplifiedChinese)) == chinese,
                "a language the configuration fixes wins")
    }

    @Test("PlanLanguage reads the workspace's user and profile")
    func languageOfWorkspace() throws {
        #expect(PlanLanguage.learner(device: []).language(for: try Self.workspace(user: nil, profile: "en")) == .english)
        #expect(PlanLanguage.learner(device: []).language(for: try Self.workspace(user: nil, profile: "zh-Hant")) == .simplifiedChinese)
        #expect(PlanLanguage.fixed(.english).language(for: try Self.workspace(user: "zh", profile: "zh")) == .english)
    }
}
