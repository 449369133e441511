import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiPlanner

private typealias F = PlannerFixture

/// The planner writes its reasons in the learner's language without being told: the
/// configuration's language when the caller chooses one, else the profile's
/// `preferredLanguage` (the user's first, from a workspace), else Simplified Chinese.
@Suite("Review planner: the learner's language")
struct PlannerLanguageTests {
    static let now = F.date("2026-11-20T12:00:00Z")

    /// One lesson studied with a partial score (a Feynman review), the profile's language `preferred`.
    static func input(preferred: String?) -> PlannerInput {
        var input = F.input(lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-11-20T10:00:00Z", score: 65)])
        input.profile.preferredLanguage = preferred
        return input
    }

    /// A planner with nothing said of the language.
    static func planner() -> ReviewPlanner { F.exactPlanner { $0.language = nil } }

    static func reason(_ result: PlannerResult) throws -> String {
        try #require(result.plan.allTasks.first).explanation.reason
    }

    static func isChinese(_ text: String) -> Bool { text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }

    @Test("a profile that says en: English reasons, with no other setting; the result says English")
    func profileEnglish() throws {
        let result = try ReviewPlanner().plan(Self.input(preferred: "en"), now: Self.now)
        let reason = try Self.reason(result)
        #expect(!Self.isChinese(reason), "\(reason)")
        #expect(result.language == .english)
        let british = try Self.planner().plan(Self.input(preferred: "en_GB.UTF-8"), now: Self.now)
        #expect(british.language == .english, "a locale identifier names the language too")
    }

    @Test("no language, a language without files, C: Simplified Chinese, the base")
    func base() throws {
        for preferred in [nil, "fr", "C", ""] {
            let result = try Self.planner().plan(Self.input(preferred: preferred), now: Self.now)
            let reason = try Self.reason(result)
            #expect(result.language == .simplifiedChinese && Self.isChinese(reason), "\(String(describing: preferred))")
        }
    }

    @Test("the configuration's language, when set, before the learner's")
    func configurationFirst() throws {
        let result = try F.exactPlanner { $0.language = .simplifiedChinese }.plan(Self.input(preferred: "en"), now: Self.now)
        let reason = try Self.reason(result)
        #expect(result.language == .simplifiedChinese && Self.isChinese(reason))
        let english = try F.exactPlanner { $0.language = .english }.plan(Self.input(preferred: "zh-Hans"), now: Self.now)
        let englishReason = try Self.reason(english)
        #expect(english.language == .english && !Self.isChinese(englishReason))
    }

    @Test("from a workspace: the user's language before the profile's, the profile's when the user names none with files")
    func workspaceUser() throws {
        let input = Self.input(preferred: "zh-Hans")
        func workspace(user: String?) -> LearnerWorkspace {
            LearnerWorkspace(user: User(id: "u1", appleUserID: "a1", preferredLanguage: user, createdAt: Self.now), profile: input.profile,
                             lessons: input.lessons,
                             sessions: input.sessions)
        }
        let english = try Self.planner().plan(PlannerInput(workspace: workspace(user: "en")), now: Self.now)
        let reason = try Self.reason(english)
        #expect(english.language == .english && !Self.isChinese(reason))
        let profiles = try Self.planner().plan(PlannerInput(workspace: workspace(user: "fr")), now: Self.now)
        #expect(profiles.language == .simplifiedChinese)
    }

    @Test("the notes are said in the result's language")
    func notes() throws {
        var input = Self.input(preferred: "en")
        input.profile.dailyMinutes = 1
        let result = try Self.planner().plan(input, now: Self.now)
        for note in result.notes { #expect(!Self.isChinese(note.text(language: result.language)), "\(note)") }
    }
}
