import Foundation
import Testing
import ZhiXiModel

/// Decodes hand-written JSON text with ``ZhiXiJSON``.
func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
    try ZhiXiJSON.makeDecoder().decode(type, from: Data(json.utf8))
}

@Suite("Hand-written JSON in the API's shapes decodes")
struct APIShapeDecodingTests {
    @Test("a user without the flags that have defaults")
    func userDefaults() throws {
        let user = try decode(User.self, #"{"id":"u","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z"}"#)
        #expect(!user.onboardingCompleted)
        #expect(user.status == .active)
        let frozen = try decode(
            User.self, #"{"id":"u","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z","status":"frozen"}"#)
        #expect(frozen.status == .unknown("frozen"))
    }

    @Test("a session without any optional key")
    func bareSession() throws {
        let session = try decode(LearningSession.self, """
            {"id":"s-9","userId":"u-1","lessonId":"l-1","startedAt":"2025-03-14T09:30:00Z","userInput":"回忆内容"}
            """)
        #expect(session == LearningSession(
            id: "s-9", userID: "u-1", lessonID: "l-1",
            startedAt: timestamp("2025-03-14T09:30:00Z"), userInput: "回忆内容"))
        #expect(session.weakPoints.isEmpty)
        #expect(session.masteryScore == nil)
        #expect(session.reviewType == nil)
    }

    @Test("a full session, with null optionals and unknown keys")
    func fullSession() throws {
        let session = try decode(LearningSession.self, """
            {"id":"s-1","userId":"u-1","lessonId":"l-1","startedAt":"2025-03-14T17:30:00+08:00",
             "endedAt":"2025-03-14T09:45:12.345Z","userInput":"动量守恒","aiAnalysis":"基本正确",
             "analysisId":"a-1","masteryScore":72,"weakPoints":["守恒条件","矢量方向"],
             "nextSuggestion":null,"reviewAt":"2025-03-16T09:30:00Z","reviewType":"recall",
             "createdAt":null,"clientVersion":{"app":"1.2","build":[3,4]}}
            """)
        #expect(session.startedAt == timestamp("2025-03-14T09:30:00Z"))
        #expect(session.masteryScore == 72)
        #expect(session.weakPoints == ["守恒条件", "矢量方向"])
        #expect(session.nextSuggestion == nil)
        #expect(session.createdAt == nil)
        #expect(session.reviewType == .recall)
    }

    @Test("a review task of type spacedRepetition, and one of an unknown type kept verbatim")
    func reviewTaskTypes() throws {
        let known = try decode(ReviewTask.self, """
            {"id":"t-1","userId":"u-1","lessonId":"l-1","reviewType":"spacedRepetition",
             "scheduledAt":"2025-03-16T09:30:00Z","status":"pending"}
            """)
        #expect(known.reviewType == .spacedRepetition)
        #expect(known.status == .pending)

        let unknown = try decode(ReviewTask.self, """
            {"id":"t-2","userId":"u-1","lessonId":"l-1","reviewType":"mindMap",
             "scheduledAt":"2025-03-16T09:30:00.000Z"}
            """)
        #expect(unknown.reviewType == .unknown("mindMap"))
        #expect(unknown.status == .pending)
        let reencoded = try jsonObject(unknown)
        #expect(reencoded["reviewType"] as? String == "mindMap")
        #expect(reencoded["status"] as? String == "pending")
    }

    @Test("an analysis with a cost, and feedback without a rating")
    func analysisAndFeedback() throws {
        let analysis = try decode(AIAnalysis.self, """
            {"id":"a-1","inputText":"…","outputJson":"{\\"ok\\":true}","masteryScore":55,
             "modelName":"m","createdAt":"2025-03-14T09:45:12Z","costEstimate":1.5e-4}
            """)
        #expect(analysis.outputJSON == #"{"ok":true}"#)
        #expect(analysis.costEstimate == 0.00015)
        #expect(analysis.weakPoints.isEmpty && analysis.suggestions.isEmpty)
        let feedback = try decode(
            Feedback.self, #"{"id":"f","userId":"u","comment":"好","createdAt":"2025-03-14T09:45:12Z"}"#)
        #expect(feedback.rating == nil && feedback.content == "好", "schema 1's comment is read as content")
        #expect(feedback.category == .other)
    }

    @Test(
        "a missing required key, a wrong type or a bad date is an error",
        arguments: [
            #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z"}"#,
            #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":null}"#,
            #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14","userInput":""}"#,
            #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":"","masteryScore":"high"}"#,
            #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":"","weakPoints":"x"}"#,
        ]
    )
    func errors(json: String) {
        #expect(throws: DecodingError.self) { try decode(LearningSession.self, json) }
    }
}

@Suite("The planner's output contract")
struct PlannerContractTests {
    @Test("a planned task is one flat JSON object that also decodes as a plain ReviewTask")
    func flatEncoding() throws {
        let object = try jsonObject(ModelSamples.plannedTask)
        #expect(object["id"] as? String == "t-1")
        #expect(object["reviewType"] as? String == "spacedRepetition")
        #expect(object["predictedRecall"] as? Double == 0.8731)
        #expect(object["reason"] as? String == ModelSamples.explanation.reason)
        #expect(object["deferredFrom"] as? String == "2025-03-15T00:00:00Z")
        #expect(object["task"] == nil && object["explanation"] == nil)

        let data = try ZhiXiJSON.makeEncoder().encode(ModelSamples.plannedTask)
        #expect(try ZhiXiJSON.makeDecoder().decode(ReviewTask.self, from: data) == ModelSamples.reviewTask)
        #expect(
            try ZhiXiJSON.makeDecoder().decode(ReviewTaskExplanation.self, from: data) == ModelSamples.explanation)
    }

    @Test("every element of a plan's groups decodes as a plain ReviewTask")
    func planGroupsAsTasks() throws {
        struct PlainPlan: Decodable {
            var today: [ReviewTask]
            var tomorrow: [ReviewTask]
            var thisWeek: [ReviewTask]
            var later: [ReviewTask]
        }
        let data = try ZhiXiJSON.makeEncoder().encode(ModelSamples.plan)
        let plain = try ZhiXiJSON.makeDecoder().decode(PlainPlan.self, from: data)
        #expect(plain.today == [ModelSamples.reviewTask])
        #expect(plain.tomorrow == [ModelSamples.completedTask])
        #expect(plain.thisWeek == [ModelSamples.futureTask])
        #expect(plain.later == [ModelSamples.completedTask])
        let object = try jsonObject(ModelSamples.plan)
        #expect(object["timezone"] as? String == "Asia/Shanghai")
    }

    @Test("a plan without groups decodes with empty groups")
    func emptyPlan() throws {
        let plan = try decode(ReviewPlan.self, #"{"generatedAt":"2025-03-16T08:00:00Z","timezone":"UTC"}"#)
        #expect(plan == ReviewPlan(generatedAt: timestamp("2025-03-16T08:00:00Z"), timezone: "UTC"))
    }
}

@Suite("Workspace and profile defaults")
struct WorkspaceDefaultsTests {
    @Test("an empty workspace is schema 1 with a default profile and empty arrays")
    func emptyWorkspace() throws {
        let workspace = try decode(LearnerWorkspace.self, "{}")
        #expect(workspace == LearnerWorkspace(schemaVersion: 1, profile: UserLearningProfile(userID: "")))
        #expect(workspace.schemaVersion == 1)
        #expect(workspace.user == nil)
        #expect(workspace.sessions.isEmpty && workspace.lessons.isEmpty && workspace.feedback.isEmpty)
    }

    @Test("a workspace without a profile gets the defaults for its user")
    func profileFromUser() throws {
        let workspace = try decode(LearnerWorkspace.self, """
            {"schemaVersion":2,"user":{"id":"u-7","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z"},
             "sessions":null}
            """)
        #expect(workspace.schemaVersion == 2)
        #expect(workspace.profile == UserLearningProfile(userID: "u-7"))
        #expect(workspace.sessions.isEmpty)
    }

    @Test("a profile with only its user has the documented defaults")
    func profileDefaults() throws {
        let profile = try decode(UserLearningProfile.self, #"{"userId":"u-1"}"#)
        #expect(profile.timeZone == "UTC")
        #expect(profile.dayStartHour == 4)
        #expect(profile.dailyMinutes == 30)
        #expect(profile.desiredRetention == 0.9)
        #expect(profile.preferredLanguage == nil)
        #expect(profile.firstWeekday == nil)
        #expect(profile.updatedAt == nil)
    }

    @Test("lists and orders default when absent; estimated minutes is required")
    func lessonAndPathDefaults() throws {
        let lesson = try decode(Lesson.self, #"{"id":"l","knowledgeBaseId":"k","title":"t","estimatedMinutes":5}"#)
        #expect(lesson.objectives.isEmpty && lesson.keyPoints.isEmpty && lesson.recallQuestions.isEmpty)
        #expect(lesson.order == 0)
        #expect(throws: DecodingError.self) {
            try decode(Lesson.self, #"{"id":"l","knowledgeBaseId":"k","title":"t"}"#)
        }
        let path = try decode(LearningPath.self, #"{"id":"p","knowledgeBaseId":"k","title":"t"}"#)
        #expect(path.lessonIDs.isEmpty && path.order == 0)
    }
}
