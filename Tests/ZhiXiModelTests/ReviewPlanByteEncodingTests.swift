import Foundation
import Testing
import ZhiXiCore
import ZhiXiModel

@Suite("ReviewPlan.jsonData() writes exactly what ZhiXiJSON's encoder writes")
struct ReviewPlanByteEncodingTests {
    func bothWays(_ plan: ReviewPlan) throws -> (fast: String, foundation: String) {
        (String(decoding: try plan.jsonData(), as: UTF8.self),
         String(decoding: try ZhiXiJSON.makeEncoder().encode(plan), as: UTF8.self))
    }

    @Test("the sample plan and an empty one")
    func samples() throws {
        let sample = try bothWays(ModelSamples.plan)
        #expect(sample.fast == sample.foundation)
        let empty = try bothWays(ReviewPlan(generatedAt: timestamp("2026-11-29T08:00:00Z"), timezone: "UTC"))
        #expect(empty.fast == empty.foundation)
    }

    @Test("every optional field present and absent, awkward text and numbers, unknown enum values")
    func variety() throws {
        var tasks: [PlannedReviewTask] = []
        let recalls = [0.0, 1.0, 0.8734523452345123, 1e-7, 0.5, 0.30000000000000004]
        for (index, recall) in recalls.enumerated() {
            var planned = ModelSamples.plannedTask
            planned.task.id = "task-\(index)"
            planned.task.completedAt = index % 2 == 0 ? nil : timestamp("2026-11-29T08:00:00.123Z")
            planned.task.sourceSessionID = index % 3 == 0 ? nil : "s\(index)"
            planned.task.reviewType = index == 4 ? .unknown("mindMap") : .feynman
            planned.task.status = index == 5 ? .unknown("archived") : .pending
            planned.explanation.predictedRecall = recall
            planned.explanation.stability = 36_500.0 / Double(index + 1)
            planned.explanation.difficulty = 1 + Double(index) * 1.7
            planned.explanation.weakPoint = index % 2 == 0 ? "梯度 \"下降\" \\ \n 😀" : nil
            planned.explanation.sourceAnalysisID = index % 2 == 1 ? "a\(index)" : nil
            planned.explanation.lessonTitle = index == 3 ? nil : "反向传播 / backprop"
            planned.explanation.deferredFrom = index == 2 ? timestamp("2026-11-30T04:00:00Z") : nil
            tasks.append(planned)
        }
        let plan = ReviewPlan(generatedAt: timestamp("2026-11-29T08:00:00.5Z"), timezone: "Asia/Shanghai",
                              today: Array(tasks[0..<2]), tomorrow: [tasks[2]], thisWeek: [], later: Array(tasks[3...]))
        let (fast, foundation) = try bothWays(plan)
        #expect(fast == foundation)
        #expect(try ZhiXiJSON.makeDecoder().decode(ReviewPlan.self, from: Data(fast.utf8)) == plan)
    }

    @Test("written in pieces, appended to a buffer, or with members after the plan's: the same bytes as jsonData()",
          arguments: [1, 64, 1 << 20])
    func pieces(chunkBytes: Int) throws {
        var tasks: [PlannedReviewTask] = []
        for index in 0 ..< 40 {
            var planned = ModelSamples.plannedTask
            planned.task.id = "task-\(index)"
            planned.explanation.reason = String(repeating: "复习 ", count: index)
            tasks.append(planned)
        }
        let plan = ReviewPlan(generatedAt: timestamp("2026-11-29T08:00:00Z"), timezone: "Asia/Shanghai",
                              today: Array(tasks[0 ..< 10]), tomorrow: [], thisWeek: Array(tasks[10 ..< 25]), later: Array(tasks[25...]))
        let whole = [UInt8](try plan.jsonData())
        var pieces: [[UInt8]] = []
        try plan.writeJSON(chunkBytes: chunkBytes) { pieces.append(Array($0)) }
        #expect(pieces.flatMap { $0 } == whole)
        // Small pieces: one per task or so, never much more than the chunk and one task.
        if chunkBytes == 1 { #expect(pieces.count > 40) }
        if chunkBytes == 1 << 20 { #expect(pieces.count == 1) }
        var appended = UTF8Text()
        appended.append("[")
        try plan.appendJSON(to: &appended)
        #expect(appended.bytes == Array("[".utf8) + whole)
        var more: [UInt8] = []
        try plan.writeJSON(chunkBytes: chunkBytes, moreMembers: { $0.append(",\"notes\":[]") }) { more.append(contentsOf: $0) }
        #expect(more == Array(whole.dropLast()) + Array(",\"notes\":[]}".utf8))
    }

    @Test("a number JSON cannot hold is an error, as with the encoder")
    func notFinite() {
        var planned = ModelSamples.plannedTask
        planned.explanation.stability = .infinity
        let plan = ReviewPlan(generatedAt: timestamp("2026-11-29T08:00:00Z"), timezone: "UTC", today: [planned])
        #expect(throws: EncodingError.self) { try plan.jsonData() }
        #expect(throws: EncodingError.self) { try ZhiXiJSON.makeEncoder().encode(plan) }
    }
}
