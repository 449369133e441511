import Foundation
import Testing
import ZhiXiCore
@testable import ZhiXiModel

/// Decodes `json` with both decoders: the byte decoder's result (or its error) and
/// `JSONDecoder`'s (or `nil` when it threw).
func decodeBothWays(_ json: [UInt8]) -> (fast: Result<LearnerWorkspace, WorkspaceDecodingError>, foundation: LearnerWorkspace?) {
    let data = Data(json)
    let fast = Result { () throws(WorkspaceDecodingError) in try LearnerWorkspace(jsonData: data) }
    let foundation = try? ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data)
    return (fast, foundation)
}

/// Wraps `member` (text such as `"sessions":[…]`) in a workspace object.
func workspaceJSON(_ members: String) -> [UInt8] {
    Array("{\(members)}".utf8)
}

/// A session object with the required keys, plus `extra` members.
func sessionJSON(_ extra: String = "") -> String {
    #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":"x"\#(extra)}"#
}

@Suite("LearnerWorkspace(jsonData:) decodes what JSONDecoder decodes, identically")
struct WorkspaceByteDecodingTests {
    @Test("the sample workspace, compact and pretty-printed, decodes as with JSONDecoder")
    func sampleWorkspace() throws {
        for encoder in [ZhiXiJSON.makeEncoder(), ZhiXiJSON.makeEncoder(prettyPrinted: true)] {
            let data = try encoder.encode(ModelSamples.workspace)
            let fast = try LearnerWorkspace(jsonData: data)
            #expect(fast == ModelSamples.workspace)
            #expect(fast == (try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data)))
        }
    }

    @Test("a varied workspace: members in any order, nulls, unknown keys, escapes, offsets, numbers")
    func variedWorkspace() throws {
        let json = #"""
        {
          "unknownTopLevel": {"nested": [1, 2.5e-3, {"deep": [true, false, null, "\u00e9"]}], "s": "\"}]"},
          "schemaVersion": 3,
          "profile": {"userId": "u-1", "desiredRetention": 8.5E-1, "dayStartHour": 5.0, "firstWeekday": 2,
                      "timeZone": "Asia\/Shanghai", "dailyMinutes": 1e2, "preferredLanguage": null},
          "user": {"status": "frozen", "createdAt": "2025-01-02T03:04:05.123456Z", "appleUserId": "apple",
                   "id": "u-1", "onboardingCompleted": false, "email": null, "lastLoginAt": "2025-03-14T17:30:00+08:00"},
          "knowledgeBases": [{"id": "kb", "title": "物理 \ud834\udd1e 𝄞", "createdAt": null, "targetUser": "\t\n\r\b\f\/\\"}],
          "learningPaths": [{"order": -3, "lessonIds": ["l-1", "l-2"], "title": "路径", "knowledgeBaseId": "kb", "id": "p"},
                            {"id": "p2", "knowledgeBaseId": "kb", "title": "空", "lessonIds": null}],
          "lessons": [{"estimatedMinutes": 15, "title": "动量守恒", "knowledgeBaseId": "kb", "id": "l-1",
                       "keyPoints": ["p = mv", "合外力为零"], "objectives": [], "recallQuestions": ["？"],
                       "updatedAt": "2025-02-03T08:00:00.5-05:30", "extra": [[[]]]}],
          "sessions": [
            {"weakPoints": ["守恒条件", "矢量方向"], "userInput": "我记得：p = mv。\n\"碰撞\"前后不变 😀",
             "startedAt": "2025-03-14T09:30:00Z", "lessonId": "l-1", "userId": "u-1", "id": "s-1",
             "masteryScore": 72, "reviewType": "feynman", "reviewAt": "2025-03-16T09:30:00.000Z",
             "endedAt": "2025-03-14T09:45:12.345Z", "aiAnalysis": null, "analysisId": "a-1", "nextSuggestion": "再讲一遍",
             "createdAt": "2025-03-14T09:45:13z"},
            {"id": "s-2", "userId": "u-1", "lessonId": "l-1", "startedAt": "2025-03-15T01:00:00+00:00",
             "userInput": "", "weakPoints": null, "masteryScore": -0, "reviewType": "mindMap"},
            {"id": "s-3", "userId": "u-1", "lessonId": "l-1", "startedAt": "2025-03-15T01:00:00Z", "userInput": "x",
             "masteryScore": 7.2e1, "unknownTrailing": "ignored",},
          ],
          "analyses": [{"id": "a-1", "inputText": "…", "outputJson": "{\"ok\":true}", "masteryScore": 100,
                        "modelName": "m", "createdAt": "2025-03-14T09:45:12Z", "costEstimate": 0.00042,
                        "suggestions": ["a", "b"]},
                       {"id": "a-2", "inputText": "", "outputJson": "", "masteryScore": 0, "modelName": "m",
                        "createdAt": "2025-03-14T09:45:12Z", "costEstimate": 12345678901234567890123}],
          "reviewTasks": [{"id": "t-1", "userId": "u-1", "lessonId": "l-1", "reviewType": "spacedRepetition",
                           "scheduledAt": "2025-03-16T09:30:00Z"},
                          {"id": "t-2", "userId": "u-1", "lessonId": "l-1", "reviewType": "mindMap",
                           "scheduledAt": "2025-03-16T09:30:00Z", "status": "archived", "sourceSessionId": "s-1",
                           "completedAt": "2025-03-16T10:00:00Z"}],
          "feedback": [{"id": "f", "userId": "u-1", "rating": 5, "comment": "好", "createdAt": "2025-03-14T10:00:00Z"}]
        }
        """#
        let bytes = Array(json.utf8)
        let fast = try LearnerWorkspace(jsonData: Data(bytes))
        let foundation = try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: Data(bytes))
        #expect(fast == foundation)

        #expect(fast.schemaVersion == 3)
        #expect(fast.profile.timeZone == "Asia/Shanghai")
        #expect(fast.profile.dayStartHour == 5 && fast.profile.dailyMinutes == 100)
        #expect(fast.profile.desiredRetention == 0.85)
        #expect(fast.user?.status == .unknown("frozen"))
        #expect(fast.knowledgeBases[0].title == "物理 𝄞 𝄞")
        #expect(fast.knowledgeBases[0].targetUser == "\t\n\r\u{8}\u{C}/\\")
        #expect(fast.learningPaths[1].lessonIDs.isEmpty)
        #expect(fast.sessions.map(\.id) == ["s-1", "s-2", "s-3"])
        #expect(fast.sessions[0].userInput == "我记得：p = mv。\n\"碰撞\"前后不变 😀")
        #expect(fast.sessions[1].reviewType == .unknown("mindMap"))
        #expect(fast.sessions[1].weakPoints.isEmpty)
        #expect(fast.sessions[2].masteryScore == 72)
        #expect(fast.analyses[1].costEstimate == 1.2345678901234568e22)
        #expect(fast.reviewTasks[0].status == .pending)
        #expect(fast.reviewTasks[1].status == .unknown("archived"))
    }

    @Test("a workspace of many generated sessions decodes as with JSONDecoder")
    func generatedWorkspace() throws {
        var generator = SplitMix64(seed: 7)
        let phrases = ["守恒条件", "矢量方向", "受力分析", "energy", "inertia", "加速度 a = F/m"]
        var sessions: [LearningSession] = []
        for index in 0..<2000 {
            let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600.125)
            sessions.append(LearningSession(
                id: "s-\(index)", userID: "u-1", lessonID: "l-\(index % 37)",
                startedAt: start,
                endedAt: Bool.random(using: &generator) ? start.addingTimeInterval(615.5) : nil,
                userInput: String(repeating: phrases.randomElement(using: &generator)!, count: Int.random(in: 0...12, using: &generator)),
                aiAnalysis: Bool.random(using: &generator) ? "分析 \(index)" : nil,
                analysisID: index % 3 == 0 ? "a-\(index)" : nil,
                masteryScore: Bool.random(using: &generator) ? Int.random(in: 0...100, using: &generator) : nil,
                weakPoints: (0..<Int.random(in: 0...3, using: &generator)).map { _ in phrases.randomElement(using: &generator)! },
                nextSuggestion: nil,
                reviewAt: Bool.random(using: &generator) ? start.addingTimeInterval(86_400 * 2) : nil,
                reviewType: [nil, .recall, .feynman, .unknown("mindMap")].randomElement(using: &generator)!,
                createdAt: start))
        }
        var workspace = ModelSamples.workspace
        workspace.sessions = sessions
        let data = try ZhiXiJSON.makeEncoder().encode(workspace)
        let fast = try LearnerWorkspace(jsonData: data)
        #expect(fast == workspace)
        #expect(fast == (try ZhiXiJSON.makeDecoder().decode(LearnerWorkspace.self, from: data)))
    }

    @Test("an empty workspace object, a byte order mark and surrounding whitespace")
    func emptyAndBOM() throws {
        let plain = try LearnerWorkspace(jsonData: Data("{}".utf8))
        #expect(plain == LearnerWorkspace(schemaVersion: 1, profile: UserLearningProfile(userID: "")), "absent schemaVersion is 1")
        let marked = try LearnerWorkspace(jsonData: Data([0xEF, 0xBB, 0xBF] + Array(" \n\t{ }\r\n ".utf8)))
        #expect(marked == plain)
        let bytes: [UInt8] = Array(#"{"schemaVersion":1}"#.utf8)
        let fromBuffer = try bytes.withUnsafeBytes { buffer throws(WorkspaceDecodingError) in
            try LearnerWorkspace(jsonBytes: buffer)
        }
        #expect(fromBuffer == plain)
    }

    /// Inputs where both decoders must agree: both reject, or both accept with equal results.
    static let edgeCases: [String] = [
        // Trailing commas (JSONDecoder accepts them after a member or an element).
        #"{"sessions":[],}"#, #"{"sessions":[\#(sessionJSON()),]}"#, #"{"sessions":[,]}"#, #"{,}"#,
        #"{"sessions":[\#(sessionJSON()),,]}"#,
        // Numbers read as integers.
        #"{"schemaVersion":72.0}"#, #"{"schemaVersion":7.2e1}"#, #"{"schemaVersion":1E2}"#,
        #"{"schemaVersion":-0}"#, #"{"schemaVersion":72.5}"#, #"{"schemaVersion":1.0e-2}"#,
        #"{"schemaVersion":01}"#, #"{"schemaVersion":-}"#, #"{"schemaVersion":1.}"#, #"{"schemaVersion":.5}"#,
        #"{"schemaVersion":+1}"#, #"{"schemaVersion":9223372036854775807}"#,
        #"{"schemaVersion":9223372036854775808}"#, #"{"schemaVersion":-9223372036854775808}"#,
        #"{"schemaVersion":99999999999999999999}"#, #"{"schemaVersion":1e19}"#, #"{"schemaVersion":1e18}"#,
        #"{"schemaVersion":9007199254740993.0}"#, #"{"schemaVersion":1.00000000000000000001}"#,
        #"{"schemaVersion":100e-2}"#, #"{"schemaVersion":1e400}"#, #"{"schemaVersion":"1"}"#,
        #"{"schemaVersion":true}"#, #"{"schemaVersion":1x}"#,
        // Numbers read as doubles.
        #"{"profile":{"userId":"u","desiredRetention":1e400}}"#,
        #"{"profile":{"userId":"u","desiredRetention":1e-400}}"#,
        #"{"profile":{"userId":"u","desiredRetention":4.9e-324}}"#,
        #"{"profile":{"userId":"u","desiredRetention":2e-324}}"#,
        #"{"profile":{"userId":"u","desiredRetention":1.7976931348623157e308}}"#,
        #"{"profile":{"userId":"u","desiredRetention":0.30000000000000004}}"#,
        #"{"profile":{"userId":"u","desiredRetention":123456789012345678901234567890}}"#,
        #"{"profile":{"userId":"u","desiredRetention":-0.0}}"#,
        #"{"profile":{"userId":"u","desiredRetention":0e500}}"#,
        #"{"profile":{"userId":"u","desiredRetention":1}}"#,
        #"{"profile":{"userId":"u","desiredRetention":NaN}}"#,
        // Strings.
        #"{"profile":{"userId":"\ud83d\ude00"}}"#, #"{"profile":{"userId":"\ud83d"}}"#,
        #"{"profile":{"userId":"\ude00"}}"#, #"{"profile":{"userId":"\ud83dx"}}"#,
        #"{"profile":{"userId":"\ud83d\u0041"}}"#, #"{"profile":{"userId":"\u00E9\u00e9"}}"#,
        #"{"profile":{"userId":"\q"}}"#, #"{"profile":{"userId":"\u12"}}"#, #"{"profile":{"userId":"\u0000"}}"#,
        "{\"profile\":{\"userId\":\"a\tb\"}}", "{\"profile\":{\"userId\":\"a\u{7F}b\"}}",
        #"{"profile":{"userId":"unterminated}}"#,
        // Keys: decoded strictly, escapes allowed.
        #"{"\u0073chemaVersion":4}"#, #"{"\q":1}"#, "{\"a\tb\":1}", #"{"schemaVersion" 1}"#, #"{1:2}"#,
        // Values under unknown keys: structure only.
        #"{"x":"\q","y":01,"z":1.2.3,"w":-,"v":"\ud800","u":[1,],"t":{"a":1,}}"#,
        "{\"x\":\"a\tb\"}", #"{"x":+1}"#, #"{"x":.5}"#, #"{"x":0x1}"#, #"{"x":tru}"#, #"{"x":nul}"#,
        #"{"x":"\u12"}"#, #"{"x":{,}}"#, #"{"x":{1:2}}"#, #"{"x":[1 2]}"#, #"{"x":'s'}"#, #"{"x":Infinity}"#,
        #"{"x":{"\q":1}}"#,
        // Structure and the top level.
        #"{"schemaVersion":1} x"#, #"{"schemaVersion":1}}"#, #"[]"#, #"null"#, #""#, #" "#, #"{"#,
        #"{"schemaVersion":1"#, #"{"schemaVersion":}"#, #"{"schemaVersion"}"#, "{\"schemaVersion\":1}\u{0}",
        #"{"sessions":{}}"#, #"{"sessions":[1]}"#, #"{"sessions":null}"#, #"{"sessions":[null]}"#,
        #"{/*c*/}"#,
        // Required, optional and defaulted members.
        #"{"sessions":[\#(sessionJSON(#","masteryScore":null"#))]}"#,
        #"{"sessions":[\#(sessionJSON(#","masteryScore":"high""#))]}"#,
        #"{"sessions":[\#(sessionJSON(#","weakPoints":[null]"#))]}"#,
        #"{"sessions":[\#(sessionJSON(#","weakPoints":["a",]"#))]}"#,
        #"{"sessions":[\#(sessionJSON(#","reviewType":null"#))]}"#,
        #"{"sessions":[{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z"}]}"#,
        #"{"sessions":[{"id":null,"userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":""}]}"#,
        #"{"user":{"id":"u","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z","onboardingCompleted":1}}"#,
        #"{"user":{"id":"u","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z","onboardingCompleted":null}}"#,
        #"{"reviewTasks":[{"id":"t","userId":"u","lessonId":"l","scheduledAt":"2025-01-01T00:00:00Z"}]}"#,
        #"{"lessons":[{"id":"l","knowledgeBaseId":"k","title":"t","estimatedMinutes":null}]}"#,
        #"{"profile":{}}"#, #"{"profile":null}"#,
    ]

    /// Repeated keys, which JSONDecoder reads (the first wins) and the byte decoder refuses:
    /// readers that keep the first and the last would see different workspaces (issue 16).
    static let repeatedKeys: [String] = [
        #"{"schemaVersion":2,"schemaVersion":3}"#, #"{"schemaVersion":null,"schemaVersion":3}"#,
        #"{"schemaVersion":2,"schemaVersion":"x"}"#, #"{"user":null,"user":{}}"#,
        #"{"sessions":[\#(sessionJSON(#","startedAt":"later""#))]}"#, #"{"\u0073chemaVersion":1,"schemaVersion":1}"#,
    ]

    @Test("a key twice in one object is refused, naming the key, its path and its line", arguments: repeatedKeys)
    func repeatedKey(json: String) {
        let (fast, _) = decodeBothWays(Array(json.utf8))
        guard case .failure(let error) = fast else {
            Issue.record("the byte decoder accepted a repeated key: \(json)")
            return
        }
        #expect(error.reason.contains("appears twice") && error.line == 1, "\(error)")
    }

    @Test("a large input (scanned for repeated keys beside the decode): the repeated key found deep inside, a syntax error reported first, a valid one decoded")
    func largeInput() throws {
        let sessions = Array(repeating: sessionJSON(), count: 12_000)
        #expect(sessions.joined(separator: ",").utf8.count > LearnerWorkspace.concurrentScanBytes)
        var repeated = sessions
        repeated[11_000] = sessionJSON(#","lessonId":"l2""#)
        guard case .failure(let error) = decodeBothWays(workspaceJSON(#""sessions":["# + repeated.joined(separator: ",") + "]")).fast else {
            Issue.record("a repeated key in a large input was accepted")
            return
        }
        #expect(error.reason.contains("appears twice") && error.path == "sessions[11000].lessonId", "\(error)")
        // Both wrong: the syntax error (the decoder's) is the one reported, as for a small input.
        var broken = repeated
        broken[20] = "{"
        guard case .failure(let syntax) = decodeBothWays(workspaceJSON(#""sessions":["# + broken.joined(separator: ",") + "]")).fast else {
            Issue.record("a syntax error in a large input was accepted")
            return
        }
        #expect(!syntax.reason.contains("appears twice"), "\(syntax)")
        let (fast, foundation) = decodeBothWays(workspaceJSON(#""sessions":["# + sessions.joined(separator: ",") + "]"))
        #expect(try fast.get() == foundation)
        #expect(try fast.get().sessions.count == 12_000)
    }

    @Test("edge cases of the grammar: both decoders accept with equal results, or both reject", arguments: edgeCases)
    func edgeCase(json: String) {
        let (fast, foundation) = decodeBothWays(Array(json.utf8))
        switch (fast, foundation) {
        case (.success(let fastValue), .some(let foundationValue)):
            #expect(fastValue == foundationValue)
        case (.failure, .none):
            break
        case (.success, .none):
            Issue.record("the byte decoder accepted what JSONDecoder rejects: \(json)")
        case (.failure(let error), .some):
            Issue.record("the byte decoder rejected what JSONDecoder accepts: \(json): \(error)")
        }
    }

    @Test("invalid UTF-8 is rejected in decoded strings and keys, and passed over in skipped values")
    func invalidUTF8() throws {
        let prefix = Array(#"{"profile":{"userId":""#.utf8)
        let suffix = Array(#""}}"#.utf8)
        for bad in [[0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]] {
            let (fast, foundation) = decodeBothWays(prefix + bad + suffix)
            #expect(foundation == nil)
            #expect(throws: WorkspaceDecodingError.self) { try fast.get() }
            let (fastKey, foundationKey) = decodeBothWays(Array(#"{""#.utf8) + bad + Array(#"":1}"#.utf8))
            #expect(foundationKey == nil)
            #expect(throws: WorkspaceDecodingError.self) { try fastKey.get() }
            let (fastSkipped, foundationSkipped) = decodeBothWays(Array(#"{"x":""#.utf8) + bad + Array(#""}"#.utf8))
            #expect(foundationSkipped != nil)
            #expect(try fastSkipped.get() == foundationSkipped)
        }
        let chinese = decodeBothWays(prefix + [0xE4, 0xB8, 0xAD] + suffix)
        #expect(try chinese.fast.get().profile.userID == "中")
    }

    @Test("nesting is limited as in JSONDecoder")
    func nestingLimit() {
        for depth in [500, 510, 511, 512, 513, 600] {
            let json = #"{"x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            let (fast, foundation) = decodeBothWays(Array(json.utf8))
            let fastAccepted = (try? fast.get()) != nil
            #expect(fastAccepted == (foundation != nil), "nesting \(depth)")
        }
    }

    @Test("randomly damaged workspaces: both decoders agree on every one")
    func damagedInputs() throws {
        let original = Array(try ZhiXiJSON.makeEncoder().encode(ModelSamples.workspace))
        let alphabet = Array(#"{}[]",:0123456789-+.eE\ nulltruefalse"ab\u"#.utf8) + [0x09, 0x0A, 0xE4, 0xFF]
        var generator = SplitMix64(seed: 42)
        var disagreements: [String] = []
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: position)
                }
            }
            let (fast, foundation) = decodeBothWays(bytes)
            let agree: Bool = switch (fast, foundation) {
            case (.success(let value), .some(let expected)): value == expected
            case (.failure, .none): true
            default: false
            }
            if !agree { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, first: \(disagreements.first ?? "")")
    }
}
