import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
@testable import ZhiXiPlanner
import ZhiXiScheduler

private typealias F = PlannerFixture

@Suite("Review planner: ratings and review types")
struct PlannerPolicyTests {
    @Test("mastery scores map to ratings by the documented thresholds", arguments: [
        (0, Rating.again), (59, .again), (60, .hard), (74, .hard), (75, .good), (89, .good), (90, .easy), (100, .easy),
    ])
    func scoreToRating(score: Int, rating: Rating) {
        #expect(MasteryRatingScale().rating(forScore: score) == rating)
    }

    @Test("the review type follows the policy", arguments: [
        (Int?.some(30), 5.0, ReviewType.recall),      // not recalled: retrieval practice first
        (50, 5.0, .feynman),                          // partial understanding: explain it
        (74, 40.0, .feynman),
        (75, 10.0, .recall),                          // good, not yet consolidated
        (85, 30.0, .spacedRepetition),                // consolidated
        (95, 21.0, .spacedRepetition),
        (85, 20.9, .recall),
        (nil, 50.0, .recall),                         // never scored
    ])
    func typePolicy(score: Int?, stability: Double, type: ReviewType) {
        #expect(ReviewTypePolicy().lessonReviewType(latestScore: score, stability: stability) == type)
    }

    @Test("one session: the lesson is due when recall falls to the desired retention")
    func singleSession() throws {
        // Good (score 80) on a first review: stability w[2] = 2.3065 days, interval 2 days.
        let input = F.input(lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-11-20T10:00:00Z", score: 80)])
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-21T10:00:00Z"))
        #expect(result.plan.today.isEmpty)
        let task = try #require(result.plan.tomorrow.first)
        #expect(result.plan.allTasks.count == 1)
        #expect(task.task.lessonID == "L1")
        #expect(task.task.reviewType == .recall)
        #expect(task.task.sourceSessionID == "s1")
        #expect(task.task.status == .pending)
        #expect(task.task.scheduledAt == F.date("2026-11-22T04:00:00Z"))
        #expect(abs(task.explanation.stability - 2.3065) < 1e-9)
        #expect(task.explanation.predictedRecall > 0.89 && task.explanation.predictedRecall < 0.92)
        #expect(task.explanation.lessonTitle == "Lesson L1")
        #expect(task.explanation.reason.contains("write down what you remember"))
    }

    @Test("a partial score gives a Feynman review; the Chinese reason says so")
    func feynmanInChinese() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-11-20T10:00:00Z", score: 65)])
        let result = try F.exactPlanner { $0.language = .simplifiedChinese }.plan(input, now: F.date("2026-11-20T12:00:00Z"))
        let task = try #require(result.plan.allTasks.first)
        #expect(task.task.reviewType == .feynman)
        #expect(task.explanation.reason.contains("用自己的话"))
    }
}

@Suite("Review planner: weak points")
struct PlannerWeakPointTests {
    @Test("each weak point named by an analysis becomes its own drill, due the next day")
    func weakPointsBecomeDrills() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-20T10:00:00Z", score: 70, weakPoints: ["梯度下降的学习率", "Overfitting "]),
        ])
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-20T12:00:00Z"))
        let drills = result.plan.allTasks.filter { $0.task.reviewType == .weakPoint }
        #expect(Set(drills.compactMap { $0.explanation.weakPoint }) == ["梯度下降的学习率", "Overfitting"])
        #expect(drills.allSatisfy { $0.task.scheduledAt == F.date("2026-11-21T04:00:00Z") })
        #expect(Set(result.plan.allTasks.map(\.task.id)).count == 3, "lesson and two weak points have distinct ids")
    }

    @Test("a weak point that a later analysis no longer names is retired; one named again stays")
    func retirement() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 55, weakPoints: ["链式法则", "Overfitting"]),
            F.session("s2", lesson: "L1", at: "2026-11-12T10:00:00Z", score: 72, weakPoints: ["overfitting"]),
        ])
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-12T12:00:00Z"))
        let drills = result.plan.allTasks.filter { $0.task.reviewType == .weakPoint }
        #expect(drills.map { $0.explanation.weakPoint } == ["Overfitting"], "matched case-insensitively, first spelling kept")
        #expect(drills.first?.task.sourceSessionID == "s2")
        #expect(result.notes.contains(.retiredWeakPoints(count: 1)))
    }

    @Test("a session without weak points retires all of them")
    func masteredLesson() throws {
        let input = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: 50, weakPoints: ["A", "B"]),
            F.session("s2", lesson: "L1", at: "2026-11-13T10:00:00Z", score: 92),
        ])
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-13T12:00:00Z"))
        #expect(result.plan.allTasks.map(\.task.reviewType) == [.recall])
        #expect(result.notes.contains(.retiredWeakPoints(count: 2)))
    }

    @Test("analyses linked to sessions supply the score and weak points; an analysis without a session is a review")
    func analyses() throws {
        let analyses = [
            AIAnalysis(id: "a1", sessionID: "s1", lessonID: "L1", inputText: "…", outputJSON: "{}", masteryScore: 45,
                       weakPoints: ["偏差与方差"], modelName: "m", createdAt: F.date("2026-11-10T10:05:00Z")),
            AIAnalysis(id: "a2", lessonID: "L2", inputText: "…", outputJSON: "{}", masteryScore: 85,
                       modelName: "m", createdAt: F.date("2026-11-11T10:05:00Z")),
            AIAnalysis(id: "a3", inputText: "…", outputJSON: "{}", masteryScore: 85, modelName: "m", createdAt: F.date("2026-11-11T10:05:00Z")),
        ]
        let input = F.input(lessons: [F.lesson("L1"), F.lesson("L2")],
                            sessions: [F.session("s1", lesson: "L1", at: "2026-11-10T10:00:00Z", score: nil)], analyses: analyses)
        let result = try F.exactPlanner().plan(input, now: F.date("2026-11-11T12:00:00Z"))
        let byLesson = Dictionary(grouping: result.plan.allTasks, by: \.task.lessonID)
        #expect(byLesson["L1"]?.map(\.task.reviewType).sorted { $0.rawValue < $1.rawValue } == [.feynman, .weakPoint])
        #expect(byLesson["L1"]?.first { $0.task.reviewType == .weakPoint }?.explanation.sourceAnalysisID == "a1")
        #expect(byLesson["L2"]?.count == 1)
        #expect(byLesson["L2"]?.first?.task.sourceSessionID == nil)
        #expect(result.notes.contains(.unattributedAnalyses(count: 1)))
    }
}

@Suite("Review planner: days and groups")
struct PlannerGroupingTests {
    /// A Good first review on 2026-11-20 in Shanghai is due on study day 2026-11-22, which
    /// starts at 04:00 local (2026-11-21T20:00Z).
    static let shanghaiInput = F.input(
        lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-11-20T02:00:00Z", score: 80)],
        timeZone: "Asia/Shanghai")

    @Test("groups follow the study day, which begins at the day-start hour, not at midnight", arguments: [
        ("2026-11-20T12:00:00Z", "thisWeek"),   // 20:00 local on the 20th: due in two days
        ("2026-11-21T15:30:00Z", "tomorrow"),   // 23:30 local on the 21st
        ("2026-11-21T19:59:00Z", "tomorrow"),   // 03:59 local on the 22nd: still the 21st's study day
        ("2026-11-21T20:00:00Z", "today"),      // 04:00 local on the 22nd: a new study day
        ("2026-11-25T01:00:00Z", "today"),      // overdue days later: still today
    ])
    func groupsAcrossMidnight(now: String, group: String) throws {
        let plan = try F.exactPlanner().plan(Self.shanghaiInput, now: F.date(now)).plan
        let groups = ["today": plan.today, "tomorrow": plan.tomorrow, "thisWeek": plan.thisWeek, "later": plan.later]
        #expect(groups[group]?.count == 1, "at \(now) the task should be in \(group)")
        #expect(plan.allTasks.first?.task.scheduledAt == F.date("2026-11-21T20:00:00Z") || group == "today")
        #expect(plan.timezone == "Asia/Shanghai")
    }

    @Test("an overdue task is scheduled today and says how late it is")
    func overdue() throws {
        let result = try F.exactPlanner().plan(Self.shanghaiInput, now: F.date("2026-11-25T01:00:00Z"))
        let task = try #require(result.plan.today.first)
        #expect(task.task.scheduledAt == F.date("2026-11-24T20:00:00Z"))
        #expect(task.explanation.dueAt == F.date("2026-11-21T20:00:00Z"))
        #expect(task.explanation.reason.contains("It is 3 days overdue"))
    }

    @Test("across a daylight-saving change a study day still starts at the local day-start hour")
    func daylightSaving() throws {
        // New York moves to EDT on 2026-03-08. A Good first review on 7 March is due on 9 March,
        // whose study day starts at 04:00 EDT = 08:00Z (it would be 09:00Z in EST).
        let input = F.input(lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-03-07T15:00:00Z", score: 80)],
                            timeZone: "America/New_York")
        let beforeStart = try F.exactPlanner().plan(input, now: F.date("2026-03-09T07:59:00Z")).plan
        #expect(beforeStart.tomorrow.first?.task.scheduledAt == F.date("2026-03-09T08:00:00Z"))
        let afterStart = try F.exactPlanner().plan(input, now: F.date("2026-03-09T08:00:00Z")).plan
        #expect(afterStart.today.count == 1)
        // The study day of 7 March has 23 hours: 04:00 EST on the 7th to 04:00 EDT on the 8th.
        let calendar = try StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 4)
        let seventh = calendar.dayNumber(of: F.date("2026-03-07T12:00:00Z"))
        #expect(calendar.start(ofDay: seventh + 1).timeIntervalSince(calendar.start(ofDay: seventh)) == 23 * 3600)
        #expect(calendar.start(ofDay: seventh + 2).timeIntervalSince(calendar.start(ofDay: seventh + 1)) == 24 * 3600)
    }

    @Test("with calendar weeks, this week ends before the next first weekday")
    func calendarWeek() throws {
        // Today is Thursday 26 November 2026; weeks start on Monday (2).
        let sessions = [
            F.session("s1", lesson: "L1", at: "2026-11-26T10:00:00Z", score: 80),      // Good: +2 days, Sat 28
            F.session("s2", lesson: "L2", at: "2026-11-25T10:00:00Z", score: 80),      // Good: Fri 27, tomorrow
            F.session("s3", lesson: "L3", at: "2026-11-23T10:00:00Z", score: 95),      // Easy: +8 days, Tue 1 Dec
            F.session("s4", lesson: "L4", at: "2026-11-26T09:00:00Z", score: 95),      // Easy: +8 days, Fri 4 Dec
        ]
        let input = F.input(lessons: [F.lesson("L1"), F.lesson("L2"), F.lesson("L3"), F.lesson("L4")], sessions: sessions)
        let planner = F.exactPlanner { $0.weekGrouping = .calendarWeek(firstWeekday: 2) }
        let plan = try planner.plan(input, now: F.date("2026-11-26T12:00:00Z")).plan
        #expect(plan.tomorrow.map(\.task.lessonID) == ["L2"])
        #expect(plan.thisWeek.map(\.task.lessonID) == ["L1"])
        #expect(plan.later.map(\.task.lessonID) == ["L3", "L4"])
        let rolling = try F.exactPlanner().plan(input, now: F.date("2026-11-26T12:00:00Z")).plan
        #expect(rolling.thisWeek.map(\.task.lessonID) == ["L1", "L3"], "the rolling window runs to Wed 2 December")
        #expect(rolling.later.map(\.task.lessonID) == ["L4"])
    }
}

@Suite("Review planner: idempotence and task history")
struct PlannerIdempotenceTests {
    static let input = F.input(lessons: [F.lesson("L1"), F.lesson("L2")], sessions: [
        F.session("s1", lesson: "L1", at: "2026-11-01T10:00:00Z", score: 80, weakPoints: ["反向传播"]),
        F.session("s2", lesson: "L2", at: "2026-11-02T10:00:00Z", score: 66),
        F.session("s3", lesson: "L1", at: "2026-11-04T10:00:00Z", score: 70, weakPoints: ["反向传播"]),
    ])
    static let now = F.date("2026-11-20T12:00:00Z")

    @Test("planning the same input twice gives the same plan, ids included")
    func samePlanTwice() throws {
        let planner = ReviewPlanner()
        #expect(try planner.plan(Self.input, now: Self.now) == planner.plan(Self.input, now: Self.now))
    }

    @Test("the order of sessions in the input does not matter, however many there are")
    func inputOrder() throws {
        // Enough sessions that they are collected in several parallel parts.
        var generator = SplitMix64(seed: 9)
        let lessons = (0..<500).map { F.lesson("L\($0)") }
        let base = F.date("2026-06-01T00:00:00Z").timeIntervalSince1970
        let sessions = (0..<60_000).map { index -> LearningSession in
            let time = Date(timeIntervalSince1970: base + Double(index) * 240)
            let weak = generator.nextUnitInterval() < 0.3 ? ["weak \(index % 7)"] : []
            return LearningSession(id: "s\(index)", userID: "u1", lessonID: "L\(Int(generator.next() % 500))", startedAt: time,
                                   userInput: "", masteryScore: Int(generator.next() % 101), weakPoints: weak)
        }
        let now = F.date("2026-11-20T12:00:00Z")
        let inOrder = try ReviewPlanner().plan(F.input(lessons: lessons, sessions: sessions), now: now)
        var shuffled = sessions
        shuffled.shuffle(using: &generator)
        let outOfOrder = try ReviewPlanner().plan(F.input(lessons: lessons, sessions: shuffled), now: now)
        #expect(inOrder.plan == outOfOrder.plan)
        #expect(inOrder.plan.allTasks.count > 500)
    }

    @Test("pending tasks fed back keep their ids")
    func pendingFedBack() throws {
        let planner = ReviewPlanner()
        let first = try planner.plan(Self.input, now: Self.now).plan
        var input = Self.input
        input.reviewTasks = first.allTasks.map(\.task)
        let second = try planner.plan(input, now: Self.now)
        #expect(second.plan == first)
        #expect(!second.notes.contains { if case .supersededPendingTasks = $0 { true } else { false } })
    }

    @Test("a completed task counts as a review and is never planned again")
    func completedNeverDuplicated() throws {
        let planner = ReviewPlanner()
        let first = try planner.plan(Self.input, now: Self.now).plan
        var input = Self.input
        input.reviewTasks = first.today.map { task in
            var done = task.task
            done.status = .completed
            done.completedAt = F.date("2026-11-20T11:00:00Z")
            return done
        }
        #expect(!input.reviewTasks.isEmpty)
        let second = try planner.plan(input, now: Self.now).plan
        let doneIDs = Set(input.reviewTasks.map(\.id))
        #expect(second.allTasks.allSatisfy { !doneIDs.contains($0.task.id) })
        #expect(second.allTasks.count == first.allTasks.count, "each item still has its next review")
        #expect(second.today.isEmpty, "today's reviews are done")
        // Planning again with the same history is still stable.
        #expect(try planner.plan(input, now: Self.now).plan == second)
    }

    @Test("a skipped task is replaced by a new one, not before the next day; a cancelled one suppresses the item")
    func skippedAndCancelled() throws {
        let planner = ReviewPlanner()
        let first = try planner.plan(Self.input, now: Self.now).plan
        var skipped = try #require(first.today.first?.task)
        skipped.status = .skipped
        skipped.completedAt = F.date("2026-11-20T11:00:00Z")
        var cancelled = try #require(first.today.dropFirst().first?.task)
        cancelled.status = .cancelled
        var input = Self.input
        input.reviewTasks = [skipped, cancelled]
        let second = try planner.plan(input, now: Self.now).plan
        let replacement = try #require(second.allTasks.first { $0.task.lessonID == skipped.lessonID && $0.task.reviewType == skipped.reviewType })
        #expect(replacement.task.id != skipped.id)
        #expect(replacement.task.scheduledAt >= F.date("2026-11-21T04:00:00Z"))
        #expect(!second.allTasks.contains { $0.task.id == cancelled.id })
        #expect(second.allTasks.count == first.allTasks.count - 1)
    }

    @Test("a new session supersedes the pending tasks planned before it")
    func superseded() throws {
        let planner = ReviewPlanner()
        let first = try planner.plan(Self.input, now: Self.now).plan
        var input = Self.input
        input.reviewTasks = first.allTasks.map(\.task)
        input.sessions.append(F.session("s4", lesson: "L2", at: "2026-11-20T11:00:00Z", score: 90))
        let second = try planner.plan(input, now: Self.now)
        #expect(second.notes.contains(.supersededPendingTasks(count: 1)))
    }
}

@Suite("Review planner: bad input")
struct PlannerErrorTests {
    @Test("input errors name the record and its path")
    func errors() {
        let planner = ReviewPlanner()
        let now = F.date("2026-11-20T12:00:00Z")
        let unknownLesson = F.input(lessons: [F.lesson("L1")], sessions: [
            F.session("s1", lesson: "L1", at: "2026-11-01T10:00:00Z", score: 80),
            F.session("s2", lesson: "L9", at: "2026-11-01T10:00:00Z", score: 80),
        ])
        #expect(throws: PlannerError.unknownLessonInSession(index: 1, sessionID: "s2", lessonID: "L9")) {
            try planner.plan(unknownLesson, now: now)
        }
        #expect(PlannerError.unknownLessonInSession(index: 1, sessionID: "s2", lessonID: "L9").path == "sessions[1].lessonId")
        let badScore = F.input(lessons: [F.lesson("L1")], sessions: [F.session("s1", lesson: "L1", at: "2026-11-01T10:00:00Z", score: 130)])
        #expect(throws: PlannerError.sessionScoreOutOfRange(index: 0, sessionID: "s1", score: 130)) { try planner.plan(badScore, now: now) }
        let badZone = F.input(lessons: [], sessions: [], timeZone: "Mars/Olympus")
        #expect(throws: PlannerError.unknownTimeZone("Mars/Olympus")) { try planner.plan(badZone, now: now) }
        let badHour = F.input(lessons: [], sessions: [], dayStartHour: 24)
        #expect(throws: PlannerError.dayStartHourOutOfRange(24)) { try planner.plan(badHour, now: now) }
        var retention = PlannerConfiguration()
        retention.desiredRetention = 1.5
        #expect(throws: PlannerError.desiredRetentionOutOfRange(1.5)) {
            try ReviewPlanner(configuration: retention).plan(F.input(lessons: [], sessions: []), now: now)
        }
    }

    @Test("an empty workspace gives an empty plan")
    func empty() throws {
        let result = try ReviewPlanner().plan(F.input(lessons: [F.lesson("L1")], sessions: []), now: F.date("2026-11-20T12:00:00Z"))
        #expect(result.plan.allTasks.isEmpty)
        #expect(result.days.count == 7)
    }
}

@Suite("Review task ids")
struct ReviewTaskIdentifierTests {
    @Test("ids are UUID-shaped, parse back, and change with generation and attempt")
    func ids() throws {
        let id = ReviewTaskIdentifier(userHash: 1, lessonHash: 2, itemHash: 0, generation: 3, attempt: 0)
        #expect(id.text.count == 36)
        #expect(Array(id.text)[14] == "8")
        #expect(ReviewTaskIdentifier(id.text) == id)
        #expect(ReviewTaskIdentifier(id.text.uppercased()) == id)
        #expect(ReviewTaskIdentifier("not-an-id") == nil)
        #expect(ReviewTaskIdentifier(userHash: 1, lessonHash: 2, itemHash: 0, generation: 4, attempt: 0) != id)
        #expect(ReviewTaskIdentifier(userHash: 1, lessonHash: 2, itemHash: 0, generation: 3, attempt: 1) != id)
        #expect(ReviewTaskIdentifier(userHash: 1, lessonHash: 2, itemHash: 0, generation: 3, attempt: 0) == id)
    }

    @Test("weak-point keys ignore case and spacing of Latin text and keep Chinese text")
    func weakPointKeys() {
        #expect(WeakPointKey.hash("  Gradient   Descent ") == StableHash.fnv1a64("gradient descent"))
        #expect(WeakPointKey.hash("gradient\tdescent") == StableHash.fnv1a64("gradient descent"))
        #expect(WeakPointKey.hash("梯度下降") == StableHash.fnv1a64("梯度下降"))
        #expect(WeakPointKey.hash("gradient descent") != WeakPointKey.hash("gradientdescent"))
        #expect(WeakPointKey.hash("   ") == nil)
        #expect(WeakPointKey.display("  Overfitting \n") == "Overfitting")
    }
}
