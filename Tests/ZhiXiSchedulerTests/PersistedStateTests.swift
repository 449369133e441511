import Foundation
import Testing
import ZhiXiMemory
@testable import ZhiXiScheduler

/// The values written to `Fixtures/scheduler-state-golden.json`.
enum GoldenState {
    static let calendar = try! StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)

    static let configuration = SchedulerConfiguration(
        desiredRetention: 0.85, learningSteps: [60, 600], relearningSteps: [600], maximumIntervalDays: 3650,
        fuzz: .loadBalanced, elapsedDays: .studyDays(calendar))

    static let newCard = Card(id: 1_764_400_000_123, due: date("2026-11-29T21:30:00+08:00"))

    static var reviewed: CardReviewResult {
        let scheduler = try! CardScheduler(configuration)
        let first = scheduler.review(newCard, rating: .good, at: date("2026-11-29T21:30:00+08:00"), reviewDurationMilliseconds: 5400)
        return scheduler.review(first.card, rating: .easy, at: first.card.due.addingTimeInterval(0.25))
    }

    struct File: Codable, Equatable {
        var configuration: SchedulerConfiguration
        var pyFSRS: SchedulerConfiguration
        var newCard: Card
        var card: Card
        var review: CardReview
        var memoryState: MemoryState
        var ratings: [Rating]
        var calendar: StudyCalendar
    }

    static var file: File {
        let result = reviewed
        return File(configuration: configuration, pyFSRS: .pyFSRS, newCard: newCard, card: result.card,
                    review: result.review, memoryState: result.card.memoryState!, ratings: Rating.allCases,
                    calendar: calendar)
    }

    static func goldenText() throws -> String {
        let url = try #require(Bundle.module.url(forResource: "scheduler-state-golden", withExtension: "json", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .utf8)
    }
}

@Suite("A service can store and restore scheduler state with JSONEncoder and JSONDecoder alone")
struct PersistedStateTests {
    /// After a deliberate change of shape, regenerate the file with
    /// `ZHIXI_WRITE_GOLDEN=1 swift test --filter PersistedStateTests`, and say so in the change.
    @Test("the JSON shape is the documented one, byte for byte (a change of shape fails here)")
    func golden() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let written = String(decoding: try encoder.encode(GoldenState.file), as: UTF8.self) + "\n"
        if ProcessInfo.processInfo.environment["ZHIXI_WRITE_GOLDEN"] != nil {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            try written.write(to: source.appendingPathComponent("Fixtures/scheduler-state-golden.json"), atomically: true, encoding: .utf8)
        }
        #expect(written == (try GoldenState.goldenText()))
    }

    @Test("the golden file decodes to the same values, with plain JSONDecoder()")
    func decodesGolden() throws {
        let decoded = try JSONDecoder().decode(GoldenState.File.self, from: Data(try GoldenState.goldenText().utf8))
        #expect(decoded == GoldenState.file)
    }

    @Test("round trips keep every value exactly, whatever the encoder's date strategy")
    func roundTrips() throws {
        let scheduler = try CardScheduler(.anki(calendar: GoldenState.calendar))
        var card = Card(id: 9, due: Date())
        var moment = Date()
        for rating in [Rating.again, .good, .good, .hard, .easy, .again, .good] {
            let result = scheduler.review(card, rating: rating, at: moment, reviewDurationMilliseconds: 3000)
            for strategy in [JSONEncoder.DateEncodingStrategy.deferredToDate, .secondsSince1970, .iso8601] {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = strategy
                #expect(try JSONDecoder().decode(Card.self, from: encoder.encode(result.card)) == result.card)
                #expect(try JSONDecoder().decode(CardReview.self, from: encoder.encode(result.review)) == result.review)
            }
            card = result.card
            moment = card.due.addingTimeInterval(Double.random(in: 0 ..< 86_400 * 3))
        }
        for configuration in [SchedulerConfiguration.pyFSRS, .pyFSRSWithoutFuzz, .anki, GoldenState.configuration] {
            #expect(try JSONDecoder().decode(SchedulerConfiguration.self, from: JSONEncoder().encode(configuration)) == configuration)
        }
        #expect(try JSONDecoder().decode(FSRSParameters.self, from: JSONEncoder().encode(FSRSParameters.default)) == .default)
    }

    @Test("ratings are the numbers 1–4 and states 0–3, as the FSRS ecosystem stores them")
    func numbers() throws {
        #expect(String(decoding: try JSONEncoder().encode(Rating.allCases), as: UTF8.self) == "[1,2,3,4]")
        #expect(String(decoding: try JSONEncoder().encode(CardState.allCases), as: UTF8.self) == "[0,1,2,3]")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Rating.self, from: Data("5".utf8)) }
    }

    @Test("decoding refuses what a scheduler would refuse, naming the member", arguments: [
        (#"{"desiredRetention": 1.5}"#, "desiredRetention", "desired retention 1.5"),
        (#"{"learningSteps": [60, 0]}"#, "learningSteps", "learning step 1 is 0.0 seconds"),
        (#"{"elapsedDays": {"kind": "studyDays", "timeZone": "Mars/Olympus"}}"#, "timeZone", "unknown time zone 'Mars/Olympus'"),
        (#"{"elapsedDays": {"kind": "studyDays", "timeZone": "UTC", "dayStartHour": 24}}"#, "dayStartHour", "day-start hour 24"),
        (#"{"elapsedDays": {"kind": "weekly"}}"#, "kind", "unknown kind 'weekly'"),
        (#"{"fuzz": "sometimes"}"#, "fuzz", "sometimes"),
        (#"{"parameters": [1, 2, 3]}"#, "parameters", "expected 21 FSRS-6 parameters"),
        (#"{"maximumIntervalDays": 0}"#, "maximumIntervalDays", "maximum interval 0 days"),
    ])
    func refusesInvalid(json: String, key: String, message: String) {
        do {
            _ = try JSONDecoder().decode(SchedulerConfiguration.self, from: Data(json.utf8))
            Issue.record("decoded \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.last?.stringValue == key || context.codingPath.isEmpty && key == "parameters")
            #expect(context.debugDescription.contains(message))
        } catch {
            #expect(message.isEmpty, "\(error)")
        }
    }

    @Test("a card with only one of stability and difficulty, or an unreadable due date, is refused")
    func refusesInconsistentCards() throws {
        let base = #""cardId": 1, "state": 2, "step": null, "due": "2026-11-29T04:00:00Z", "lastReview": null, "reviewCount": 1, "lapses": 0"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: Data("{\(base), \"stability\": 3}".utf8)) }
        let badDate = base.replacingOccurrences(of: "2026-11-29T04:00:00Z", with: "yesterday")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Card.self, from: Data("{\(badDate)}".utf8)) }
        #expect(try JSONDecoder().decode(Card.self, from: Data("{\(base)}".utf8)).memoryState == nil)
    }
}

@Suite("Presets and the one error of building a scheduler")
struct PresetTests {
    @Test("SchedulerConfiguration() is py-fsrs's Scheduler(); .anki counts study days from 04:00 with load balancing")
    func presets() {
        #expect(SchedulerConfiguration() == .pyFSRS)
        #expect(SchedulerConfiguration.pyFSRS.elapsedDays == .twentyFourHourPeriods)
        #expect(SchedulerConfiguration.pyFSRS.fuzz == .uniform)
        #expect(SchedulerConfiguration.pyFSRS.learningSteps == [60, 600] && SchedulerConfiguration.pyFSRS.relearningSteps == [600])
        #expect(SchedulerConfiguration.pyFSRSWithoutFuzz.fuzz == .off)
        #expect(SchedulerConfiguration.anki.elapsedDays == .studyDays(.utc))
        #expect(SchedulerConfiguration.anki.fuzz == .loadBalanced)
        #expect(StudyCalendar.utc.dayStartHour == 4)
    }

    @Test("calendars fail with the scheduler's error type, whose sentence says what to give")
    func oneErrorType() {
        #expect(throws: SchedulerConfigurationError.unknownTimeZone("Mars/Olympus")) {
            try StudyCalendar(timeZoneIdentifier: "Mars/Olympus")
        }
        #expect(throws: SchedulerConfigurationError.dayStartHourOutOfRange(-1)) {
            try StudyCalendar(timeZoneIdentifier: "UTC", dayStartHour: -1)
        }
        #expect(SchedulerConfigurationError.unknownTimeZone("x").description.contains("IANA identifier"))
    }
}

@Suite("What is due in a study day, and load counts the scheduler keeps")
struct DueCardsTests {
    let calendar = try! StudyCalendar(timeZoneIdentifier: "Asia/Shanghai", dayStartHour: 4)

    @Test("overdue reviews first (most overdue first), then learning due by the day's end, reviews due today, new cards up to the limit")
    func order() throws {
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        let now = date("2026-11-29T10:00:00+08:00")          // study day of Nov 29, ends Nov 30 04:00 local
        func review(_ id: Int64, due: String) -> Card {
            Card(id: id, state: .review, step: nil, memoryState: MemoryState(stability: 5, difficulty: 5), due: date(due),
                 lastReview: date("2026-11-01T10:00:00+08:00"), reviewCount: 2, lapses: 0)
        }
        func learning(_ id: Int64, due: String) -> Card {
            Card(id: id, state: .learning, step: 1, memoryState: MemoryState(stability: 1, difficulty: 5), due: date(due),
                 lastReview: now, reviewCount: 1, lapses: 0)
        }
        var cards: [Card] = [Card(id: 1, due: now)]
        cards.append(review(2, due: "2026-11-29T04:00:00+08:00"))
        cards.append(review(3, due: "2026-11-20T04:00:00+08:00"))
        cards.append(learning(4, due: "2026-11-30T03:00:00+08:00"))
        cards.append(learning(5, due: "2026-11-30T05:00:00+08:00"))
        cards.append(review(6, due: "2026-11-30T04:00:00+08:00"))
        cards.append(review(7, due: "2026-11-27T04:00:00+08:00"))
        cards.append(Card(id: 8, due: now))
        cards.append(Card(id: 9, due: now))
        cards.append(learning(10, due: "2026-11-29T09:00:00+08:00"))
        let due = scheduler.dueCards(cards, on: now, newCardLimit: 2)
        #expect(due.overdue.map(\.id) == [3, 7])
        #expect(due.learning.map(\.id) == [10, 4])
        #expect(due.dueToday.map(\.id) == [2])
        #expect(due.new.map(\.id) == [1, 8])
        #expect(due.newCardsHeldBack == 1)
        #expect(due.all.map(\.id) == [3, 7, 10, 4, 2, 1, 8])
    }

    @Test("reviewing through the load-keeping call moves each card's count from its old due day to its new one")
    func keptLoad() throws {
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        let now = date("2026-11-29T10:00:00+08:00")
        var cards: [Card] = []
        for index in 0 ..< 200 {
            let stability = Double(5 + index % 30)
            let lastReview = now.addingTimeInterval(-stability * day)
            cards.append(Card(id: Int64(index), state: .review, step: nil, memoryState: MemoryState(stability: stability, difficulty: 5),
                              due: now, lastReview: lastReview, reviewCount: 3, lapses: 0))
        }
        let today = scheduler.dayNumber(of: now)
        var load = scheduler.dueDayLoad(of: cards, firstDay: today, dayCount: 120)
        #expect(load.dueCount(onDay: today) == 200)
        for index in cards.indices {
            cards[index] = scheduler.review(cards[index], rating: .good, at: now, updating: &load).card
        }
        #expect(load == scheduler.dueDayLoad(of: cards, firstDay: today, dayCount: 120))
        #expect(load.dueCount(onDay: today) == 0)
        // Balanced against the kept counts, no day of the window carries most of the cards.
        #expect((load.counts.max() ?? 0) < 40)
    }
}
