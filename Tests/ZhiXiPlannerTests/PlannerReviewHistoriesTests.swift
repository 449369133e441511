import Foundation
import Testing
import ZhiXiMemory
import ZhiXiModel
@testable import ZhiXiPlanner

@Suite("The planner's review histories")
struct PlannerReviewHistoriesTests {
    @Test("a lesson's sessions become its reviews, rated by the scale; weak points start with Again, then Hard")
    func lessonAndWeakPoints() throws {
        let input = PlannerFixture.input(lessons: [PlannerFixture.lesson("a")], sessions: [
            PlannerFixture.session("s1", lesson: "a", at: "2026-03-01T10:00:00Z", score: 50, weakPoints: ["链式法则"]),
            PlannerFixture.session("s2", lesson: "a", at: "2026-03-01T18:00:00Z", score: 80, weakPoints: ["链式法则"]),
            PlannerFixture.session("s3", lesson: "a", at: "2026-03-05T10:00:00Z", score: 95),
        ])
        let histories = try ReviewPlanner().reviewHistories(input, now: PlannerFixture.date("2026-03-10T00:00:00Z"))
        #expect(histories.count == 2)
        #expect(histories[0].lessonID == "a" && histories[0].weakPoint == nil)
        #expect(histories[0].reviews.map(\.rating) == [.again, .good, .easy])
        #expect(histories[0].reviews.map(\.studyDay) == [0, 0, 4].map { $0 + histories[0].reviews[0].studyDay })
        #expect(histories[1].weakPoint == "链式法则")
        #expect(histories[1].reviews.map(\.rating) == [.again, .hard])
    }

    @Test("replaying the histories gives the memory the plan reports for every lesson of the sample learner")
    func matchesThePlan() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: root.appendingPathComponent("data/sample-workspace.json")))
        let input = PlannerInput(workspace: workspace)
        let planner = PlannerFixture.exactPlanner()
        let now = PlannerFixture.date("2026-11-29T09:00:00+08:00")
        let histories = try planner.reviewHistories(input, now: now)
        let plan = try planner.plan(input, now: now).plan
        let model = MemoryModel()
        var checked = 0
        for task in plan.today + plan.tomorrow + plan.thisWeek + plan.later {
            let history = try #require(histories.last {   // a weak point named again after retiring has a newer history
                $0.lessonID == task.task.lessonID && $0.weakPoint == task.explanation.weakPoint
            })
            var state: MemoryState?
            var previousDay = history.reviews[0].studyDay
            for review in history.reviews {
                state = model.nextState(after: state, elapsedDays: Double(max(0, review.studyDay - previousDay)), rating: review.rating)
                previousDay = review.studyDay
            }
            #expect(abs(state!.stability - task.explanation.stability) < 1e-9 * max(1, task.explanation.stability))
            checked += 1
        }
        #expect(checked > 20)
    }
}
