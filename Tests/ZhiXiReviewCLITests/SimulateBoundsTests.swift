// Runs the built executable as a process: macOS and Linux only (iOS has no `Process`).
#if os(macOS) || os(Linux)
import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiTestServer

/// Issue 16, class 10: `simulate` bounds its work and the series it keeps up front, with a 64
/// that names the limit, instead of trapping, exhausting memory or running for minutes.
@Suite("simulate: the work is bounded before it starts", .serialized, .tags(.endToEnd))
struct SimulateBoundsTests {
    @Test("runs too large or sweeps too fine are refused with 64 naming the limit", arguments: [
        (["simulate", "--deck", "10", "--days", "36500", "--seeds", "10000"], "4,000,000"),
        (["simulate", "--sweep", "0.7:0.9:1e-20"], "10,000"),
        (["simulate", "--sweep", "0.0001:0.9999:0.0001"], "10,000,000,000"),
        (["simulate", "--deck", "10000000", "--days", "36500"], "10,000,000,000"),
    ])
    func refused(arguments: [String], limit: String) async throws {
        let result = try await ExecutableRun.run(arguments, memoryBytes: 2 << 30)
        #expect(!result.crashed && !result.timedOut && result.status == 64, "status \(result.status): \(result.error.prefix(400))")
        #expect(result.error.contains(limit), "\(result.error.prefix(400))")
    }

    @Test("a sweep keeps summaries only, and still recommends")
    func sweepSummaries() async throws {
        let result = await run("simulate", "--deck", "200", "--days", "60", "--sweep", "0.80:0.90:0.05", "--seeds", "2", "--format", "json")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("\"recommendedRetention\""))
    }
}
#endif
