import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReviewCLI

/// `optimize --batch`: one JSON line per learner, in input order, with the parameters that
/// `optimize WORKSPACE.json` prints for that learner alone.
@Suite("zhixi-review optimize --batch")
struct OptimizeBatchTests {
    /// The sample learner (enough history for a fit) between small fleet learners (too little).
    static func fleet() throws -> [String] {
        try [FleetFixture.line(1), FleetFixture.sampleLine(), FleetFixture.line(2), FleetFixture.line(4)]
    }

    @Test("each learner's parameters are what optimize prints for that learner alone; too little data gives the defaults and says so",
          arguments: [[], ["--seed", "7", "--timezone", "Asia/Tokyo", "--day-start", "2"]])
    func sameAsAlone(options: [String]) async throws {
        let lines = try Self.fleet()
        let batch = await run(["optimize", "--batch", "-"] + options, standardInput: PlanBatchTests.input(lines))
        #expect(batch.status == 0, "\(batch.error)")
        let output = PlanBatchTests.outputLines(batch.output)
        try #require(output.count == lines.count)
        var fitted = 0
        for (index, line) in lines.enumerated() {
            let alone = await run(["optimize", try temporaryFile("learner.json", line)] + options)
            #expect(alone.status == 0)
            let array = try #require(alone.output.components(separatedBy: "\n").last { !$0.isEmpty })
            let workspace = try LearnerWorkspace(jsonData: Data(line.utf8))
            let userID = workspace.user?.id ?? workspace.profile.userID
            #expect(output[index].hasPrefix("{\"userId\":\"\(userID)\",\"parameters\":\(array),\"reviews\":"),
                    "line \(index + 1): \(output[index].prefix(300)) against \(array)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output[index].utf8)) as? [String: Any])
            #expect((object["parameters"] as? [Double])?.count == 21)
            #expect((object["reviews"] as? Int ?? -1) >= 0 && (object["items"] as? Int ?? -1) >= 0)
            if let note = object["note"] as? String {
                // Too little data: the defaults (or initial stabilities only), and why, as optimize alone says.
                #expect(alone.error.contains("note: " + note))
            } else {
                fitted += 1
                #expect(object["logLoss"] is Double)
                #expect(alone.output.contains("fitted all 21 parameters"))
            }
        }
        #expect(fitted == 1, "the sample learner has enough history for a fit; the small ones do not")
        let defaults = try #require(PlanBatchTests.outputLines(batch.output).first)
        #expect(defaults.contains("\"logLoss\":null") && defaults.contains("too little data"))
    }

    @Test("a line that cannot be read gets an error line, the rest are fitted; exit 65; --out and a file beside --batch are usage errors")
    func errorsAndUsage() async throws {
        var mars = FleetFixture.learner(5)
        mars.profile.timeZone = "Mars/Olympus_Mons"
        let marsLine = String(decoding: try ZhiXiJSON.makeEncoder().encode(mars), as: UTF8.self)
        let lines = [try FleetFixture.line(1), "not json", marsLine, "", try FleetFixture.line(2)]
        let result = await run(["optimize", "--batch", "-"], standardInput: PlanBatchTests.input(lines))
        #expect(result.status == 65)
        #expect(result.error.contains("3 of 5 learners in standard input could not be read (lines 2, 3, 4)"), "\(result.error)")
        let output = try PlanBatchTests.outputLines(result.output).map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(output.count == 5)
        #expect(output[0]["parameters"] != nil && output[4]["parameters"] != nil)
        #expect(output[1]["line"] as? Int == 2 && output[1]["userId"] is NSNull)
        #expect(output[2]["userId"] as? String == "fleet-5")
        #expect((output[2]["error"] as? String)?.contains("profile.timeZone") == true)
        #expect(output[3]["line"] as? Int == 4)

        let path = try temporaryFile("fleet.jsonl", lines[0] + "\n")
        #expect(await run("optimize", "--batch", path, "--out", path + ".params").status == 64)
        #expect(await run("optimize", "--batch", path, "--skip-bad-rows").status == 64)
        #expect(await run("optimize", "--batch", path, "--deck", "Default").status == 64)
        #expect(await run("optimize", path, "--batch", path).status == 64)
        #expect(await run("optimize", "--batch", path + ".absent").status == 66)
    }

    @Test("every option of optimize is read in batch mode")
    func batchReadsEveryOption() async throws {
        let path = try temporaryFile("fleet.jsonl", try FleetFixture.line(1) + "\n")
        let context = CommandContext(now: Date(timeIntervalSince1970: 1_795_914_000))
        let (failure, unread) = try await runWithEveryOption("optimize", leaving: ["out", "skip-bad-rows", "deck", "preset"], value: { option in
            option.name == "batch" ? path : nil
        }, context: context)
        #expect(failure == nil, "optimize --batch failed: \(failure ?? "")")
        #expect(unread.isEmpty, "optimize --batch never reads \(unread.sorted())")
        #expect(PlanBatchTests.outputLines(context.standardOutput).count == 1)
    }
}
