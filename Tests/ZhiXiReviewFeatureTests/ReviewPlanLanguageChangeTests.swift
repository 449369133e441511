import Foundation
import Testing
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature

/// The app's language changed at run time (settings): the review-plan page draws what it
/// shows in the new language at once, from what it has, without asking for the plan again.
@Suite("ReviewPlanViewModel: a language change redraws the page")
@MainActor
struct ReviewPlanLanguageChangeTests {
    @Test("the plan on screen: its group titles, summaries and minutes come out in English, then in Chinese again; no new load")
    func planRedrawn() async throws {
        let repository = ScriptedReviewRepository([.init(result: .success(ScriptedReviewRepository.plan(title: "函数")))])
        let setting = LanguageSetting(.simplifiedChinese)
        let plan = ReviewPlanViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), languageSetting: setting)
        await plan.load()
        let chinese = try #require(plan.uiState.screen)
        #expect(chinese.groups.map(\.title) == ["今天", "明天", "本周"])
        #expect(chinese.today.rows.first?.minutesText == "10 分钟")

        setting.language = .english
        let english = try #require(plan.uiState.screen)
        #expect(english.groups.map(\.title) == ["Today", "Tomorrow", "This week"])
        #expect(english.today.rows.first?.minutesText == "10 min")
        #expect(english.today.rows.first?.typeLabel == ReviewType.recall.displayName(language: .english))
        #expect(english.ids == chinese.ids, "the same plan, redrawn")
        #expect(plan.wording == LearnerWording.english)

        setting.language = .simplifiedChinese
        #expect(plan.uiState.screen == chinese, "back in Chinese: the very page drawn first")
        #expect(await repository.calls == 1, "no new plan was asked for")
    }

    @Test("an error on screen: its message and retry title are drawn again in the new language")
    func errorRedrawn() async throws {
        let repository = ScriptedReviewRepository([.init(result: .failure(.unreachable))])
        let setting = LanguageSetting(.simplifiedChinese)
        let plan = ReviewPlanViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), languageSetting: setting)
        await plan.load()
        #expect(plan.uiState == .error(ScreenError(.unreachable, wording: .chinese)))
        setting.language = .english
        #expect(plan.uiState == .error(ScreenError(.unreachable, wording: .english)))
        #expect(ScreenError(.unreachable, wording: .english) != ScreenError(.unreachable, wording: .chinese))
        #expect(await repository.calls == 1)
    }

    @Test("a page released stops watching; the setting's other pages still redraw")
    func releasedPage() async throws {
        let setting = LanguageSetting(.simplifiedChinese)
        let kept = ReviewPlanViewModel(repository: ScriptedReviewRepository([.init(result: .success(ScriptedReviewRepository.plan(title: "甲")))]),
                                       session: FakeSessionRepository(signedIn: true), languageSetting: setting)
        await kept.load()
        weak var released: ReviewPlanViewModel?
        do {
            let page = ReviewPlanViewModel(repository: ScriptedReviewRepository([.init(result: .success(ScriptedReviewRepository.plan(title: "乙")))]),
                                           session: FakeSessionRepository(signedIn: true), languageSetting: setting)
            released = page
        }
        #expect(released == nil, "the setting does not keep a page alive")
        setting.language = .english
        #expect(kept.uiState.screen?.groups.first?.title == "Today")
    }
}
