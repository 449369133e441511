// zhixi-fake-api: the tests' fake API (ZhiXiTestServer.FakeZhiXiAPI) as a process, to try
// `zhixi-review auth` by hand or in a script. Test support only: not a product, not a server
// for anything real.
//
//   swift run zhixi-fake-api [LIFETIME-SECONDS]      (default 600, at most 3600)
//
// Listens on 127.0.0.1 on an ephemeral port and prints its base URL (…/api) on the first
// line of standard output. Reads control lines on standard input:
//   expire-access            every access token issued so far is answered 401 TOKEN_EXPIRED
//   expire-refresh           every active refresh token is refused (REFRESH_TOKEN_EXPIRED)
//   onboarded APPLE-USER-ID  marks the learner's introduction finished
//   fail STATUS              the next request is answered STATUS with {"code":"INJECTED"}
//   refuse-deleted MATERIAL  reading events of MATERIAL are refused with SOURCE_DELETED
// The reading endpoints keep the events they accept (FakeReadingEventServer).
//   quit                     stops
// It stops at the end of standard input, on quit, or when its lifetime is over.
import Foundation
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

let deadline = Date(timeIntervalSinceNow: lifetime)
let reader = Thread {
    while let line = readLine() {
        let words = line.split(separator: " ").map(String.init)
        switch words.first {
        case "expire-access": api.expireAccessTokens()
        case "expire-refresh": api.expireRefreshTokens()
        case "onboarded" where words.count == 2: api.setOnboardingCompleted(true, appleUserID: words[1])
        case "fail" where words.count == 2 && Int(words[1]) != nil:
            api.server.faults.inject(.respond(.error(Int(words[1])!, code: "INJECTED", message: "injected by zhixi-fake-api")))
        case "refuse-deleted" where words.count == 2: reading.refuse(deleted: [words[1]])
        case "quit": exit(0)
        default: FileHandle.standardError.write(Data("zhixi-fake-api: unknown control line '\(line)'\n".utf8))
        }
    }
    exit(0)
}
reader.start()
while Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
exit(0)
