import Foundation
import Testing
import ZhiXiMemory
import ZhiXiScheduler
@testable import ZhiXiTraining

/// A CSV's histories for memory states (cards in order of first appearance), days on UTC study days.
private func histories(_ text: String, calendar: StudyCalendar = .utc) throws -> ReviewTimelines {
    ReviewTimelines(log: try ReviewLogColumns(csv: Data(text.utf8)), calendar: calendar, filter: .memoryState)
}

extension ReviewTimelines {
    /// Card `card`'s ratings.
    func ratings(ofCard card: Int) -> [Rating] {
        (reviewStarts[card] ..< reviewStarts[card + 1]).map { Rating(rawValue: Int(ratings[$0]))! }
    }

    /// Card `card`'s review times.
    func seconds(ofCard card: Int) -> [Double] { Array(secondsSince1970[reviewStarts[card] ..< reviewStarts[card + 1]]) }

    /// Card `card`'s durations (nil: unknown).
    func durations(ofCard card: Int) -> [Int?] {
        durationsMilliseconds[reviewStarts[card] ..< reviewStarts[card + 1]].map { $0 < 0 ? nil : Int($0) }
    }
}

@Suite("Review logs as per-card histories")
struct ReviewLogHistoriesTests {
    @Test("columns may come in any order; epoch milliseconds and ISO-8601 times both read")
    func columnsAndTimes() throws {
        let log = try histories("""
        review_rating,review_duration,card_id,review_time,review_state
        3,8000,42,1711744352250,2
        1,,42,2024-03-30T20:32:32.250000+00:00,
        4,1200,7,2024-03-31T08:00:00+08:00,1
        """)
        #expect(log.cardIDs == ["42", "7"])
        // The review_duration column is read since issue 18 (the simulator's seconds per answer).
        #expect(log.ratings(ofCard: 0) == [.good, .again])
        #expect(log.durations(ofCard: 0) == [8_000, nil], "an empty duration is unknown")
        #expect(log.durations(ofCard: 1) == [1_200])
        #expect(log.seconds(ofCard: 0) == [1_711_744_352.25, 1_711_744_352.25 + 86_400])
        #expect(log.seconds(ofCard: 1) == [1_711_843_200])
        let columns = try ReviewLogColumns(csv: Data("card_id,review_time,review_rating,review_state\n42,1711744352250,3,2\n42,1711744352251,1,\n".utf8))
        #expect(columns.states == [2, -1], "an empty state is unknown")
    }

    @Test("quoted fields, CRLF or old-Mac CR line ends, a byte-order mark and blank lines are accepted",
          arguments: ["\r\n", "\r", "\n"])
    func csvDialect(lineEnd: String) throws {
        let text = "\u{FEFF}card_id,review_time,review_rating,note" + lineEnd + "\"a,b\",1711744352250,2,\"say \"\"hi\"\"\""
            + lineEnd + lineEnd + "c,1711744352251,3,x" + lineEnd
        #expect(try histories(text).cardIDs == ["a,b", "c"])
    }

    @Test("errors name the line and the column", arguments: [
        ("card_id,review_time,review_rating\n1,1711744352250,5\n", "line 2, column review_rating: \"5\" is not a rating"),
        ("card_id,review_time,review_rating\n1,1711744352250,3\n1,yesterday,3\n", "line 3, column review_time: \"yesterday\""),
        ("card_id,review_time,review_rating\r1,1711744352250,3\r1,yesterday,3\r", "line 3, column review_time: \"yesterday\""),
        ("card_id,review_rating\n1,3\n", "the header has no 'review_time' column"),
        ("card_id,review_time,review_rating\n1,1711744352250\n", "line 2: the row ends before column review_rating"),
        ("card_id,review_time,review_rating\n\"1,1711744352250,3\n", "line 2: a quoted field is not closed"),
        (",,\n", "the header has no 'card_id' column"),
        ("", "the file is empty"),
        ("card_id,review_time,review_rating\n1,1711744352,3\n2,1711744352250,3\n", "line 3, column review_time: \"1711744352250\" is not epoch seconds"),
    ])
    func errors(text: String, message: String) {
        #expect {
            _ = try histories(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("invalid UTF-8 in a card id is refused, naming its line")
    func invalidUTF8() {
        var bytes = Array("card_id,review_time,review_rating\nok,1711744352250,3\n".utf8)
        bytes += [0x62, 0xFF, 0x61] + Array(",1711744352251,3\n".utf8)
        #expect {
            _ = try ReviewLogColumns(csv: Data(bytes))
        } throws: { error in
            "\(error)".contains("line 3, column card_id") && "\(error)".contains("not UTF-8")
        }
    }

    @Test("epoch seconds are recognised, not read as milliseconds")
    func epochSeconds() throws {
        let log = try ReviewLogColumns(csv: Data("card_id,review_time,review_rating\n1,1711744352,3\n1,1711830752,3\n".utf8))
        #expect(log.numericTimesAreSeconds)
        #expect(log.secondsSince1970 == [1_711_744_352, 1_711_830_752])
        let milliseconds = try ReviewLogColumns(csv: Data("card_id,review_time,review_rating\n1,1711744352000,3\n".utf8))
        #expect(!milliseconds.numericTimesAreSeconds && milliseconds.secondsSince1970 == [1_711_744_352])
    }

    @Test("exact duplicate rows and manual entries are left out and counted")
    func duplicatesAndManualEntries() throws {
        let log = try histories("""
        card_id,review_time,review_rating,review_state
        1,1711744352250,3,1
        1,1711744352250,3,1
        1,1711744352250,1,1
        1,1711830752250,0,5
        2,1711744352250,4,1
        1,1711744352250,3,1
        """)
        #expect(log.filterReport.duplicateRowsDropped == 2)
        #expect(log.filterReport.manualEntriesDropped == 1)
        // Rows of the same instant are ordered by rating, then state, whatever their order in the log.
        #expect(log.ratings(ofCard: 0) == [.again, .good])
        #expect(log.reviewCount == 3)
    }

    @Test("histories group by card in order of first appearance and sort each card by time")
    func grouping() throws {
        let histories = try histories("""
        card_id,review_time,review_rating
        b,2024-01-05T10:00:00Z,3
        a,2024-01-03T10:00:00Z,1
        b,2024-01-01T10:00:00Z,3
        a,2024-01-04T10:00:00Z,3
        """)
        #expect(histories.cardIDs == ["b", "a"])
        #expect(histories.ratings(ofCard: 0) == [.good, .good])
        #expect(histories.seconds(ofCard: 0) == [1_704_103_200, 1_704_448_800])
        #expect(histories.reviewCount == 4)
    }

    @Test("elapsed days count study days: 03:59 and 04:01 are on different days, 04:01 and 23:00 on the same")
    func studyDays() throws {
        let text = """
        card_id,review_time,review_rating
        x,2024-01-01T04:01:00Z,3
        x,2024-01-01T23:00:00Z,3
        x,2024-01-02T03:59:00Z,3
        x,2024-01-02T04:01:00Z,3
        x,2024-01-10T12:00:00Z,1
        """
        let entries = try histories(text)
        #expect(entries.memoryBatch().elapsedDays == [0, 0, 0, 1, 8])
        let shanghai = try StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)
        // 2024-01-01T23:00Z is 07:00 on 2 January in Shanghai; 2024-01-02T03:59Z is 11:59 there.
        #expect(try histories(text, calendar: shanghai).memoryBatch().elapsedDays == [0, 1, 0, 0, 8])
        // In whole 24-hour periods 03:59 → 04:01 is no day at all.
        #expect(entries.memoryBatchWholeDays().elapsedDays == [0, 0, 0, 0, 8])
    }
}

/// The real review log is in ../shared/data next to the project (or next to the directory of
/// worktrees, ../../shared/data, for a worktree); a fresh clone does not have it.
let sharedReviewLog: URL = {
    let project = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let beside = project.deletingLastPathComponent().appendingPathComponent("shared/data/anki-revlog-josh-2024.csv")
    let aboveWorktrees = project.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/data/anki-revlog-josh-2024.csv")
    return FileManager.default.fileExists(atPath: beside.path) ? beside
        : FileManager.default.fileExists(atPath: aboveWorktrees.path) ? aboveWorktrees : beside
}()

@Suite("The real review log (../shared/data)",
       .enabled(if: FileManager.default.fileExists(atPath: sharedReviewLog.path),
                "skipped: ../shared/data/anki-revlog-josh-2024.csv is absent (it is not part of the project)"))
struct RealReviewLogTests {
    @Test("all 1,205 cards and 12,580 reviews are read, and the scheduler's memory states match fsrs-rs")
    func replaysEveryCard() throws {
        let histories = ReviewTimelines(log: try ReviewLogColumns(csv: Data(contentsOf: sharedReviewLog)), calendar: .utc,
                                        filter: .memoryState)
        #expect(histories.cardCount == 1_205)
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
        let batchStates = MemoryModel().finalStates(of: histories.memoryBatch())
        for (summary, state) in zip(summaries, batchStates) {
            #expect(summary.card.memoryState == state, "\(summary.cardID)")
        }
    }

    @Test("durations: rows that differ only in duration are one review; a duration that is not a number names its line")
    func durations() throws {
        let log = try histories("""
        card_id,review_time,review_rating,review_duration
        1,1711744352250,3,8000
        1,1711744352250,3,9000
        1,1711830752250,1,7241.0
        """)
        #expect(log.ratings(ofCard: 0).count == 2)
        #expect(log.filterReport.duplicateRowsDropped == 1)
        #expect(log.durations(ofCard: 0)[1] == 7_241)
        #expect(throws: ReviewLogError.self) { try histories("card_id,review_time,review_rating,review_duration\n1,1711744352250,3,slow\n") }
        do throws(ReviewLogError) {
            _ = try ReviewLogColumns(csv: Data("card_id,review_time,review_rating,review_duration\n1,1711744352250,3,-5\n".utf8))
            Issue.record("a negative duration was accepted")
        } catch {
            #expect(error.description.contains("line 2") && error.description.contains("review_duration"), "\(error.description)")
        }
    }

    @Test("a replay gives the scheduler's own log, durations included, and every card after its last review")
    func replay() throws {
        let log = try histories("""
        card_id,review_time,review_rating,review_duration
        1,1711744352250,1,8000
        1,1711744412250,3,6000
        1,1711830752250,3,5000
        2,1711744352250,3,
        """)
        let scheduler = try CardScheduler(SchedulerConfiguration(fuzz: .off, elapsedDays: .studyDays(.utc)))
        let (cards, reviews) = log.replay(with: scheduler)
        #expect(cards.count == 2 && reviews.count == 4)
        #expect(reviews.map(\.reviewDurationMilliseconds) == [8_000, 6_000, 5_000, nil])
        #expect(reviews[0].cardBefore.state == .new && reviews[1].cardBefore.state == .learning)
        let summaries = CardScheduleSummary.summaries(of: log, scheduler: scheduler, now: Date(timeIntervalSince1970: 1_712_000_000))
        #expect(cards == summaries.map(\.card), "the cards states prints")
    }
}
