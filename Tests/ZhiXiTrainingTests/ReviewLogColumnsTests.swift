import Foundation
import Testing
import ZhiXiScheduler
@testable import ZhiXiTraining

private func read(_ text: String, skipping: Bool = false) throws -> ReviewLogColumns {
    try ReviewLogColumns(csv: Data(text.utf8), skippingBadRows: skipping)
}

@Suite("Review log read for training")
struct ReviewLogColumnsTests {
    @Test("columns in any order, both time forms, quotes, CRLF, a byte-order mark, blank lines; ids stored once")
    func dialect() throws {
        let log = try read("\u{FEFF}review_rating,note,card_id,review_time,review_state\r\n"
            + "3,\"a, \"\"quoted\"\" note\",42,1711744352250,2\r\n\r\n"
            + "1,x,\"4\"\"2\",2024-03-30T20:32:32.250000+00:00,\r\n"
            + "0,,42,2024-03-31T08:00:00+08:00,5\r\n")
        #expect(log.cardIDs == ["42", "4\"2"])
        #expect(log.cardIndices == [0, 1, 0])
        #expect(log.secondsSince1970 == [1_711_744_352.25, 1_711_744_352.25 + 86_400, 1_711_843_200])
        #expect(log.ratings == [3, 1, 0])
        #expect(log.states == [2, -1, 5])
        #expect(log.hasStateColumn)
    }

    @Test("a bad row fails with its line and column, or is counted and skipped", arguments: [
        ("card_id,review_time,review_rating\n1,1711744352250,5\n", "line 2, column review_rating: \"5\" is not a rating"),
        ("card_id,review_time,review_rating\n1,1711744352250,3\n\n1,yesterday,3\n", "line 4, column review_time: \"yesterday\""),
        ("card_id,review_time,review_rating\n1,1711744352250\n", "line 2: the row ends before column review_rating"),
        ("card_id,review_time,review_rating,review_state\n1,1711744352250,3,7\n", "line 2, column review_state"),
        ("card_id,review_time,review_rating\n,1711744352250,3\n", "line 2, column card_id"),
    ])
    func badRows(text: String, message: String) throws {
        #expect {
            _ = try read(text)
        } throws: { error in
            String(describing: error).contains(message)
        }
        let lenient = try read(text + "9,1711744352250,4\n", skipping: true)
        #expect(lenient.skippedRowCount == 1)
        #expect(lenient.rowCount == (text.contains("\n1,1711744352250,3\n") ? 2 : 1))
        #expect(String(describing: lenient.skippedRows[0]).contains(message))
    }

    @Test("header problems and unclosed quotes fail even when skipping bad rows", arguments: [
        ("card_id,review_rating\n1,3\n", "the header has no 'review_time' column"),
        ("", "the file is empty"),
        ("card_id,review_time,review_rating\n\"1,1711744352250,3\n", "line 2: a quoted field is not closed"),
        ("card_id,review_time,review_rating,review_time\n1,1711744352250,3,1\n", "the header names 'review_time' twice"),
    ])
    func fatal(text: String, message: String) {
        #expect {
            _ = try read(text, skipping: true)
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    @Test("a card id that is not UTF-8 is the row's first bad field, before a bad time (fuzz target review-log-csv)")
    func cardIDCheckedFirst() {
        let bytes = Data("card_id,review_time,review_rating\n".utf8) + Data([0x61, 0x8C, 0x96]) + Data(",not a time,3\n".utf8)
        #expect {
            _ = try ReviewLogColumns(csv: bytes)
        } throws: { error in
            guard case .invalidField(line: 2, column: "card_id", _, _) = error as? ReviewLogError else { return false }
            return true
        }
    }

    @Test("a time outside the years 1900–2200 is a bad field", arguments: ["253402300800000", "-2208988801", "0001-01-01T00:00:00Z"])
    func yearsOutside(time: String) {
        #expect {
            _ = try read("card_id,review_time,review_rating\n1,\(time),3\n")
        } throws: { error in
            String(describing: error).contains("a time in the years 1900–2200")
        }
    }

    @Test("many cards: the id table grows and every row keeps its card")
    func manyCards() throws {
        var text = "card_id,review_time,review_rating\n"
        for row in 0..<5_000 { text += "card-\(row % 2_500),\(1_700_000_000_000 + row),\(1 + row % 4)\n" }
        let log = try read(text)
        #expect(log.cardIDs.count == 2_500)
        #expect(log.rowCount == 5_000)
        #expect((0..<5_000).allSatisfy { log.cardIDs[Int(log.cardIndices[$0])] == "card-\($0 % 2_500)" })
    }
}

@Suite("Timelines and items")
struct ReviewTimelinesTests {
    @Test("Anki's filter: manual entries dropped, history from the last learning phase, cards without learning dropped")
    func ankiFilter() throws {
        let log = try read("""
        card_id,review_time,review_rating,review_state
        1,1700000000000,3,1
        1,1700086400000,3,2
        1,1700172800000,0,5
        1,1700259200000,1,1
        1,1700259800000,3,1
        1,1700600000000,3,2
        2,1700000000000,3,2
        2,1700300000000,3,2
        """)
        let timelines = ReviewTimelines(log: log, calendar: .utc)
        #expect(timelines.cardIDs == ["1"])
        #expect(timelines.ratings == [1, 3, 3])
        #expect(timelines.filterReport.manualEntriesDropped == 0)   // the manual entry lay before the learning phase
        #expect(timelines.filterReport.rowsBeforeLastLearningDropped == 3)
        #expect(timelines.filterReport.cardsWithoutLearningDropped == 1)
        #expect(timelines.filterReport.rowsKept == 3)
    }

    @Test("items are the reviews on a later study day; same-day steps stay in the history")
    func items() throws {
        let log = try read("""
        card_id,review_time,review_rating
        7,2024-03-01T10:00:00Z,1
        7,2024-03-01T10:10:00Z,3
        7,2024-03-02T03:00:00Z,3
        7,2024-03-04T10:00:00Z,3
        7,2024-03-04T11:00:00Z,2
        """)
        let dataset = TrainingDataset(ReviewTimelines(log: log, calendar: .utc))
        // 03:00 on the 2nd still belongs to the study day of the 1st (days start at 04:00).
        #expect(dataset.elapsedDays == [0, 0, 0, 3, 0])
        #expect(dataset.itemCount == 1)
        #expect(dataset.item(0).historyLength == 3)
        #expect(dataset.item(0).elapsedDays == 3)
    }

    @Test("cards are ordered by id and items by time, whatever the row order")
    func order() throws {
        let rows = ["2,1700000000000,3", "10,1700000000000,3", "2,1700200000000,3", "10,1700100000000,1"]
        let forward = TrainingDataset(ReviewTimelines(log: try read("card_id,review_time,review_rating\n" + rows.joined(separator: "\n")),
                                                      calendar: .utc))
        let backward = TrainingDataset(ReviewTimelines(log: try read("card_id,review_time,review_rating\n"
                                                                     + rows.reversed().joined(separator: "\n")), calendar: .utc))
        #expect(forward.cardIDs == ["2", "10"])
        #expect(forward.cardIDs == backward.cardIDs && forward.ratings == backward.ratings)
        #expect(forward.itemPositions == backward.itemPositions)
        #expect(forward.item(0).rating == 1 && forward.item(1).rating == 3)
    }
}
