import Testing
import ZhiXiCore
import ZhiXiDomain
import ZhiXiModel

@Suite("The learner-facing wording tables")
struct LearnerWordingTests {
    @Test("both tables have the same keys, and the same blanks in each sentence")
    func sameKeysAndBlanks() {
        let chinese = Dictionary(uniqueKeysWithValues: Mirror(reflecting: LearnerWording.chinese).children.map { ($0.label!, $0.value) })
        let english = Mirror(reflecting: LearnerWording.english).children.map { ($0.label!, $0.value) }
        #expect(Set(english.map(\.0)) == Set(chinese.keys))
        for (label, value) in english {
            let other = chinese[label]
            if let sentence = value as? LearnerWording.Sentence {
                let twin = other as? LearnerWording.Sentence
                #expect(twin.map { Set($0.slots) } == Set(sentence.slots), "\(label)")
            } else if let counted = value as? LearnerWording.Counted {
                let twin = other as? LearnerWording.Counted
                #expect(twin.map { Set($0.other.slots) } == Set(counted.other.slots), "\(label)")
                #expect(twin.map { Set($0.one.slots) } == Set(counted.one.slots), "\(label)")
            } else if let list = value as? [String] {
                #expect((other as? [String])?.count == list.count, "\(label)")
            } else if let text = value as? String {
                #expect(!text.isEmpty && !((other as? String) ?? "").isEmpty, "\(label)")
            }
        }
    }

    @Test("Chinese is the default; dates, minutes and messages in each language")
    func texts() {
        #expect(LearnerWording.forLanguage(.default) == .chinese)
        let monday = CivilDate(year: 2026, month: 11, day: 30)
        #expect(LearnerWording.chinese.date(monday) == "11月30日（周一）")
        #expect(LearnerWording.english.date(monday) == "Mon Nov 30")
        #expect(LearnerWording.chinese.minutes(12) == "12 分钟" && LearnerWording.english.minutes(12) == "12 min")
        #expect(LearnerWording.chinese.message(for: RepositoryFailure.serverError(status: 503)) == "服务器暂时出了问题，请稍后重试。")
        #expect(LearnerWording.chinese.message(for: SignInFailure.cancelled) == nil)
        #expect(ScreenError(.unreachable, wording: .english) == ScreenError(message: LearnerWording.english.unreachable, retryTitle: "Try again"))
        #expect(LearnerWording.english.fill(LearnerWording.english.groupSummary.form(1), [.count: "1", .minutes: "5"]) == "1 task, about 5 min")
    }
}
