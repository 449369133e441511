// An app outside this package, on its products and public API only (built by .ci/outside):
// the container against the fake API (`zhixi-fake-api`, a process on 127.0.0.1), a learner
// signs in, sees their plan and chooses English; signs out; a second learner signs in on the
// same device and sees none of the first learner's tasks or language; the first signs in again
// and finds their language; "forget this device" removes their files.
// usage: AppIsolation FAKE-API-EXECUTABLE SAMPLE-WORKSPACE.json
import Foundation
import ZhiXiApp
import ZhiXiAuthFeature
import ZhiXiModel
import ZhiXiReviewFeature

/// Stops the run with a message on standard error.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("AppIsolation: \(message)\n".utf8))
    exit(1)
}

/// Checks `condition`, else stops the run saying what was expected.
func check(_ condition: Bool, _ expected: String) {
    if !condition { fail("expected \(expected)") }
    print("ok: \(expected)")
}

/// The fake API as a process: its base URL, control lines answered one line each.
final class FakeAPIProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffered = Data()

    init(executable: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["120"]  // its lifetime in seconds: every wait below ends by then
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// The next line the process printed (`nil` once it ended).
    func line() -> String? {
        for _ in 0 ..< 10_000 {
            if let end = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeSubrange(...end)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffered.append(chunk)
        }
        return nil
    }

    /// Sends a control line and returns the answer.
    func control(_ line: String) -> String {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        return self.line() ?? "error: the fake API ended"
    }
}

/// Signs in whoever is next in line, as the Sign in with Apple sheet would.
final class Learners: AppleCredentialProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var next: [String]

    init(_ appleUserIDs: [String]) { next = appleUserIDs }

    @MainActor func appleCredential() async throws(AuthError) -> AppleCredential {
        let id = lock.withLock { next.isEmpty ? "nobody" : next.removeFirst() }
        return AppleCredential(identityToken: "token-of-\(id)", authorizationCode: "code-of-\(id)", userIdentifier: id)
    }
}

@MainActor
func run(fakeAPI: String, workspace: String) async {
    let api: FakeAPIProcess
    do { api = try FakeAPIProcess(executable: fakeAPI) } catch { fail("\(fakeAPI) does not start: \(error)") }
    defer { api.process.terminate() }
    guard let base = api.line(), let baseURL = URL(string: base) else { fail("the fake API printed no base URL") }
    let seeded = api.control("seed \(workspace) 2026-12-07T09:00:00Z")
    guard seeded.hasPrefix("ok"), let first = seeded.split(separator: "(sign in as ").last?.split(separator: ")").first else {
        fail("seeding: \(seeded)")
    }
    _ = api.control("now 2026-12-07T09:00:00Z")
    let firstLearner = String(first), secondLearner = "apple-second-learner"

    let device = FileManager.default.temporaryDirectory.appendingPathComponent("outside-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: device) }
    let configuration = AppConfiguration(
        apiBaseURL: baseURL, storageDirectory: device.appendingPathComponent("data"),
        secureStore: FileSecureStore(directory: device.appendingPathComponent("secrets")),
        credentials: Learners([firstLearner, secondLearner, firstLearner, firstLearner]), deviceLanguages: [],
        now: { ISO8601DateFormatter().date(from: "2026-12-07T09:00:00Z")! }, networkMonitor: nil, backgroundTime: nil)
    let app = AppContainer(configuration: configuration)
    let login = app.makeLoginViewModel()

    /// The tasks the review page shows now.
    func taskCount() async -> Int {
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        guard case .success(let screen) = plan.uiState else { fail("the review page did not load: \(plan.uiState)") }
        return screen.groups.reduce(0) { $0 + $1.rows.count }
    }

    await login.restore()
    check(!login.isSignedIn && login.route == .login, "a first launch is signed out")
    await login.signIn()
    check(login.isSignedIn && !login.isUnverified, "the first learner is signed in, confirmed by the server")
    let firstTasks = await taskCount()
    check(firstTasks > 0, "the first learner sees their review tasks (\(firstTasks))")
    app.setLanguage(.english)
    check(app.language == .english, "the first learner chose English")

    await login.signOut()
    check(!login.isSignedIn && login.route == .login, "signed out, the app at login")
    check(app.language == .simplifiedChinese, "signed out, the pages are back in the base language")

    await login.signIn()
    check(login.isSignedIn, "the second learner is signed in on the same device")
    check(app.language == .simplifiedChinese, "the second learner does not inherit the first learner's language")
    let secondTasks = await taskCount()
    check(secondTasks == 0, "the second learner sees none of the first learner's tasks (\(secondTasks))")
    await login.signOut()

    await login.signIn()
    check(app.language == .english, "the first learner, signed in again, finds their language")
    let users = device.appendingPathComponent("data/users")
    let before = (try? FileManager.default.contentsOfDirectory(atPath: users.path))?.count ?? 0
    await login.forgetDevice()
    let after = (try? FileManager.default.contentsOfDirectory(atPath: users.path))?.count ?? 0
    check(!login.isSignedIn && login.errorMessage == nil, "forget this device signs out")
    check(after == before - 1, "forget this device removes the learner's files (\(before) → \(after) learners' folders)")
    await login.signIn()
    check(app.language == .simplifiedChinese, "after forget this device, their language is no longer on it")
    print("AppIsolation: ok")
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: AppIsolation FAKE-API-EXECUTABLE SAMPLE-WORKSPACE.json") }
await run(fakeAPI: arguments[1], workspace: arguments[2])
