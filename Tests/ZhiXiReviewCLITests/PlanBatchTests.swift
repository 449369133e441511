import Dispatch
import Foundation
import Testing
import ZhiXiModel
@testable import ZhiXiReviewCLI

/// `plan --batch`: one JSON line per learner, in input order, each plan exactly the plan that
/// `plan --format json` writes for that learner alone.
@Suite("zhixi-review plan --batch")
struct PlanBatchTests {
    /// The sample learner and a dozen varied ones, one JSON line each.
    static func fleet() throws -> [String] {
        try [FleetFixture.sampleLine()] + (0 ..< 12).map(FleetFixture.line)
    }

    static func input(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    /// The output's lines, without the final line break.
    static func outputLines(_ output: String) -> [String] {
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test("each learner's plan is, byte for byte, what plan --format json writes for that learner alone",
          arguments: [[], ["--days", "3", "--no-fuzz"],
                      ["--lang", "en", "--week", "calendar", "--daily-minutes", "5", "--retention", "0.85", "--day-start", "2"],
                      ["--lang", "en", "--away", "2026-12-02:2026-12-05", "--weekday-minutes", "sun=0", "--postpone", "1"]])
    func sameAsAlone(options: [String]) async throws {
        let lines = try Self.fleet()
        let batch = await run(["plan", "--batch", "-", "--now", FleetFixture.now] + options, standardInput: Self.input(lines))
        #expect(batch.status == 0, "\(batch.error)")
        let output = Self.outputLines(batch.output)
        try #require(output.count == lines.count)
        for (index, line) in lines.enumerated() {
            let alone = await run(["plan", try temporaryFile("learner.json", line), "--format", "json", "--now", FleetFixture.now] + options)
            #expect(alone.status == 0)
            let workspace = try LearnerWorkspace(jsonData: Data(line.utf8))
            let userID = workspace.user?.id ?? workspace.profile.userID
            // The line is {"userId": …, "plan": …} with the plan exactly the bytes plan --format json wrote alone,
            // its notes included (issue 27).
            let expected = "{\"userId\":\"\(userID)\",\"plan\":" + String(alone.output.dropLast()) + "}"
            #expect(output[index] == expected, "line \(index + 1): the plan differs from planning alone")
            let notes = alone.error.components(separatedBy: "\n").filter { $0.hasPrefix("note: ") }.map { String($0.dropFirst(6)) }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output[index].utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["userId", "plan"])
            #expect((object["plan"] as? [String: Any])?["notes"] as? [String] == notes, "the notes plan alone writes to standard error")
        }
    }

    @Test("a malformed line, an unknown time zone and empty lines each get their own error line; the rest are planned; exit 65")
    func errorLines() async throws {
        var mars = FleetFixture.learner(5)
        mars.profile.timeZone = "Mars/Olympus_Mons"
        let marsLine = String(decoding: try ZhiXiJSON.makeEncoder().encode(mars), as: UTF8.self)
        let lines = [try FleetFixture.line(1), "{\"profile\": {\"userId\": \"cut-short\"}, \"sessions\": [", marsLine,
                     try FleetFixture.line(2), "", "  \t", "{\"profile\": {\"userId\": \"shape\"}, \"sessions\": [{\"id\": 5}]}",
                     try FleetFixture.line(3)]
        let result = await run(["plan", "--batch", "-", "--now", FleetFixture.now], standardInput: Self.input(lines))
        #expect(result.status == 65)
        #expect(result.error.contains("5 of 8 learners in standard input could not be planned (lines 2, 3, 5, 6, 7)"), "\(result.error)")
        let output = try Self.outputLines(result.output).map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(output.count == lines.count)
        for (index, user) in [(0, "fleet-1"), (3, "fleet-2"), (7, "fleet-3")] {
            #expect(output[index]["userId"] as? String == user)
            #expect(output[index]["plan"] is [String: Any])
        }
        func error(_ index: Int) -> String { output[index]["error"] as? String ?? "" }
        #expect(output[1]["line"] as? Int == 2 && output[1]["userId"] is NSNull)
        #expect(error(1).hasPrefix("standard input line 2, column "), "\(error(1))")
        #expect(output[2]["line"] as? Int == 3 && output[2]["userId"] as? String == "fleet-5")
        #expect(error(2).contains("profile.timeZone") && error(2).contains("Mars/Olympus_Mons"), "\(error(2))")
        for index in [4, 5] {
            #expect(output[index]["line"] as? Int == index + 1 && output[index]["userId"] is NSNull)
            #expect(error(index).contains("line \(index + 1): the line is empty"))
        }
        // Valid JSON of the wrong shape: the error names the field, and the line still says whose it is.
        #expect(output[6]["userId"] as? String == "shape")
        #expect(error(6).contains("sessions[0].id"), "\(error(6))")
        for index in [1, 2, 4, 5, 6] { #expect(output[index]["plan"] == nil) }
    }

    @Test("exit statuses: 0 when all are planned (an empty input included), 64 for a wrong command line, 66 for a missing file")
    func exitStatuses() async throws {
        let lines = try Self.fleet()
        #expect(await run(["plan", "--batch", "-", "--now", FleetFixture.now], standardInput: Self.input(lines)).status == 0)
        let empty = await run(["plan", "--batch", "-"], standardInput: Data())
        #expect(empty.status == 0 && empty.output.isEmpty)
        let path = try temporaryFile("fleet.jsonl", lines.joined(separator: "\n") + "\n")
        let csv = await run("plan", "--batch", path, "--format", "csv")
        #expect(csv.status == 64 && csv.error.contains("--format csv cannot be used"))
        #expect(await run("plan", "--batch", path, "--format", "json", "--now", FleetFixture.now).status == 0)
        let both = await run("plan", PlanCommandTests.sample, "--batch", path)
        #expect(both.status == 64 && both.error.contains("give no WORKSPACE.json"))
        let missing = await run("plan", "--batch", path + ".absent")
        #expect(missing.status == 66 && missing.error.contains("no such file"))
    }

    @Test("a file with CRLF line ends and no final line break plans like standard input with LF")
    func fileInput() async throws {
        let lines = try Self.fleet()
        let path = try temporaryFile("fleet.jsonl", lines.joined(separator: "\r\n"))
        let fromFile = await run("plan", "--batch", path, "--now", FleetFixture.now)
        let fromStandardInput = await run(["plan", "--batch", "-", "--now", FleetFixture.now], standardInput: Self.input(lines))
        #expect(fromFile.status == 0)
        #expect(fromFile.output == fromStandardInput.output)
    }

    @Test("lines are written in input order while they finish out of order, and at most the window is held")
    func orderUnderParallelism() async throws {
        let count = 64
        let text = (0 ..< count).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let context = CommandContext(standardInput: Data(text.utf8))
        let reader = try LineReader(path: "-", context: context)
        // In each group of four lines, the first finishes only after the other three (other
        // workers take them; the wait gives up after 10 s, so a machine with one core, where
        // there is no other worker, does not hang).
        let gates = (0 ..< count / 4).map { _ in DispatchSemaphore(value: 0) }
        let finished = FinishOrder()
        let summary = try await BatchRunner.run(reader, context: context, workers: 4, window: 8) { line in
            let index = line.number - 1
            #expect(String(decoding: line.bytes, as: UTF8.self) == "line \(index)")
            if index % 4 == 0 {
                for _ in 0 ..< 3 { _ = gates[index / 4].wait(timeout: .now() + 10) }
            } else {
                gates[index / 4].signal()
            }
            finished.append(index)
            return BatchRunner.LineResult(bytes: Array("\(index)\n".utf8), failed: index % 5 == 0)
        }
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(finished.indices != Array(0 ..< count), "the lines finished out of order")
        }
        #expect(context.standardOutput == (0 ..< count).map { "\($0)\n" }.joined())
        #expect(summary.lineCount == count)
        #expect(summary.failedCount == 13)
        #expect(summary.firstFailedLines == [1, 6, 11, 16, 21, 26, 31, 36, 41, 46])
        #expect(summary.peakLinesHeld <= 8)
        #expect(summary.peakLinesHeld >= 4)
    }

    @Test("every option of plan applies in batch mode (all are read)")
    func batchReadsEveryOption() async throws {
        let path = try temporaryFile("fleet.jsonl", try FleetFixture.line(1) + "\n")
        let context = CommandContext(now: Date(timeIntervalSince1970: 1_795_914_000))
        let (failure, unread) = try await runWithEveryOption("plan", value: { option in
            switch option.name {
            case "batch": path
            case "format": "json"
            default: nil
            }
        }, context: context)
        #expect(failure == nil, "plan --batch failed with every option given: \(failure ?? "")")
        #expect(unread.isEmpty, "plan --batch never reads \(unread.sorted())")
        #expect(Self.outputLines(context.standardOutput).count == 1)
    }
}

/// The order in which lines finished, appended from several threads.
private final class FinishOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var order: [Int] = []

    func append(_ index: Int) {
        lock.lock()
        order.append(index)
        lock.unlock()
    }

    var indices: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }
}
