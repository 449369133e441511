import Foundation
import Testing
import ZhiXiModel

/// Encodes `value` with ``ZhiXiJSON`` and decodes it back.
func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
    try ZhiXiJSON.makeDecoder().decode(Value.self, from: ZhiXiJSON.makeEncoder().encode(value))
}

/// The JSON object that ``ZhiXiJSON`` writes for `value`, as a dictionary.
func jsonObject(_ value: some Encodable) throws -> [String: Any] {
    let data = try ZhiXiJSON.makeEncoder().encode(value)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

@Suite("Every model type survives a round trip through ZhiXiJSON")
struct JSONRoundTripTests {
    @Test func user() throws {
        #expect(try roundTrip(ModelSamples.user) == ModelSamples.user)
        #expect(try roundTrip(ModelSamples.suspendedUser) == ModelSamples.suspendedUser)
    }

    @Test func knowledgeBase() throws { #expect(try roundTrip(ModelSamples.knowledgeBase) == ModelSamples.knowledgeBase) }
    @Test func learningPath() throws { #expect(try roundTrip(ModelSamples.learningPath) == ModelSamples.learningPath) }
    @Test func lesson() throws { #expect(try roundTrip(ModelSamples.lesson) == ModelSamples.lesson) }

    @Test func learningSession() throws {
        #expect(try roundTrip(ModelSamples.session) == ModelSamples.session)
        #expect(try roundTrip(ModelSamples.bareSession) == ModelSamples.bareSession)
    }

    @Test func analysis() throws { #expect(try roundTrip(ModelSamples.analysis) == ModelSamples.analysis) }

    @Test func reviewTask() throws {
        #expect(try roundTrip(ModelSamples.reviewTask) == ModelSamples.reviewTask)
        #expect(try roundTrip(ModelSamples.futureTask) == ModelSamples.futureTask)
    }

    @Test func feedback() throws { #expect(try roundTrip(ModelSamples.feedback) == ModelSamples.feedback) }
    @Test func profile() throws { #expect(try roundTrip(ModelSamples.profile) == ModelSamples.profile) }
    @Test func explanation() throws { #expect(try roundTrip(ModelSamples.explanation) == ModelSamples.explanation) }
    @Test func plannedTask() throws { #expect(try roundTrip(ModelSamples.plannedTask) == ModelSamples.plannedTask) }
    @Test func plan() throws { #expect(try roundTrip(ModelSamples.plan) == ModelSamples.plan) }
    @Test func workspace() throws { #expect(try roundTrip(ModelSamples.workspace) == ModelSamples.workspace) }

    @Test func enumsAndLanguages() throws {
        #expect(try roundTrip([ReviewType.weakPoint, .unknown("mindMap")]) == [.weakPoint, .unknown("mindMap")])
        #expect(try roundTrip([UserStatus.deleted]) == [.deleted])
        #expect(try roundTrip([ReviewTaskStatus.cancelled]) == [.cancelled])
        #expect(try roundTrip(AppLanguage.allCases) == AppLanguage.allCases)
    }

    @Test("the encoder writes camelCase keys, sorted, and omits absent optionals")
    func encodedShape() throws {
        let text = String(decoding: try ZhiXiJSON.makeEncoder().encode(ModelSamples.bareSession), as: UTF8.self)
        #expect(
            text == #"{"id":"s-2","lessonId":"l-2","startedAt":"2025-03-15T01:00:00Z","userId":"u-1","userInput":"","weakPoints":[]}"#
        )
    }

    @Test("the encoder writes the same bytes every time")
    func stableOutput() throws {
        let first = try ZhiXiJSON.makeEncoder().encode(ModelSamples.workspace)
        for _ in 0..<5 {
            #expect(try ZhiXiJSON.makeEncoder().encode(ModelSamples.workspace) == first)
        }
        let pretty = try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(ModelSamples.workspace)
        #expect(try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: pretty) == ModelSamples.workspace)
    }

    @Test("dates are written in UTC with milliseconds only when there is a sub-second part")
    func encodedDates() throws {
        let object = try jsonObject(ModelSamples.session)
        #expect(object["startedAt"] as? String == "2025-03-14T09:30:00Z")
        #expect(object["endedAt"] as? String == "2025-03-14T09:45:12.345Z")
        let lesson = try jsonObject(ModelSamples.lesson)
        #expect(lesson["createdAt"] as? String == "2025-01-03T00:00:00Z")
        #expect(lesson["updatedAt"] as? String == "2025-02-03T08:00:00.500Z")
    }

    @Test("a date whose year has more than four digits is refused, not written")
    func unrepresentableDate() {
        var task = ModelSamples.reviewTask
        task.scheduledAt = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(throws: EncodingError.self) { try ZhiXiJSON.makeEncoder().encode(task) }
    }
}
