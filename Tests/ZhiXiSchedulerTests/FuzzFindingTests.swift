import Foundation
import Testing
import ZhiXiScheduler

/// The inputs the fuzz target review-archive-csv found (Benchmarks/fuzz, docs/CORRECTNESS.md).
@Suite("Findings of the fuzz target review-archive-csv")
struct FuzzFindingTests {
    @Test("a time the writer cannot write back is refused: epoch milliseconds past the year 9999, an offset before 0000",
          arguments: ["17643999999999999", "-62167219200001", "0000-01-01T00:00:00+01:00", "0000-01-01T00:59:59.9999+01:00"])
    func timeOutsideTheWritersYears(time: String) {
        let archive = Data("card_id,review_time,review_rating,review_state\n1,\(time),3,0\n".utf8)
        #expect(throws: CardReviewArchiveError.self) { try CardReviewArchive.decode(archive) }
    }

    @Test("the first and last instants the writer's form holds read, and read back from what it writes",
          arguments: ["0000-01-01T00:00:00Z", "0000-01-01T01:00:00+01:00", "-62167219200000", "9999-12-31T23:59:59.999Z"])
    func edgeOfTheWritersYears(time: String) throws {
        let reviews = try CardReviewArchive.decode(Data("card_id,review_time,review_rating,review_state\n1,\(time),3,0\n".utf8))
        #expect(try CardReviewArchive.decode(CardReviewArchive.encode(reviews)) == reviews)
    }
}
