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
        #expect(try JSONDecoder().decode(ReviewLogRow.self, from: data) == review)
    }

    @Test("columns in another order, CRLF, a byte-order mark, blank lines, extra columns and epoch milliseconds are read")
    func tolerantReader() throws {
        let text = "\u{FEFF}review_rating,card_id,deck,review_state,review_time\r\n"
            + "3,42,x,0,1764400000250\r\n\r\n"
            + "1,42,x,2,2026-11-30T05:00:00+08:00\r\n"
        let reviews = try CardReviewArchive.decode(Data(text.utf8))
        #expect(reviews == [
            ReviewLogRow(cardID: 42, rating: .good, reviewedAt: Date(timeIntervalSince1970: 1_764_400_000.25), stateBefore: .new),
            ReviewLogRow(cardID: 42, rating: .again, reviewedAt: Date(timeIntervalSince1970: 1_795_986_000), stateBefore: .review),
        ])
    }

    @Test("errors name the missing column, or the line, column and value of the first bad field (the one CSV reader's)",
          arguments: [
              ("card_id,review_time\n1,2026-11-29T00:00:00Z\n",
               ReviewLogError.missingColumn("review_rating", header: "card_id,review_time")),
              ("card_id,review_time,review_rating,review_state,card_id\n1,2026-11-29T00:00:00Z,3,0,2\n",
               .repeatedColumn("card_id", header: "card_id,review_time,review_rating,review_state,card_id")),
              ("card_id,review_time,review_rating,review_state\n1,9999-11-29T00:00:00Z,3,0\n",
               .invalidField(line: 2, column: "review_time", value: "9999-11-29T00:00:00Z", expected: "a time in the years 1900–2200")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,5,0\n",
               .invalidField(line: 2, column: "review_rating", value: "5",
                             expected: "a rating (expected 1 Again, 2 Hard, 3 Good or 4 Easy, or 0 for a manual entry)")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,3,0\n1,yesterday,3,2\n",
               .invalidField(line: 3, column: "review_time",
                             value: "yesterday", expected: "a time (epoch milliseconds or ISO-8601 such as 2024-03-29T20:32:32Z)")),
              ("card_id,review_time,review_rating,review_state\n1,2026-11-29T00:00:00Z,3,7\n",
               .invalidField(line: 2, column: "review_state", value: "7",
                             expected: "a state (0 new, 1 learning, 2 review, 3 relearning, 4 filtered, 5 manual)")),
              ("card_id,review_time,review_rating,review_state,review_duration\nabc,2026-11-29T00:00:00Z,3,0,\n",
               .invalidField(line: 2, column: "card_id", value: "abc", expected: "a whole number (the card's id)")),
              ("card_id,review_time,review_rating,review_state,review_duration\n1,2026-11-29T00:00:00Z,3,0,\n\"a\"\"b\",2026-11-29T00:00:00Z,3,0,\n",
               .invalidField(line: 3, column: "card_id", value: "a\"b", expected: "a whole number (the card's id)")),
              ("card_id,review_time,review_rating,review_state,review_duration\n1,2026-11-29T00:00:00Z,3,0,-5\n",
               .invalidField(line: 2, column: "review_duration", value: "-5", expected: "a duration in milliseconds (a number, 0 or more)")),
          ])
    func errors(text: String, expected: ReviewLogError) {
        #expect(throws: expected) { try CardReviewArchive.decode(Data(text.utf8)) }
    }

    @Test("rows that are not answers, and the kinds of an FSRS log, read back as they were written")
    func manualRowsAndKinds() throws {
        let rows = [
            ReviewLogRow(cardID: 7, reviewedAt: Date(timeIntervalSince1970: 1_764_400_000), rating: nil, kind: .manual),
            ReviewLogRow(cardID: 7, reviewedAt: Date(timeIntervalSince1970: 1_764_400_060), rating: .hard, kind: .filtered,
                         reviewDurationMilliseconds: 4_000),
            ReviewLogRow(cardID: 8, reviewedAt: Date(timeIntervalSince1970: 1_764_400_120), rating: .easy, kind: nil),
        ]
        #expect(try CardReviewArchive.decode(CardReviewArchive.encode(rows)) == rows)
        let text = String(decoding: CardReviewArchive.encode(rows), as: UTF8.self)
        #expect(text.contains("\n7,2025-11-29T07:06:40Z,0,5,\n"), "\(text)")
    }
}
