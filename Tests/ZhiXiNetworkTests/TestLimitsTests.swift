import Testing
import ZhiXiTestServer
import ZhiXiTestSupport

/// The tests' own time limits, held together: no verdict may depend on how busy the machine is.
@Suite("The tests' time limits: guards longer than any wait they cover")
struct TestLimitsTests {
    @Test("a gate holds as long as the tests' hang guard, and the clients wait longer than any hold")
    func limitsNest() {
        #expect(TestClientTimeouts.gateHoldSeconds == HangGuard.seconds)
        #expect(TestClientTimeouts.requestSeconds > TestClientTimeouts.gateHoldSeconds)
        #expect(TestClientTimeouts.resourceSeconds >= TestClientTimeouts.requestSeconds)
        #expect(NetworkFixture.testConfiguration.requestTimeout == TestClientTimeouts.requestSeconds)
        #expect(TestServerGate(count: 1).timeout == TestClientTimeouts.gateHoldSeconds)
    }
}
