import Foundation
import Testing
import ZhiXiAuth
import ZhiXiModel

@Suite("SessionUserStore: the learner of the saved session, beside the tokens")
struct SessionUserStoreTests {
    static let user = User(id: "u-1", appleUserID: "apple-001", displayName: "林晓", email: "lin@example.com",
                           onboardingCompleted: true, createdAt: Date(timeIntervalSince1970: 1_790_000_000))

    @Test("a learner survives a round trip through a file store, in its own file beside the tokens; cleared, nobody")
    func roundTrip() throws {
        let directory = temporaryDirectory()
        let store = SessionUserStore(secureStore: FileSecureStore(directory: directory))
        #expect(store.loadUser() == nil)
        try store.saveUser(Self.user)
        #expect(SessionUserStore(secureStore: FileSecureStore(directory: directory)).loadUser() == Self.user)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [SessionUserStore.defaultKey])
        #expect(try mode(of: directory.appendingPathComponent(SessionUserStore.defaultKey)) == 0o600)
        try store.clearUser()
        #expect(store.loadUser() == nil)
        try store.clearUser()
    }

    @Test("a damaged record reads as nobody remembered, and is replaced by the next save", arguments: [
        "not json",
        "",
        #"{"version":2,"user":{"id":"u-1","appleUserId":"apple-001","onboardingCompleted":true,"createdAt":"2026-09-21T12:26:40Z","status":"active"}}"#,
        #"{"version":1,"version":1,"user":{"id":"u-1","appleUserId":"apple-001","onboardingCompleted":true,"createdAt":"2026-09-21T12:26:40Z","status":"active"}}"#,
        #"{"version":1,"user":{"id":"u-1"}}"#,
        #"{"version":1}"#,
    ])
    func damaged(contents: String) throws {
        let store = SessionUserStore(secureStore: InMemorySecureStore([SessionUserStore.defaultKey: Data(contents.utf8)]))
        #expect(store.loadUser() == nil)
        try store.saveUser(Self.user)
        #expect(store.loadUser() == Self.user)
    }

    @Test("the record as written: version 1 and the model's user")
    func recordShape() throws {
        let secureStore = InMemorySecureStore()
        try SessionUserStore(secureStore: secureStore).saveUser(Self.user)
        let data = try #require(try secureStore.data(forKey: SessionUserStore.defaultKey))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect((object["user"] as? [String: Any])?["id"] as? String == "u-1")

        // The damaged records above differ from this one in one thing each.
        let handWritten = #"{"version":1,"user":{"id":"u-1","appleUserId":"apple-001","onboardingCompleted":true,"createdAt":"2026-09-21T12:26:40Z","status":"active"}}"#
        let read = SessionUserStore(secureStore: InMemorySecureStore([SessionUserStore.defaultKey: Data(handWritten.utf8)])).loadUser()
        #expect(read?.id == "u-1" && read?.appleUserID == "apple-001" && read?.onboardingCompleted == true)
    }

    @Test("an unreadable store reads as nobody remembered")
    func unreadable() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(SessionUserStore.defaultKey), withIntermediateDirectories: true)
        #expect(SessionUserStore(secureStore: FileSecureStore(directory: directory)).loadUser() == nil)
    }
}
