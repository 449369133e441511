// zhixi-fake-api: the tests' fake API (ZhiXiTestServer.FakeZhiXiAPI) as a process, to try
// `zhixi-review auth`, `pull`, `tasks` and `analyze` by hand or in a script. Test support
// only: not a product, not a server for anything real.
//
//   swift run zhixi-fake-api [LIFETIME-SECONDS]      (default 600, at most 3600)
//
// Listens on 127.0.0.1 on an ephemeral port and prints its base URL (…/api) on the first
// line of standard output. Reads control lines on standard input:
//   seed WORKSPACE.json [PLAN-AT]  the learner of the workspace becomes known to the server
//                            with all its data (they sign in with the user's appleUserId);
//                            with PLAN-AT (ISO-8601) the server plans their review tasks then
//   now ISO-8601             the server's clock (createdAt of what it stores, "today")
//   page-size N              items per page of GET learning/sessions and GET ai/analyses
//   expire-access            every access token issued so far is answered 401 TOKEN_EXPIRED
//   expire-refresh           every active refresh token is refused (REFRESH_TOKEN_EXPIRED)
//   onboarded APPLE-USER-ID  marks the learner's introduction finished
//   fail STATUS              the next request is answered STATUS with {"code":"INJECTED"}
//   refuse-deleted MATERIAL  reading events of MATERIAL are refused with SOURCE_DELETED
// The reading endpoints keep the events they accept (FakeReadingEventServer).
//   quit                     stops
// Each control line is answered by one line on standard output ("ok …" or "error …").
// It stops at the end of standard input, on quit, or when its lifetime is over.
import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiTestServer

let lifetime = min(3600, max(1, CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 600))
let api: FakeZhiXiAPI
do {
    api = try FakeZhiXiAPI(limits: TestServerLimits(lifetime: lifetime))
} catch {
    FileHandle.standardError.write(Data("zhixi-fake-api: \(error)\n".utf8))
    exit(1)
}
let reading = FakeReadingEventServer(api: api)
FileHandle.standardOutput.write(Data((api.apiBaseURL.absoluteString + "\n").utf8))

/// Answers one control line.
func control(_ words: [String]) -> String {
    switch (words.first, words.count) {
    case ("seed", 2), ("seed", 3):
        let planAt = words.count == 3 ? ISO8601Timestamp.date(from: words[2]) : nil
        if words.count == 3 && planAt == nil { return "error: '\(words[2])' is not an ISO-8601 time" }
        do {
            let workspace = try LearnerWorkspace(jsonData: Data(contentsOf: URL(fileURLWithPath: words[1])))
            let user = try api.seed(workspace, planAt: planAt)
            let tasks = api.learner(userID: user.id)?.reviewTasks.count ?? 0
            return "ok seeded \(user.id) (sign in as \(user.appleUserID)): \(workspace.sessions.count) sessions, \(tasks) review tasks"
        } catch {
            return "error: \(words[1]): \(error)"
        }
    case ("now", 2):
        guard let date = ISO8601Timestamp.date(from: words[1]) else { return "error: '\(words[1])' is not an ISO-8601 time" }
        api.setClock { date }
        return "ok now \(ISO8601Timestamp.string(from: date))"
    case ("page-size", 2):
        guard let count = Int(words[1]), count > 0 else { return "error: page-size takes a whole number from 1" }
        api.setItemsPerPage(count)
        return "ok \(count) items per page"
    case ("expire-access", 1): api.expireAccessTokens(); return "ok"
    case ("expire-refresh", 1): api.expireRefreshTokens(); return "ok"
    case ("onboarded", 2): api.setOnboardingCompleted(true, appleUserID: words[1]); return "ok"
    case ("fail", 2):
        guard let status = Int(words[1]) else { return "error: fail takes an HTTP status" }
        api.server.faults.inject(.respond(.error(status, code: "INJECTED", message: "injected by zhixi-fake-api")))
        return "ok the next request is answered \(status)"
    case ("refuse-deleted", 2): reading.refuse(deleted: [words[1]]); return "ok"
    case ("quit", 1): exit(0)
    default: return "error: unknown control line '\(words.joined(separator: " "))'"
    }
}

let deadline = Date(timeIntervalSinceNow: lifetime)
let reader = Thread {
    while let line = readLine() {
        let words = line.split(separator: " ").map(String.init)
        guard !words.isEmpty else { continue }
        let answer = control(words)
        FileHandle.standardOutput.write(Data((answer + "\n").utf8))
        if answer.hasPrefix("error") { FileHandle.standardError.write(Data("zhixi-fake-api: \(answer)\n".utf8)) }
    }
    exit(0)
}
reader.start()
while Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
exit(0)
