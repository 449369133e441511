import Foundation
import Testing
@testable import ZhiXiModel

/// Guards the hand-written JSON layer: for every model type, a sample sets every stored
/// property, and the JSON written for it holds exactly the type's coding keys. A property
/// added without its coding key, or a coding key that a sample leaves unset, fails here; and
/// because the samples set everything, the fast reader's and writer's equality tests (which
/// compare them with `JSONDecoder` and `JSONEncoder` on these samples) then see the new field.
@Suite("Every model type's samples set every coding key")
struct CodingKeyCoverageTests {
    /// The names of the stored properties of `value` that hold nothing (a `nil` optional or
    /// an empty array): what a sample failed to set.
    static func unsetProperties(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let inner = Mirror(reflecting: child.value)
            if inner.displayStyle == .optional, inner.children.isEmpty { return child.label ?? "?" }
            if inner.displayStyle == .collection, inner.children.isEmpty { return child.label ?? "?" }
            return nil
        }
    }

    /// The top-level keys of the JSON that ``ZhiXiJSON`` writes for `value`.
    static func encodedKeys(of value: some Encodable) throws -> Set<String> {
        Set(try jsonObject(value).keys)
    }

    static func check<Value: Encodable, Keys: CodingKey & CaseIterable>(_ value: Value, keys: Keys.Type) throws {
        #expect(unsetProperties(of: value) == [], "the sample of \(Value.self) leaves these unset")
        let expected = Set(Keys.allCases.map(\.stringValue))
        #expect(try encodedKeys(of: value) == expected, "\(Value.self) writes other keys than its CodingKeys")
        #expect(Mirror(reflecting: value).children.count == expected.count,
                "\(Value.self) has a stored property without a coding key, or a key without a property")
    }

    @Test func user() throws { try Self.check(ModelSamples.user, keys: User.CodingKeys.self) }
    @Test func knowledgeBase() throws {
        var complete = ModelSamples.knowledgeBase
        complete.updatedAt = timestamp("2025-01-05T00:00:00Z")
        try Self.check(complete, keys: KnowledgeBase.CodingKeys.self)
    }
    @Test func learningPath() throws { try Self.check(ModelSamples.learningPath, keys: LearningPath.CodingKeys.self) }
    @Test func lesson() throws { try Self.check(ModelSamples.lesson, keys: Lesson.CodingKeys.self) }
    @Test func learningSession() throws { try Self.check(ModelSamples.session, keys: LearningSession.CodingKeys.self) }
    @Test func analysis() throws { try Self.check(ModelSamples.analysis, keys: AIAnalysis.CodingKeys.self) }
    @Test func reviewTask() throws { try Self.check(ModelSamples.completedTask, keys: ReviewTask.CodingKeys.self) }
    @Test func feedback() throws { try Self.check(ModelSamples.feedback, keys: Feedback.CodingKeys.self) }
    @Test func profile() throws { try Self.check(ModelSamples.profile, keys: UserLearningProfile.CodingKeys.self) }
    @Test func explanation() throws { try Self.check(ModelSamples.explanation, keys: ReviewTaskExplanation.CodingKeys.self) }
    @Test func plan() throws { try Self.check(ModelSamples.plan, keys: ReviewPlan.CodingKeys.self) }
    @Test func workspace() throws { try Self.check(ModelSamples.workspace, keys: LearnerWorkspace.CodingKeys.self) }

    @Test("a planned task is written as the task's keys and the explanation's keys side by side")
    func plannedTask() throws {
        let task = ModelSamples.completePlannedTask
        #expect(Self.unsetProperties(of: task.task) == [] && Self.unsetProperties(of: task.explanation) == [])
        let expected = Set(ReviewTask.CodingKeys.allCases.map(\.stringValue))
            .union(ReviewTaskExplanation.CodingKeys.allCases.map(\.stringValue))
        #expect(try Self.encodedKeys(of: task) == expected)
        #expect(try roundTrip(task) == task)
        let fast = try JSONSerialization.jsonObject(with: ReviewPlan(
            generatedAt: timestamp("2025-03-17T00:00:00Z"), timezone: "UTC", today: [task], tomorrow: [], thisWeek: [], later: []
        ).jsonData()) as? [String: Any]
        let written = try #require((fast?["today"] as? [[String: Any]])?.first)
        #expect(Set(written.keys) == expected)
    }

    @Test("the fast workspace reader reads every member of the complete samples as JSONDecoder does")
    func fastReaderReadsEverything() throws {
        var workspace = ModelSamples.workspace
        workspace.reviewTasks.append(ModelSamples.completedTask)
        workspace.knowledgeBases[0].updatedAt = timestamp("2025-01-05T00:00:00Z")
        let data = try ZhiXiJSON.makeEncoder().encode(workspace)
        #expect(try LearnerWorkspace(jsonData: data) == workspace)
        #expect(try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data) == workspace)
    }
}
