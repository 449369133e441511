import Foundation
import Testing
import ZhiXiScheduler

/// A scheduler's review log of a few cards, stamped from `Date()` (finer than a millisecond).
private func stampedLog() throws -> [CardReview] {
    let scheduler = try CardScheduler(.anki(calendar: StudyCalendar(timeZoneIdentifier: "Asia/Shanghai")))
    var log: [CardReview] = []
    let start = Date()
    for cardID in Int64(1_764_400_000_000) ..< 1_764_400_000_012 {
        var card = Card(id: cardID, due: start)
        var moment = start.addingTimeInterval(Double(cardID % 7) * 0.000_123_4)
        for (index, rating) in [Rating.good, .good, .again, .hard, .easy, .good].enumerated() {
            let result = scheduler.review(card, rating: rating, at: moment,
                                          reviewDurationMilliseconds: index == 2 ? nil : 1_000 + index * 731)
            log.append(result.review)
            card = result.card
            moment = max(card.due, moment.addingTimeInterval(1))
        }
    }
    return log
}

@Suite("The compact review archive")
struct CardReviewArchiveTests {
    @Test("an archive of Date()-stamped reviews reads back equal, at about 55 bytes a review against 350 in JSON")
    func roundTrip() throws {
        let log = try stampedLog()
        let data = CardReviewArchive.encode(log)
        let read = try CardReviewArchive.decode(data)
        #expect(read == log.map(\.archived))
        #expect(read.map(\.reviewedAt) == log.map(\.reviewedAt), "dates are exact")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix(CardReviewArchive.header + "\n"))
        let json = try JSONEncoder().encode(log)
        let perReview = Double(data.count) / Double(log.count)
        #expect(perReview < 64, "\(perReview) bytes a review")
        #expect(Double(json.count) / Double(log.count) > 4 * perReview)
        #expect(read.first?.stateBefore == .new)
        #expect(Set(read.map(\.stateBefore)) == [.new, .learning, .review, .relearning])
    }

    @Test("the archived review's JSON has the members of CardReview's, with the state before in place of the card")
    func archivedJSON() throws {
        let review = try #require(try stampedLog().first).archived
        let data = try JSONEncoder().encode(review)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["cardId", "rating", "reviewedAt", "reviewDuration", "state"])
        #expect(try JSONDecoder().decode(ArchivedCardReview.self, from: data) == review)
    }

    @Test("columns in another order, CRLF, a byte-order mark, blank lines, extra columns and epoch milliseconds are read")
    func tolerantReader() throws {
        let text = "\u{FEFF}review_rating,card_id,deck,review_state,review_time\r\n"
            + "3,42,x,0,1764400000250\r\n\r\n"
            + "1,42,x,2,2026-11-30T05:00:00+08:00\r\n"
        let reviews = try CardReviewArchive.decode(Data(text.utf8))
        #expect(reviews == [
            ArchivedCardReview(cardID: 42, rating: .good, reviewedAt: Date(timeIntervalSince1970: 1_764_400_000.25), stateBefore: .new),
            ArchivedCardReview(cardID: 42, rating: .again, reviewedAt: Date(timeIntervalSince1970: 1_795_986_000), stateBefore: .review),
        ])
    }

    @Test("errors name the missing column, or the line, column and value of the first bad field",
          arguments: [
              ("card_id,review_time,review_rating\n1,2026-11-29T00:00:00Z,3\n",
               CardReviewArchiveError.missingColumn("review_state")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,5,0\n",
               .invalidField(line: 2, column: "review_rating", value: "5", expected: "1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,3,0\n1,yesterday,3,2\n",
               .invalidField(line: 3, column: "review_time",
                             value: "yesterday", expected: "an ISO-8601 time such as 2026-11-29T13:40:00Z, or epoch milliseconds, in the years 0000–9999")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,3,5\n",
               .invalidField(line: 2, column: "review_state", value: "5", expected: "0 (new), 1 (learning), 2 (review) or 3 (relearning)")),
              ("card_id,review_time,review_rating,review_state,review_duration\nabc,2026-11-29T00:00:00Z,3,0,\n",
               .invalidField(line: 2, column: "card_id", value: "abc", expected: "a whole number (the card's id)")),
              ("card_id,review_time,review_rating,review_state,review_duration\n1,2026-11-29T00:00:00Z,3,0,-5\n",
               .invalidField(line: 2, column: "review_duration", value: "-5", expected: "milliseconds (a whole number, 0 or more), or nothing")),
          ])
    func errors(text: String, expected: CardReviewArchiveError) {
        #expect(throws: expected) { try CardReviewArchive.decode(Data(text.utf8)) }
    }
}
