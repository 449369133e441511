import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiTraining

private func parse(_ text: String) throws -> [ReviewLogEntry] {
    try ReviewLogCSV.parse(Data(text.utf8))
}

@Suite("Review-log CSV")
struct ReviewLogCSVTests {
    @Test("columns may come in any order; epoch milliseconds and ISO-8601 times both read")
    func columnsAndTimes() throws {
        let entries = try parse("""
        review_rating,review_duration,card_id,review_time,review_state
        3,8000,42,1711744352250,2
        1,,42,2024-03-30T20:32:32.250000+00:00,
        4,1200,7,2024-03-31T08:00:00+08:00,1
        """)
        #expect(entries.count == 3)
        #expect(entries[0] == ReviewLogEntry(cardID: "42", reviewedAtSecondsSince1970: 1_711_744_352.25, rating: .good,
                                             recordedState: 2, durationMilliseconds: 8000, line: 2))
        #expect(entries[1].reviewedAtSecondsSince1970 == 1_711_744_352.25 + 86_400)
        #expect(entries[1].durationMilliseconds == nil && entries[1].recordedState == nil)
        #expect(entries[2].reviewedAtSecondsSince1970 == 1_711_843_200)
        #expect(entries[2].line == 4)
    }

    @Test("quoted fields, CRLF line ends, a byte-order mark and blank lines are accepted")
    func csvDialect() throws {
        let text = "\u{FEFF}card_id,review_time,review_rating,note\r\n\"a,b\",1711744352250,2,\"say \"\"hi\"\"\"\r\n\r\nc,1711744352251,3,x\r\n"
        let entries = try parse(text)
        #expect(entries.map(\.cardID) == ["a,b", "c"])
        #expect(entries.map(\.line) == [2, 4])
    }

    @Test("errors name the line and the column", arguments: [
        ("card_id,review_time,review_rating\n1,1711744352250,5\n", "line 2, column review_rating: \"5\" is not a rating"),
        ("card_id,review_time,review_rating\n1,1711744352250,3\n1,yesterday,3\n", "line 3, column review_time: \"yesterday\""),
        ("card_id,review_rating\n1,3\n", "the header has no 'review_time' column"),
        ("card_id,review_time,review_rating\n1,1711744352250\n", "line 2: the row ends before column review_rating"),
        ("card_id,review_time,review_rating,review_duration\n1,1711744352250,3,-5\n", "line 2, column review_duration"),
        ("card_id,review_time,review_rating\n\"1,1711744352250,3\n", "line 2: a quoted field is not closed"),
        (",,\n", "the header has no 'card_id' column"),
        ("", "the file is empty"),
    ])
    func errors(text: String, message: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("histories group by card in order of first appearance and sort each card by time")
    func grouping() throws {
        let entries = try parse("""
        card_id,review_time,review_rating
        b,2024-01-05T10:00:00Z,3
        a,2024-01-03T10:00:00Z,1
        b,2024-01-01T10:00:00Z,3
        a,2024-01-04T10:00:00Z,3
        """)
        let histories = CardReviewHistories(entries)
        #expect(histories.cardIDs == ["b", "a"])
        #expect(histories.reviews[0].map(\.rating) == [.good, .good])
        #expect(histories.reviews[0].map(\.line) == [4, 2])
        #expect(histories.reviewCount == 4)
    }

    @Test("elapsed days count study days: 03:59 and 04:01 are on different days, 04:01 and 23:00 on the same")
    func studyDays() throws {
        let entries = try parse("""
        card_id,review_time,review_rating
        x,2024-01-01T04:01:00Z,3
        x,2024-01-01T23:00:00Z,3
        x,2024-01-02T03:59:00Z,3
        x,2024-01-02T04:01:00Z,3
        x,2024-01-10T12:00:00Z,1
        """)
        let batch = CardReviewHistories(entries).memoryBatch(calendar: .utc)
        #expect(batch.elapsedDays == [0, 0, 0, 1, 8])
        let shanghai = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
        // 2024-01-01T23:00Z is 07:00 on 2 January in Shanghai; 2024-01-02T03:59Z is 11:59 there.
        #expect(CardReviewHistories(entries).memoryBatch(calendar: shanghai).elapsedDays == [0, 1, 0, 0, 8])
        // In whole 24-hour periods 03:59 → 04:01 is no day at all.
        #expect(CardReviewHistories(entries).memoryBatchWholeDays().elapsedDays == [0, 0, 0, 0, 8])
    }
}

/// The real review log is in ../shared/data next to the project; a fresh clone does not have it.
let sharedReviewLog: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data/anki-revlog-josh-2024.csv")

@Suite("The real review log (../shared/data)",
       .enabled(if: FileManager.default.fileExists(atPath: sharedReviewLog.path),
                "skipped: ../shared/data/anki-revlog-josh-2024.csv is absent (it is not part of the project)"))
struct RealReviewLogTests {
    @Test("all 1,205 cards and 12,580 reviews are read, and the scheduler's memory states match fsrs-rs")
    func replaysEveryCard() throws {
        let histories = CardReviewHistories(try ReviewLogCSV.parse(Data(contentsOf: sharedReviewLog)))
        #expect(histories.count == 1_205)
        #expect(histories.reviewCount == 12_580)
        let scheduler = try CardScheduler(SchedulerConfiguration(fuzz: .off, elapsedDays: .studyDays(.utc)))
        let summaries = CardScheduleSummary.summaries(of: histories, scheduler: scheduler,
                                                      now: Date(timeIntervalSince1970: 1_728_259_200))
        // Final states computed by fsrs-rs 0.9.3 (memory_state_batch, days starting 04:00 UTC).
        let expected: [String: (reviews: Int, stability: Double, difficulty: Double)] = [
            "1711684180217": (26, 8.559296, 9.888167),
            "1711684780667": (12, 34.85466, 9.050024),
            "1711685152786": (6, 88.29599, 6.357487),
            "1725385624493": (4, 64.57054, 2.0974553),
            "1728102529498": (3, 0.28420633, 6.390941),
        ]
        for summary in summaries {
            guard let reference = expected[summary.cardID] else { continue }
            #expect(summary.reviewCount == reference.reviews)
            let state = try #require(summary.card.memoryState)
            #expect(abs(state.stability - reference.stability) / reference.stability < 1e-4, "\(summary.cardID)")
            #expect(abs(state.difficulty - reference.difficulty) / reference.difficulty < 1e-4, "\(summary.cardID)")
        }
        #expect(summaries.count == 1_205)
        #expect(summaries.allSatisfy { $0.retrievability > 0 && $0.retrievability <= 1 })
        // The batch replay (the hot path) agrees with the scheduler card by card.
        let batchStates = MemoryModel().finalStates(of: histories.memoryBatch(calendar: .utc))
        for (summary, state) in zip(summaries, batchStates) {
            #expect(summary.card.memoryState == state, "\(summary.cardID)")
        }
    }
}
