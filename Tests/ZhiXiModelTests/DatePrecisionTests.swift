import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel

/// Dates as `Date()` gives them: finer than a millisecond, different for every record.
private func stamps(_ count: Int) -> [Date] {
    let now = Date()
    return (0 ..< count).map { now.addingTimeInterval(Double($0) * 61.000_123_457) }
}

@Suite("One date precision: records stamped with Date() survive a save and a load")
struct DatePrecisionTests {
    /// The sample workspace with every session, analysis and task date stamped with `Date()`.
    static func stampedWorkspace() -> LearnerWorkspace {
        var workspace = ModelSamples.workspace
        var dates = stamps(32).makeIterator()
        workspace.user?.createdAt = dates.next()!
        workspace.user?.lastLoginAt = dates.next()!
        for index in workspace.sessions.indices {
            workspace.sessions[index].startedAt = dates.next()!
            workspace.sessions[index].endedAt = dates.next()!
            workspace.sessions[index].reviewAt = dates.next()!
        }
        for index in workspace.analyses.indices { workspace.analyses[index].createdAt = dates.next()! }
        for index in workspace.reviewTasks.indices {
            workspace.reviewTasks[index].scheduledAt = dates.next()!
            workspace.reviewTasks[index].completedAt = dates.next()!
        }
        return workspace
    }

    @Test("a workspace stamped with Date() decodes equal, with ZhiXiJSON's decoder and with the fast reader")
    func workspaceRoundTrip() throws {
        let workspace = Self.stampedWorkspace()
        #expect(workspace.sessions[0].startedAt.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 0.001) != 0,
                "the stamps are finer than a millisecond")
        let data = try ZhiXiJSON.makeEncoder().encode(workspace)
        #expect(try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data) == workspace)
        #expect(try LearnerWorkspace(jsonData: data) == workspace)
    }

    @Test("a plan stamped with Date() written by the fast writer decodes equal")
    func planRoundTrip() throws {
        var plan = ModelSamples.plan
        plan.generatedAt = Date()
        plan.today[0].explanation.dueAt = Date().addingTimeInterval(86_400.000_123)
        let data = try plan.jsonData()
        #expect(data == (try ZhiXiJSON.makeEncoder().encode(plan)), "the fast writer and the encoder write the same bytes")
        #expect(try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: data) == plan)
    }

    @Test("every date reads back as the very same Date, and a whole millisecond is still written to the millisecond")
    func shortestExactForm() throws {
        var generator = SplitMix64(seed: 22)
        for _ in 0 ..< 5_000 {
            let date = Date(timeIntervalSince1970: Double.random(in: 1e9 ... 4e9, using: &generator))
            let text = ISO8601Timestamp.string(from: date, precision: .nanoseconds)
            #expect(ISO8601Timestamp.date(from: text) == date, "\(text)")
        }
        var session = ModelSamples.session
        session.startedAt = timestamp("2025-03-14T09:30:00.250Z")
        let object = try jsonObject(session)
        #expect(object["startedAt"] as? String == "2025-03-14T09:30:00.250Z")
    }
}
