import Foundation
import Testing
import ZhiXiModel

@Suite("Open enums and app languages")
struct OpenEnumTests {
    @Test(
        "review types have the contract's raw values and display names",
        arguments: [
            (ReviewType.spacedRepetition, "spacedRepetition", "间隔重复", "Spaced repetition"),
            (ReviewType.feynman, "feynman", "费曼", "Feynman"),
            (ReviewType.recall, "recall", "回忆", "Recall"),
            (ReviewType.weakPoint, "weakPoint", "薄弱", "Weak point"),
            (ReviewType.unknown("mindMap"), "mindMap", "mindMap", "mindMap"),
        ]
    )
    func reviewTypes(type: ReviewType, rawValue: String, chinese: String, english: String) {
        #expect(type.rawValue == rawValue)
        #expect(ReviewType(rawValue: rawValue) == type)
        #expect(type.displayName(language: .simplifiedChinese) == chinese)
        #expect(type.displayName(language: .english) == english)
    }

    @Test("an unknown value spelled like a known one is that known one")
    func unknownSpellingOfKnown() {
        #expect(ReviewType.unknown("feynman") == .feynman)
        #expect(ReviewType.unknown("feynman").hashValue == ReviewType.feynman.hashValue)
        #expect(ReviewType.unknown("feynman").isKnown)
        #expect(!ReviewType.unknown("mindMap").isKnown)
        #expect(UserStatus.unknown("active") == .active)
        #expect(ReviewTaskStatus.unknown("skipped") == .skipped)
        #expect(ReviewType.recall != .feynman)
        #expect(ReviewType.unknown("a") != .unknown("b"))
        #expect(ReviewType.knownCases.count == 4)
    }

    @Test("open enums decode values they do not know and encode them back unchanged")
    func unknownRoundTrip() throws {
        let json = Data(#"["spacedRepetition","mindMap","天"]"#.utf8)
        let types = try ZhiXiJSON.makeDecoder().decode([ReviewType].self, from: json)
        #expect(types == [.spacedRepetition, .unknown("mindMap"), .unknown("天")])
        #expect(try ZhiXiJSON.makeEncoder().encode(types) == json)

        let statuses = try ZhiXiJSON.makeDecoder().decode(
            [UserStatus].self, from: Data(#"["active","suspended","deleted","frozen"]"#.utf8))
        #expect(statuses == [.active, .suspended, .deleted, .unknown("frozen")])
        let taskStatuses = try ZhiXiJSON.makeDecoder().decode(
            [ReviewTaskStatus].self, from: Data(#"["pending","completed","skipped","cancelled","x"]"#.utf8))
        #expect(taskStatuses == [.pending, .completed, .skipped, .cancelled, .unknown("x")])
        #expect(taskStatuses.map(\.isOpen) == [true, false, false, false, false])
    }

    @Test(
        "locale identifiers map to the app's languages",
        arguments: [
            ("zh", AppLanguage.simplifiedChinese),
            ("zh_CN.UTF-8", .simplifiedChinese),
            ("zh-Hans", .simplifiedChinese),
            ("zh-CN", .simplifiedChinese),
            ("zh_CN", .simplifiedChinese),
            ("zh-Hans-CN", .simplifiedChinese),
            ("ZH_cn.utf8@pinyin", .simplifiedChinese),
            ("zh-Hant", .simplifiedChinese),
            ("zh_TW.UTF-8", .simplifiedChinese),
            ("zh-HK", .simplifiedChinese),
            ("en", .english),
            ("en_US.UTF-8", .english),
            ("C", .simplifiedChinese),
            ("POSIX", .simplifiedChinese),
            ("", .simplifiedChinese),
            ("fr-FR", .simplifiedChinese),
            ("zha", .simplifiedChinese),
        ]
    )
    func localeIdentifiers(identifier: String, language: AppLanguage) {
        #expect(AppLanguage(localeIdentifier: identifier) == language)
    }

    @Test("app languages have BCP-47 raw values")
    func languageRawValues() {
        #expect(AppLanguage.english.rawValue == "en")
        #expect(AppLanguage.simplifiedChinese.rawValue == "zh-Hans")
    }

    @Test("feedback categories: the four of the feedback page, others kept")
    func feedbackCategories() throws {
        let json = Data(#"["bug","feature","content","other","praise"]"#.utf8)
        let categories = try ZhiXiJSON.makeDecoder().decode([FeedbackCategory].self, from: json)
        #expect(categories == FeedbackCategory.knownCases + [.unknown("praise")])
        #expect(try ZhiXiJSON.makeEncoder().encode(categories) == json)
        #expect(FeedbackCategory.unknown("bug") == .bug && !FeedbackCategory.unknown("praise").isKnown)
        #expect(FeedbackCategory.content.description == "content")
    }
}
