import Foundation
import Testing
import ZhiXiApp
import ZhiXiAppTestSupport
import ZhiXiDomain
import ZhiXiModel
import ZhiXiReadingFeature
import ZhiXiTestServer

/// The toasts of the learner's reading: the server's refusals turned into words.
@Suite("ReadingNoticesViewModel", .serialized)
@MainActor
struct ReadingNoticesViewModelTests {
    @Test("access denied and source deleted → a toast each (once per material and code); expired and invalid → none; dismiss; sign-out clears")
    func toasts() async throws {
        let repository = ScriptedReadingRepository([])
        let session = FakeSessionRepository(signedIn: true)
        let notices = ReadingNoticesViewModel(repository: repository, session: session)
        #expect(notices.toasts.isEmpty)
        repository.tell(ReadingUploadNotice(materialID: "src-1", title: "力学", code: "SOURCE_DELETED", events: 3))
        repository.tell(ReadingUploadNotice(materialID: "src-1", title: "力学", code: "SOURCE_DELETED", events: 1))
        repository.tell(ReadingUploadNotice(materialID: "tmp-1", title: nil, code: "TEMPORARY_MATERIAL_EXPIRED", events: 2))
        repository.tell(ReadingUploadNotice(materialID: "src-2", title: nil, code: "INVALID_POSITION", events: 1))
        repository.tell(ReadingUploadNotice(materialID: "src-3", title: nil, code: "MATERIAL_ACCESS_DENIED", events: 1))
        #expect(await eventually { notices.toasts.count == 2 })
        #expect(notices.toasts.map(\.message) == ["「力学」已被删除，这段阅读记录没有保存。", "你已无法访问「未命名」，这段阅读记录没有保存。"])
        #expect(notices.toasts.map(\.code) == ["SOURCE_DELETED", "MATERIAL_ACCESS_DENIED"])

        notices.dismiss(notices.toasts[0])
        #expect(notices.toasts.map(\.materialID) == ["src-3"])
        session.setSignedIn(false)
        #expect(await eventually { notices.toasts.isEmpty })
        session.setSignedIn(true)
        repository.tell(ReadingUploadNotice(materialID: "src-6", title: "热学", code: "SOURCE_DELETED", events: 1))
        #expect(await eventually { !notices.toasts.isEmpty })
        #expect(notices.toasts.map(\.materialID) == ["src-6"], "nothing of before the sign-out comes back")

        let english = ReadingNoticesViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), language: .english)
        repository.tell(ReadingUploadNotice(materialID: "src-5", title: "Optics", code: "MATERIAL_ACCESS_DENIED", events: 1))
        #expect(await eventually { english.toasts.map(\.message) == ["You can no longer open “Optics”; this reading was not saved."] })
    }

    @Test("against the server: a timed or background flush the server refuses reaches the toast, with the title the device knows")
    func fromTheServer() async throws {
        let fixture = try AppFixture()
        defer { fixture.tearDown() }
        // Timers the test drives: the flush counted is the background's, never the 30-second
        // one a slow machine would reach first.
        let app = try await fixture.launch(scheduler: ManualReadingScheduler(start: AppFixture.now))
        fixture.reading.refuse(denied: ["src-private"], deleted: ["src-gone"])
        let notices = app.makeReadingNoticesViewModel()
        for (id, title) in [("src-gone", "旧讲义"), ("src-private", "内部资料"), ("src-ok", "线性代数")] {
            let reader = app.makeReaderViewModel(material: ReadingMaterial(materialID: id, kind: .knowledgeSource, title: title))
            await reader.open()
            await reader.updateLocation(ReadingLocation(progress: 0.4))
            await reader.close()
        }
        let flushed = try #require(await app.lifecycle.didEnterBackgroundFlushing())
        #expect(flushed.dropped == 6 && flushed.remaining == 0)
        #expect(await eventually { notices.toasts.count == 2 })
        #expect(Set(notices.toasts.map(\.message)) == ["「旧讲义」已被删除，这段阅读记录没有保存。", "你已无法访问「内部资料」，这段阅读记录没有保存。"])
        #expect(fixture.reading.storedEvents(ofUser: fixture.user.id).allSatisfy { $0.materialID == "src-ok" })
    }
}

/// The app's language changed at run time: the toasts shown are drawn again in it.
@Suite("ReadingNoticesViewModel: a language change")
@MainActor
struct ReadingNoticesLanguageChangeTests {
    @Test("the toasts on screen come out in English, then in Chinese again; their ids and materials kept")
    func toastsRedrawn() async throws {
        let repository = ScriptedReadingRepository([])
        let setting = LanguageSetting(.simplifiedChinese)
        let notices = ReadingNoticesViewModel(repository: repository, session: FakeSessionRepository(signedIn: true), languageSetting: setting)
        repository.tell(ReadingUploadNotice(materialID: "src-1", title: "力学", code: "SOURCE_DELETED", events: 3))
        repository.tell(ReadingUploadNotice(materialID: "src-3", title: "Optics", code: "MATERIAL_ACCESS_DENIED", events: 1))
        #expect(await eventually { notices.toasts.count == 2 })
        let chinese = notices.toasts
        setting.language = .english
        #expect(notices.toasts.map(\.message) == ["“力学” was deleted; this reading was not saved.", "You can no longer open “Optics”; this reading was not saved."])
        #expect(notices.toasts.map(\.id) == chinese.map(\.id) && notices.wording == .english)
        setting.language = .simplifiedChinese
        #expect(notices.toasts == chinese)
    }
}
