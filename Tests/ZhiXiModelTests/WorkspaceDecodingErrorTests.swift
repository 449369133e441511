import Foundation
import Testing
import ZhiXiModel

/// The error `LearnerWorkspace(jsonData:)` throws for `json`, or `nil` if it decodes.
func decodingError(_ json: String) -> WorkspaceDecodingError? {
    do {
        _ = try LearnerWorkspace(jsonData: Data(json.utf8))
        return nil
    } catch {
        return error
    }
}

/// A session with the required keys.
let validSession = #"{"id":"s","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":"x"}"#

@Suite("Decoding errors name the line, the column and the JSON path")
struct WorkspaceDecodingErrorTests {
    @Test("a value of the wrong type deep in a pretty-printed file, after Chinese text on its line")
    func wrongTypeDeepInFile() throws {
        let json = """
            {
              "sessions": [
                \(validSession),
                {"id":"s2","userId":"u","lessonId":"l","startedAt":"2025-03-14T09:30:00Z","userInput":"中文","masteryScore":"high"}
              ]
            }
            """
        let error = try #require(decodingError(json))
        #expect(error.line == 4)
        #expect(error.column == 111)
        #expect(error.path == "sessions[1].masteryScore")
        #expect(error.reason == #"expected an integer, found "high""#)
        #expect(error.description == #"line 4, column 111: sessions[1].masteryScore: expected an integer, found "high""#)
        #expect(error.localizedDescription == error.description)
        let bytes = Array(json.utf8)
        #expect(String(decoding: bytes[error.byteOffset...].prefix(6), as: UTF8.self) == #""high""#)
    }

    @Test(
        "malformed inputs",
        arguments: [
            // (input, line, column, path, start of the reason)
            ("", 1, 1, "", "the input is empty"),
            ("   ", 1, 4, "", "expected an object, found end of input"),
            ("[1]", 1, 1, "", "expected an object, found an array"),
            ("null", 1, 1, "", "expected an object, found null"),
            ("{", 1, 2, "", "expected a key in double quotes, found end of input"),
            (#"{"sessions":["#, 1, 14, "sessions[0]", "expected an object, found end of input"),
            ("{\"sessions\":[\(validSession)", 1, 103, "sessions", "expected ',' or ']' after an array element, found end of input"),
            ("{\"sessions\":[\(validSession)]} garbage", 1, 106, "", "unexpected garbage after the end"),
            (#"{"schemaVersion":1,}}"#, 1, 21, "", "unexpected '}' after the end"),
            ("{\"sessions\":[\(validSession) \(validSession)]}", 1, 104, "sessions", "expected ',' or ']' after an array element, found an object"),
            (#"{"schemaVersion" 1}"#, 1, 18, "", "expected ':' after the key, found 1"),
            (#"{"schemaVersion":1 "user":null}"#, 1, 20, "", "expected ',' or '}' after an object member"),
            (#"{"schemaVersion":}"#, 1, 18, "schemaVersion", "expected an integer, found '}'"),
            (#"{schemaVersion:1}"#, 1, 2, "", "expected a key in double quotes, found schemaVersion"),
            (#"{"profile":{"userId":"a\qb"}}"#, 1, 24, "profile.userId", #"invalid escape \q"#),
            ("{\"profile\":{\"userId\":\"u\",\"timeZone\":\"Asia/\nShanghai\"}}", 1, 43, "profile.timeZone", "a control character (U+000A) must be escaped"),
            (#"{"profile":{"userId":"\ud800"}}"#, 1, 23, "profile.userId", #"the escape \uD800 is a high surrogate"#),
            (#"{"profile":{"userId":"\udc00"}}"#, 1, 23, "profile.userId", #"the escape \uDC00 is a low surrogate"#),
            (#"{"profile":{"userId":"\u12G4"}}"#, 1, 23, "profile.userId", #"\u must be followed by four hex digits"#),
            (#"{"profile":{"userId":"open"#, 1, 22, "profile.userId", "the string is not terminated"),
            (#"{"profile":{"userId":"u","dailyMinutes":01}}"#, 1, 41, "profile.dailyMinutes", "invalid number 01"),
            (#"{"profile":{"userId":"u","dailyMinutes":-}}"#, 1, 41, "profile.dailyMinutes", "invalid number -"),
            (#"{"profile":{"userId":"u","dailyMinutes":1.5e}}"#, 1, 41, "profile.dailyMinutes", "invalid number 1.5e"),
            (#"{"profile":{"userId":"u","dailyMinutes":2.5}}"#, 1, 41, "profile.dailyMinutes", "expected an integer, found 2.5"),
            (#"{"profile":{"userId":"u","dailyMinutes":1e30}}"#, 1, 41, "profile.dailyMinutes", "expected an integer, found 1e30"),
            (#"{"profile":{"userId":"u","desiredRetention":1e999}}"#, 1, 45, "profile.desiredRetention", "the number 1e999 is out of the range"),
            (#"{"profile":{"userId":"u","desiredRetention":"0.9"}}"#, 1, 45, "profile.desiredRetention", #"expected a number, found "0.9""#),
            (#"{"profile":{"userId":true}}"#, 1, 22, "profile.userId", "expected a string, found true"),
            (#"{"sessions":[{"id":"s"}]}"#, 1, 14, "sessions[0]", #"missing required key "userId""#),
            ("{\"sessions\":[\(validSession),{\"id\":1}]}", 1, 110, "sessions[1].id", "expected a string, found 1"),
            (#"{"sessions":[{"weakPoints":["a",2]}]}"#, 1, 33, "sessions[0].weakPoints[1]", "expected a string, found 2"),
            (#"{"sessions":[{"weakPoints":"a"}]}"#, 1, 28, "sessions[0].weakPoints", #"expected an array, found "a""#),
            (#"{"user":{"id":"u","appleUserId":"a","createdAt":"yesterday"}}"#, 1, 49, "user.createdAt", "expected an ISO-8601 date"),
            (#"{"user":{"id":"u","appleUserId":"a","createdAt":"2025-02-30T00:00:00Z"}}"#, 1, 49, "user.createdAt", "expected an ISO-8601 date"),
            (#"{"user":{"id":"u","appleUserId":"a","createdAt":1741944600}}"#, 1, 49, "user.createdAt", "expected an ISO-8601 date string, found 1741944600"),
            (#"{"user":{"id":"u","appleUserId":"a","createdAt":"2025-01-01T00:00:00Z","onboardingCompleted":"yes"}}"#, 1, 94, "user.onboardingCompleted", "expected true or false"),
            (#"{"reviewTasks":[{"id":"t","userId":"u","lessonId":"l","reviewType":7}]}"#, 1, 68, "reviewTasks[0].reviewType", "expected a string, found 7"),
            (#"{"lessons":[{"id":"l","knowledgeBaseId":"k","title":"t"}]}"#, 1, 13, "lessons[0]", #"missing required key "estimatedMinutes""#),
            (#"{"weird key":{"a":tru}}"#, 1, 19, #"["weird key"]"#, "expected true, found tru"),
            ("{\"x\":[1,\n 2,\n }]}", 3, 2, "x", "expected a value, found '}'"),
            ("{\"x\":\"\u{4E2D}\u{6587}\",\"schemaVersion\":\"二\"}", 1, 27, "schemaVersion", #"expected an integer, found "二""#),
        ]
    )
    func malformed(json: String, line: Int, column: Int, path: String, reason: String) throws {
        let error = try #require(decodingError(json), "decoded without error: \(json)")
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.path == path, "\(error)")
        #expect(error.reason.hasPrefix(reason), "\(error)")
        let expectedStart = path.isEmpty ? "line \(line), column \(column): " : "line \(line), column \(column): \(path): "
        #expect(error.description.hasPrefix(expectedStart), "\(error)")
    }

    @Test("invalid UTF-8 is reported at its first bad byte")
    func invalidUTF8Position() throws {
        let bytes = Array(#"{"profile":{"userId":"中"#.utf8) + [0xFF] + Array(#""}}"#.utf8)
        do {
            _ = try LearnerWorkspace(jsonData: Data(bytes))
            Issue.record("decoded invalid UTF-8")
        } catch {
            #expect(error.byteOffset == 25)
            #expect(error.column == 24)
            #expect(error.path == "profile.userId")
            #expect(error.reason == "the string is not valid UTF-8")
        }
    }

    @Test("lines count newlines; columns count characters from 1")
    func lineAndColumnCounting() throws {
        let json = "{\r\n\t\"a\": 1,\n\n  \"schemaVersion\":   \"x\"\n}"
        let error = try #require(decodingError(json))
        #expect(error.line == 4)
        #expect(error.column == 22)
    }
}
