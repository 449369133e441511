import Foundation
import Testing
import ZhiXiScheduler

/// The inputs the fuzz target review-archive-csv found (Benchmarks/fuzz, docs/CORRECTNESS.md).
@Suite("Findings of the fuzz target review-archive-csv")
struct FuzzFindingTests {
    @Test("a time the writer cannot write back is refused (the one reader keeps the years 1900–2200): epoch milliseconds past 9999, an offset before 0000",
          arguments: ["17643999999999999", "-62167219200001", "0000-01-01T00:00:00+01:00", "0000-01-01T00:59:59.9999+01:00",
                      "1899-12-31T23:59:59.999Z", "2201-01-01T00:00:00Z"])
    func timeOutsideTheWritersYears(time: String) {
        let archive = Data("card_id,review_time,review_rating,review_state\n1,\(time),3,0\n".utf8)
        #expect(throws: ReviewLogError.self) { try CardReviewArchive.decode(archive) }
    }

    @Test("the first and last instants of the years read, and read back from what the writer writes",
          arguments: ["1900-01-01T00:00:00Z", "1900-01-01T01:00:00+01:00", "-2208988800000", "2200-12-31T23:59:59.999Z"])
    func edgeOfTheWritersYears(time: String) throws {
        let reviews = try CardReviewArchive.decode(Data("card_id,review_time,review_rating,review_state\n1,\(time),3,0\n".utf8))
        #expect(try CardReviewArchive.decode(CardReviewArchive.encode(reviews)) == reviews)
    }
}
