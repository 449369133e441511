import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReviewFeature

/// What a learner keeps on the device is theirs: the language they choose in settings is saved
/// for them and restored at their sign-in, never the next learner's; "forget this device"
/// removes their files. Through `AppContainer` and the login page's public API, against the
/// loopback server.
@Suite("A learner's choices and files on a shared device", .serialized)
@MainActor
struct LearnerChoiceTests {
    @Test("the language chosen in settings is the learner's: gone at sign-out, restored at their sign-in and relaunch, never another's")
    func languagePerLearner() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let learnerB = try fixture.seedLearner(id: "user-b", appleUserID: "apple-b")
        let app = try await fixture.launch(language: nil)
        let login = app.makeLoginViewModel()
        let home = app.makeStudyHomeViewModel()
        #expect(app.language == .simplifiedChinese, "no languages anywhere: the base")

        app.setLanguage(.english)
        #expect(app.language == .english && home.wording == .forLanguage(.english))
        let saved = app.storage.directory(forUser: fixture.user.id).appendingPathComponent("language")
        #expect(try String(contentsOf: saved, encoding: .utf8) == "en", "kept in A's own directory")

        await login.signOut()
        #expect(!login.isSignedIn && login.route == .login)
        #expect(app.language == .simplifiedChinese, "signed out: A's choice is gone")
        #expect(await eventually { home.wording == .forLanguage(.simplifiedChinese) }, "the pages follow")
        #expect(FileManager.default.fileExists(atPath: saved.path), "signing out keeps A's files for A")

        await login.signIn(with: fixture.signInCredential(for: learnerB))
        #expect(login.isSignedIn && app.language == .simplifiedChinese, "B does not inherit A's choice")
        #expect(!FileManager.default.fileExists(atPath: app.storage.directory(forUser: "user-b").appendingPathComponent("language").path))
        await login.signOut()

        await login.signIn()
        #expect(app.language == .english, "A's choice, restored at A's sign-in")
        #expect(await eventually { home.wording == .forLanguage(.english) }, "the pages follow")
        let relaunched = try await fixture.launch(language: nil)
        #expect(relaunched.language == .english, "and at a relaunch that restores A's session")

        await login.signOut()
        app.setLanguage(.english)
        await login.signIn(with: fixture.signInCredential(for: learnerB))
        #expect(app.language == .english, "a choice made while signed out goes to the next learner, who had none")
        #expect(app.storage.chosenLanguage(ofUser: "user-b") == .english)
    }

    @Test("forget this device: signed out, the learner's files removed, the next sign-in starts from the server")
    func forgetDevice() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        let app = try await fixture.launch(language: nil)
        let login = app.makeLoginViewModel()
        let plan = app.makeReviewPlanViewModel()
        await plan.load()
        let tasks = plan.uiState.shownRows?.count ?? 0
        #expect(tasks > 0)
        app.setLanguage(.english)
        let directory = app.storage.directory(forUser: fixture.user.id)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("workspace.json").path))

        await login.forgetDevice()
        #expect(!login.isSignedIn && login.route == .login && login.errorMessage == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path), "A's directory is gone")
        #expect(app.language == .simplifiedChinese)

        await login.signIn()
        #expect(login.isSignedIn && app.language == .simplifiedChinese, "the choice went with the files")
        await plan.load()
        #expect(await eventually { plan.uiState.shownRows?.count == tasks }, "the plan again, from the server")
    }

    @Test("the login page tells a session confirmed by the server from one the device remembers offline")
    func unverified() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        _ = try await fixture.launch(language: nil)
        let login = AppContainer(configuration: fixture.configuration()).makeLoginViewModel()
        fixture.networkDown()
        await login.restore()
        #expect(login.isSignedIn && login.isUnverified, "no server at launch: the learner the device remembers")
        fixture.networkBack()
        let online = AppContainer(configuration: fixture.configuration()).makeLoginViewModel()
        await online.restore()
        #expect(online.isSignedIn && !online.isUnverified, "the server confirmed the session")
    }
}
