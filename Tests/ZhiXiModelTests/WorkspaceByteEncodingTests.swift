import Foundation
import Testing
import ZhiXiModel

@Suite("LearnerWorkspace.jsonData() writes exactly what ZhiXiJSON's encoder writes")
struct WorkspaceByteEncodingTests {
    /// `workspace` written both ways, as text.
    func bothWays(_ workspace: LearnerWorkspace) throws -> (fast: String, foundation: String) {
        let fast = try workspace.jsonData()
        let foundation = try ZhiXiJSON.makeEncoder().encode(workspace)
        return (String(decoding: fast, as: UTF8.self), String(decoding: foundation, as: UTF8.self))
    }

    @Test("the sample workspace and an empty one")
    func samples() throws {
        let sample = try bothWays(ModelSamples.workspace)
        #expect(sample.fast == sample.foundation)
        let empty = try bothWays(LearnerWorkspace(profile: UserLearningProfile(userID: "")))
        #expect(empty.fast == empty.foundation)
        #expect(empty.fast.contains(#""schemaVersion":1"#) && !empty.fast.contains("user\""))
    }

    @Test("strings that need escaping, and doubles of every shape")
    func escapesAndNumbers() throws {
        var workspace = ModelSamples.workspace
        let awkward = "quote \" backslash \\ slash / controls \u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F} del \u{7F} 中文 😀 \u{2028}"
        workspace.sessions[0].userInput = awkward
        workspace.sessions[0].weakPoints = [awkward, "", "\""]
        workspace.lessons[0].title = awkward
        var analyses: [AIAnalysis] = []
        for cost in [0.9, 0.1, 1.0, 10.0, 1e22, 1e-5, 0.00042, 123_456_789.123, 1e300, -0.0, Double.leastNonzeroMagnitude,
                     0.30000000000000004, 1e16, 1e15, 2.5e-7, 100.0, 1e21, -42.5, Double.greatestFiniteMagnitude] {
            var analysis = ModelSamples.analysis
            analysis.costEstimate = cost
            analysis.masteryScore = Int(cost.truncatingRemainder(dividingBy: 1000))
            analyses.append(analysis)
        }
        workspace.analyses = analyses
        workspace.profile.desiredRetention = 0.85
        workspace.feedback[0].rating = Int.min
        workspace.lessons[0].order = Int.max
        let (fast, foundation) = try bothWays(workspace)
        #expect(fast == foundation)
        #expect(try LearnerWorkspace(jsonData: Data(fast.utf8)) == workspace)
    }

    @Test("dates with and without milliseconds, far past and far future")
    func dates() throws {
        var workspace = ModelSamples.workspace
        let dates = ["0000-01-01T00:00:00Z", "0001-01-01T00:00:00.001Z", "1969-12-31T23:59:59.999Z",
                     "2025-03-14T09:30:00.1Z", "9999-12-31T23:59:59.999Z"].map(timestamp)
        workspace.sessions = dates.map { date in
            LearningSession(id: "s", userID: "u", lessonID: "l", startedAt: date, endedAt: date, userInput: "",
                            reviewAt: date, createdAt: date)
        }
        let (fast, foundation) = try bothWays(workspace)
        #expect(fast == foundation)
    }

    @Test("a generated workspace of many sessions")
    func generated() throws {
        var generator = SeededGenerator(seed: 99)
        var workspace = ModelSamples.workspace
        workspace.user = nil
        workspace.sessions = (0..<3000).map { index in
            let start = Date(timeIntervalSince1970: Double.random(in: 1e9...2e9, using: &generator))
            return LearningSession(
                id: "s-\(index)", userID: "u", lessonID: "l-\(index % 13)", startedAt: start,
                endedAt: Bool.random(using: &generator) ? start.addingTimeInterval(601.25) : nil,
                userInput: String(repeating: "动量 \(index) ", count: index % 7),
                masteryScore: Bool.random(using: &generator) ? Int.random(in: -5...105, using: &generator) : nil,
                weakPoints: index % 3 == 0 ? ["守恒条件"] : [],
                reviewType: [nil, .recall, .weakPoint, .unknown("mindMap")].randomElement(using: &generator)!)
        }
        let (fast, foundation) = try bothWays(workspace)
        #expect(fast == foundation)
    }

    @Test("values JSON cannot hold are refused, as by JSONEncoder")
    func refusals() {
        var farFuture = ModelSamples.workspace
        farFuture.sessions[0].startedAt = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(throws: EncodingError.self) { try farFuture.jsonData() }
        var notANumber = ModelSamples.workspace
        notANumber.profile.desiredRetention = .nan
        #expect(throws: EncodingError.self) { try notANumber.jsonData() }
        #expect(throws: EncodingError.self) { try ZhiXiJSON.makeEncoder().encode(notANumber) }
    }
}
