import Foundation
import Testing
import ZhiXiAuth
import ZhiXiModel
import ZhiXiNetwork
import ZhiXiTestServer

@Suite("AppSession.loginStates(): the login state as a stream, for the pages behind sign-in")
@MainActor
struct AppSessionLoginStatesTests {
    @Test("the current state first, then each change in order; a stream made later starts from the state then")
    func streamsChanges() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let session = fixture.launch().session()
        let states = session.loginStates()
        var reader = states.makeAsyncIterator()
        #expect(await reader.next() == false)

        await session.bootstrap()                                     // no token: login, still signed out (no new value)
        await session.signIn(with: AuthFixture.credential())
        await session.signOut()
        await session.signIn(with: AuthFixture.credential())
        #expect(await reader.next() == true)
        #expect(await reader.next() == false)
        #expect(await reader.next() == true)

        var later = session.loginStates().makeAsyncIterator()
        #expect(await later.next() == true)
    }

    @Test("a refused sign-in changes nothing; a failed restore leaves the state signed out")
    func noChangeWithoutSignIn() async throws {
        let fixture = try AuthFixture()
        defer { fixture.api.server.stop() }
        let session = fixture.launch().session()
        var reader = session.loginStates().makeAsyncIterator()
        #expect(await reader.next() == false)
        await session.signIn(with: AuthFixture.credential(identityToken: FakeZhiXiAPI.refusedIdentityToken))
        await session.bootstrap()
        await session.signIn(with: AuthFixture.credential())
        #expect(await reader.next() == true, "the first value after false is the sign-in: nothing was sent between")
    }
}
