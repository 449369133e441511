import Foundation
import Testing
import ZhiXiModel
import ZhiXiScheduler

@Suite("One date precision across the model's JSON and the scheduler's")
struct DatePrecisionAcrossLayersTests {
    @Test("a Date() stamp is written the same by a Card, a CardReview, the archive and a LearningSession, and each restores equal")
    func sameTextEverywhere() throws {
        let now = Date()
        let scheduler = try CardScheduler(.anki(calendar: StudyCalendar(timeZoneIdentifier: "Asia/Shanghai")))
        let result = scheduler.review(Card(id: 42, due: now), rating: .good, at: now)
        let session = LearningSession(id: "s1", userID: "u1", lessonID: "l1", startedAt: now, userInput: "…")

        let cardData = try JSONEncoder().encode(result.card)
        let reviewData = try JSONEncoder().encode(result.review)
        let sessionData = try ZhiXiJSON.makeEncoder().encode(session)
        let archive = CardReviewArchive.encode([result.review])
        #expect(try JSONDecoder().decode(Card.self, from: cardData) == result.card)
        #expect(try JSONDecoder().decode(CardReview.self, from: reviewData) == result.review)
        #expect(try ZhiXiJSON.makeDecoder().decode(LearningSession.self, from: sessionData) == session)
        #expect(try CardReviewArchive.decode(archive) == [result.review.archived])

        let card = try #require(try JSONSerialization.jsonObject(with: cardData) as? [String: Any])
        let stored = try #require(try JSONSerialization.jsonObject(with: sessionData) as? [String: Any])
        let text = try #require(card["lastReview"] as? String)
        #expect(stored["startedAt"] as? String == text)
        #expect(String(decoding: archive, as: UTF8.self).contains("," + text + ","))
    }
}
