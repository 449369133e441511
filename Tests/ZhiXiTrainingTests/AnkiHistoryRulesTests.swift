import Foundation
import Testing
@testable import ZhiXiTraining

/// Anki's rules for a card's FSRS history (docs/ANKI.md), case by case: the cases of Anki's own
/// tests of `reviews_for_fsrs` and `fsrs_item_for_memory_state` (rslib/src/scheduler/fsrs/),
/// rows made as Anki makes them there (button 3, interval 1 day, factor 0, a day being counted
/// back from a next rollover at 86,400,000 seconds).
@Suite("Anki's rules for a card's history")
struct AnkiHistoryRulesTests {
    static let nextDayAt: Int64 = 86_400 * 1_000
    static let days = ElapsedDaysPolicy.ankiDays(AnkiDayCount(nextDayAtSeconds: nextDayAt))

    /// A revlog row `daysAgo` days before the next rollover, as Anki's test helper `revlog` makes it.
    struct Row {
        var kind: ReviewKind
        var daysAgo: Double
        var button: UInt8?
        var interval: Int32 = 1
        var factor: Int32 = 0

        init(_ kind: ReviewKind, _ daysAgo: Double, button: UInt8? = nil, interval: Int32 = 1, factor: Int32 = 0) {
            self.kind = kind
            self.daysAgo = daysAgo
            self.button = button
            self.interval = interval
            self.factor = factor
        }
    }

    /// The card's history under the rules: each kept review's rating and the days since the one
    /// before (Anki's `delta_t`), or `nil` when the card has none.
    static func history(_ rows: [Row], purpose: ReviewLogFilter.Purpose, ignoreDaysAgo: Double? = nil)
        -> (reviews: [[Int]], incomplete: Bool)? {
        var log = ReviewLogColumns()
        for row in rows {
            let button = row.button ?? (row.kind == .manual || row.kind == .rescheduled ? 0 : 3)
            log.append(cardID: "1", secondsSince1970: Double(nextDayAt) - row.daysAgo * 86_400, rating: button,
                       state: row.kind.rawValue,
                       anki: AnkiRevlogFields(interval: row.interval, lastInterval: 0, factor: row.factor))
        }
        let ignoreBefore = ignoreDaysAgo.map { Date(timeIntervalSince1970: Double(nextDayAt) - $0 * 86_400) }
        let timelines = ReviewTimelines(log: log, days: days, filter: ReviewLogFilter(purpose: purpose, ignoreBefore: ignoreBefore))
        guard timelines.cardCount == 1 else { return nil }
        var reviews: [[Int]] = []
        for position in 0 ..< timelines.reviewCount {
            let rating = Int(timelines.ratings[position])
            let elapsed: Int = position == 0 ? 0 : Int(timelines.studyDays[position]) - Int(timelines.studyDays[position - 1])
            reviews.append([rating, elapsed])
        }
        return (reviews, timelines.incompleteStarts[0] != nil)
    }

    /// The training items of one card: for each answer on a later day, the (rating, delta_t)
    /// pairs up to it.
    static func items(_ rows: [Row], ignoreDaysAgo: Double? = nil) -> [[[Int]]]? {
        guard let history = history(rows, purpose: .training, ignoreDaysAgo: ignoreDaysAgo) else { return nil }
        let reviews = history.reviews
        let items = reviews.indices.dropFirst().filter { reviews[$0][1] > 0 }.map { Array(reviews[...$0]) }
        return items.isEmpty ? nil : items
    }

    @Test("delta_t counts days back from the rollover (delta_t_is_correct)")
    func deltaT() {
        #expect(Self.items([Row(.learning, 1), Row(.review, 0)]) == [[[3, 0], [3, 1]]])
        #expect(Self.items([Row(.learning, 15), Row(.learning, 13), Row(.review, 10), Row(.review, 5)])
            == [[[3, 0], [3, 2]], [[3, 0], [3, 2], [3, 3]], [[3, 0], [3, 2], [3, 3], [3, 5]]])
        #expect(Self.items([Row(.learning, 15), Row(.learning, 13)]) == [[[3, 0], [3, 2]]])
    }

    @Test("cramming (filtered, factor 0) is left out; a review ahead (filtered, factor kept) counts")
    func cramming() {
        #expect(Self.items([Row(.learning, 10), Row(.review, 9), Row(.filtered, 7), Row(.review, 4)])
            == [[[3, 0], [3, 1]], [[3, 0], [3, 1], [3, 5]]])
        #expect(Self.items([Row(.learning, 10), Row(.review, 9), Row(.filtered, 7, factor: 650), Row(.review, 4)])
            == [[[3, 0], [3, 1]], [[3, 0], [3, 1], [3, 2]], [[3, 0], [3, 1], [3, 2], [3, 3]]])
    }

    @Test("Set Due Date (manual, factor kept) is left out (set_due_date_is_filtered)")
    func setDueDate() {
        #expect(Self.items([Row(.learning, 10), Row(.review, 9), Row(.manual, 7, factor: 100), Row(.review, 4)])
            == [[[3, 0], [3, 1]], [[3, 0], [3, 1], [3, 5]]])
    }

    @Test("a Forget (manual, factor 0) drops the history before it (card_reset_drops_all_previous_history)")
    func forget() {
        #expect(Self.items([Row(.learning, 10), Row(.manual, 7), Row(.learning, 4), Row(.review, 0)]) == [[[3, 0], [3, 4]]])
        // Forget last, or followed only by manual rows: no history.
        #expect(Self.history([Row(.learning, 10), Row(.review, 9), Row(.manual, 7), Row(.manual, 7, factor: 100)],
                             purpose: .memoryState) == nil)
        // Answers after a Forget without learning: no training items, but a memory state from them.
        let afterForget = [Row(.learning, 10), Row(.review, 9), Row(.manual, 7), Row(.review, 1), Row(.relearning, 0)]
        #expect(Self.items(afterForget) == nil)
        let memory = Self.history(afterForget, purpose: .memoryState)
        #expect(memory?.reviews == [[3, 0], [3, 1]] && memory?.incomplete == true)
        let noLearning = [Row(.review, 9), Row(.manual, 7), Row(.review, 1), Row(.relearning, 0)]
        #expect(Self.history(noLearning, purpose: .memoryState)?.reviews == [[3, 0], [3, 1]])
    }

    @Test("a single learning step gives no training item, but a memory state (single_learning_step_skipped_when_training)")
    func singleLearningStep() {
        #expect(Self.items([Row(.learning, 1)]) == nil)
        #expect(Self.history([Row(.learning, 1)], purpose: .memoryState)?.reviews == [[3, 0]])
    }

    @Test("ignore reviews before: training leaves out a card learned before the cutoff, at the cutoff it counts")
    func ignoreBeforeTraining() {
        let learned = [Row(.learning, 10), Row(.learning, 8)]
        #expect(Self.items(learned, ignoreDaysAgo: 7) == nil)
        #expect(Self.items(learned, ignoreDaysAgo: 9) == nil)
        #expect(Self.items(learned, ignoreDaysAgo: 10) == Self.items(learned), "the same millisecond")
        #expect(Self.items(learned, ignoreDaysAgo: 11) == Self.items(learned))
        #expect(Self.items([Row(.learning, 10), Row(.learning, 8), Row(.review, 6)], ignoreDaysAgo: 9) == nil,
                "partially_ignored_learning_steps_terminate_training")
    }

    @Test("ignore reviews before, for a memory state: the history restarts at the first answer after it")
    func ignoreBeforeMemory() {
        // skip_initial_relearning_steps: R | A X R starts at the answer 6 days ago (the first interday one).
        let relearned = [Row(.review, 10), Row(.review, 8, button: 1, interval: -600), Row(.relearning, 8), Row(.review, 6)]
        #expect(Self.history(relearned, purpose: .memoryState, ignoreDaysAgo: 9)?.reviews == [[3, 0], [3, 2]])
        // ignore_before_date_between_learning_steps_when_reviewing: L | L R keeps two reviews.
        let learned = [Row(.learning, 10), Row(.learning, 8), Row(.review, 2)]
        #expect(Self.history(learned, purpose: .memoryState, ignoreDaysAgo: 9)?.reviews.count == 2)
        #expect(Self.history(learned, purpose: .memoryState, ignoreDaysAgo: 11)?.reviews
            == Self.history(learned, purpose: .memoryState)?.reviews)
        // handle_ignore_before_when_no_learning_steps: R | R R.
        #expect(Self.history([Row(.review, 10), Row(.review, 8), Row(.review, 6)], purpose: .memoryState, ignoreDaysAgo: 9)?
            .reviews.count == 2)
        // ignore_before_after_last_revlog_entry: L R | gives nothing.
        #expect(Self.history([Row(.learning, 10), Row(.review, 6)], purpose: .memoryState, ignoreDaysAgo: 4) == nil)
    }

    @Test("an incomplete history starts from its first review's interval and factor as Anki does (bypassed_learning_is_handled)")
    func incompleteStart() throws {
        var log = ReviewLogColumns()
        for (daysAgo, interval, factor) in [(99.0, Int32(100), Int32(2500)), (0, 1, 0)] {
            log.append(cardID: "1", secondsSince1970: Double(Self.nextDayAt) - daysAgo * 86_400, rating: 3,
                       state: ReviewKind.review.rawValue, anki: AnkiRevlogFields(interval: interval, lastInterval: 0, factor: factor))
        }
        let timelines = ReviewTimelines(log: log, days: Self.days, filter: .memoryState)
        let state = try #require(timelines.startingState(ofCard: 0, model: MemoryModel(), historicalRetention: 0.9))
        // Anki's test: stability 100, difficulty 5.003576 (rounded to whole numbers there).
        #expect(abs(state.stability - 100) < 1e-3 && abs(state.difficulty - 5.003576) < 1e-4, "\(state)")
        // A factor FSRS wrote (≤ 1100) is the difficulty itself: 650 → (0.65 − 0.1) · 9 + 1.
        var fsrsLog = ReviewLogColumns()
        fsrsLog.append(cardID: "1", secondsSince1970: 0, rating: 3, state: ReviewKind.review.rawValue,
                       anki: AnkiRevlogFields(interval: 12, lastInterval: 0, factor: 650))
        let fsrs = ReviewTimelines(log: fsrsLog, days: Self.days, filter: .memoryState)
        #expect(abs((fsrs.startingState(ofCard: 0, model: MemoryModel(), historicalRetention: 0.9)?.difficulty ?? 0) - 5.95) < 1e-12)
    }

    @Test("a CSV keeps what it cannot tell apart: filtered rows count, a manual row does not end a history")
    func csvRows() throws {
        let log = try ReviewLogColumns(csv: Data("""
        card_id,review_time,review_rating,review_state
        1,2026-01-01T10:00:00Z,3,0
        1,2026-01-02T10:00:00Z,3,2
        1,2026-01-03T10:00:00Z,0,5
        1,2026-01-04T10:00:00Z,3,4
        1,2026-01-08T10:00:00Z,3,2
        2,2026-01-05T10:00:00Z,3,2
        2,2026-01-07T10:00:00Z,3,2
        """.utf8))
        let training = ReviewTimelines(log: log, calendar: .utc)
        #expect(training.cardIDs == ["1"], "card 2 has no learning phase")
        #expect(training.reviewCount == 4 && training.filterReport.manualEntriesDropped == 1)
        let memory = ReviewTimelines(log: log, calendar: .utc, filter: .memoryState)
        #expect(memory.cardIDs == ["1", "2"] && memory.reviewCount == 6)
        #expect(memory.incompleteStarts == [nil, nil], "a CSV has no factor: an incomplete history starts from scratch")
        #expect(memory.filterReport.incompleteHistories == 1)
    }

    @Test("Anki's day count: the offset at the moment, whole seconds, a boundary second in the day that ends there")
    func dayCount() throws {
        let newYork = try StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 4)
        // Summer (EDT, -4): the next rollover after 2026-06-04 12:00 is 2026-06-05 04:00 EDT.
        let summer = AnkiDayCount(at: Date(timeIntervalSince1970: 1_780_588_800), calendar: newYork)
        #expect(summer.nextDayAtSeconds == 1_780_646_400)
        // Just before the rollover the next one is the same day's.
        #expect(AnkiDayCount(at: Date(timeIntervalSince1970: 1_780_646_399.9), calendar: newYork).nextDayAtSeconds == 1_780_646_400)
        #expect(AnkiDayCount(at: Date(timeIntervalSince1970: 1_780_646_400), calendar: newYork).nextDayAtSeconds == 1_780_732_800)
        #expect(summer.dayNumber(ofSecondsSince1970: 1_780_646_400) == 0, "the boundary second ends day 0")
        #expect(summer.dayNumber(ofSecondsSince1970: 1_780_646_400.999) == 0, "milliseconds are dropped")
        #expect(summer.dayNumber(ofSecondsSince1970: 1_780_646_401) == 1)
        #expect(summer.daysAgo(ofSecondsSince1970: 1_780_646_400 - 86_400) == 1)
        #expect(summer.daysAgo(ofSecondsSince1970: 1_780_646_500) == 0, "after the rollover: 0, never negative")
        // A winter review at 04:30 EST is 05:30 EDT: seen from summer it is an hour later in its day.
        let winterMorning = 1_768_815_000.0   // 2026-01-19 04:30 EST
        let eveningBefore = 1_768_782_600.0    // 2026-01-18 19:30 EST
        #expect(newYork.dayNumber(ofSecondsSince1970: winterMorning) - newYork.dayNumber(ofSecondsSince1970: eveningBefore) == 1)
        #expect(summer.dayNumber(ofSecondsSince1970: winterMorning) - summer.dayNumber(ofSecondsSince1970: eveningBefore) == 1)
        let earlyMorning = 1_768_813_200.0     // 2026-01-19 04:00 EST: 05:00 EDT, after 04:00 summer time
        let winter = AnkiDayCount(at: Date(timeIntervalSince1970: 1_796_144_400), calendar: newYork)
        let lateNight = 1_768_811_400.0        // 2026-01-19 03:30 EST: before the rollover in winter, after it in summer time
        #expect(newYork.dayNumber(ofSecondsSince1970: lateNight) == newYork.dayNumber(ofSecondsSince1970: eveningBefore))
        #expect(winter.dayNumber(ofSecondsSince1970: lateNight) == winter.dayNumber(ofSecondsSince1970: eveningBefore))
        #expect(summer.dayNumber(ofSecondsSince1970: lateNight) == summer.dayNumber(ofSecondsSince1970: eveningBefore) + 1,
                "computed in summer, 03:30 EST is 04:30 EDT: the next day")
        #expect(summer.dayNumber(ofSecondsSince1970: earlyMorning) == summer.dayNumber(ofSecondsSince1970: lateNight))
        // The policy round-trips through JSON.
        let policy = ElapsedDaysPolicy.ankiDays(summer)
        #expect(try JSONDecoder().decode(ElapsedDaysPolicy.self, from: JSONEncoder().encode(policy)) == policy)
    }
}
