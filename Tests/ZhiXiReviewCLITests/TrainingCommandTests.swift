import Foundation
import Testing
import ZhiXiReviewCLI

/// A small review log: 60 cards learned over 20 days and reviewed at growing intervals,
/// every fifth review forgotten.
private func syntheticLog(badRowAfter: Int? = nil) -> String {
    var lines = ["card_id,review_time,review_rating"]
    for card in 0..<60 {
        var day = card % 20
        var interval = 1
        for review in 0..<6 {
            let rating = review == 0 ? (card % 3 == 0 ? 1 : 3) : ((card + review) % 5 == 0 ? 1 : 3)
            lines.append("\(1000 + card),\(1_700_000_000_000 + Int64(day) * 86_400_000 + Int64(card) * 1000),\(rating)")
            if let badRowAfter, lines.count == badRowAfter { lines.append("\(1000 + card),yesterday,3") }
            day += interval
            interval = rating == 1 ? 1 : interval * 2 + card % 3
        }
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("zhixi-review optimize and evaluate")
struct TrainingCommandTests {
    @Test("optimize ends standard output with the 21 parameters, writes the same array with --out, and plan reads it")
    func optimize() async throws {
        let log = try temporaryFile("log.csv", syntheticLog())
        let out = try temporaryFolder().appendingPathComponent("params.json").path
        let result = await run("optimize", log, "--out", out, "--seed", "7")
        #expect(result.status == 0, "\(result.error)")
        let lastLine = try #require(result.output.split(separator: "\n").last)
        let weights = try #require(try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [Double])
        #expect(weights.count == 21)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == lastLine + "\n")
        #expect(result.output.contains("training items, unweighted: FSRS-6 defaults"))
        #expect(result.error.contains("epoch 5/5"))
        let again = await run("optimize", log, "--seed", "7")
        #expect(again.output.split(separator: "\n").last == lastLine)
        let plan = await run("plan", packageRoot.appendingPathComponent("data/sample-workspace.json").path, "--params", out,
                             "--format", "json")
        #expect(plan.status == 0, "\(plan.error)")
    }

    @Test("a row that cannot be read fails with its line and exit 65; --skip-bad-rows skips and reports it")
    func badRows() async throws {
        let log = try temporaryFile("log.csv", syntheticLog(badRowAfter: 40))
        let failed = await run("optimize", log)
        #expect(failed.status == 65)
        #expect(failed.error.contains("line 41, column review_time: \"yesterday\""))
        let skipped = await run("evaluate", log, "--skip-bad-rows", "--splits", "3")
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(skipped.error.contains("skipped 1 row(s)"))
    }

    @Test("too little data gives the defaults and says so")
    func tooLittleData() async throws {
        let log = try temporaryFile("log.csv", "card_id,review_time,review_rating\n1,1700000000000,3\n1,1700300000000,3\n")
        let result = await run("optimize", log)
        #expect(result.status == 0)
        #expect(result.error.contains("too little data"))
        #expect(result.output.split(separator: "\n").last.map(String.init)
                == "[0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]")
    }

    @Test("evaluate: JSON figures for the fitted and default parameters, folds, and a predictions file")
    func evaluate() async throws {
        let log = try temporaryFile("log.csv", syntheticLog())
        let predictions = try temporaryFolder().appendingPathComponent("predictions.csv").path
        let result = await run("evaluate", log, "--format", "json", "--splits", "3", "--predictions", predictions)
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["items", "splits", "candidate", "defaults", "folds", "verdict"])
        let folds = try #require(object["folds"] as? [[String: Any]])
        #expect(folds.count == 2)
        let candidate = try #require(object["candidate"] as? [String: Any])
        #expect((candidate["logLoss"] as? Double ?? 0) > 0)
        let rows = try String(contentsOfFile: predictions, encoding: .utf8).split(separator: "\n")
        // Issue 18 added the weight column, so that the table can be recomputed from the file.
        #expect(rows.first == "card_id,review_time,fold,elapsed_days,rating,recalled,predicted_recall,default_recall,weight")
        let scored = folds.reduce(0) { $0 + ($1["testItems"] as? Int ?? 0) }
        #expect(rows.count == scored + 1)
    }

    @Test("a workspace is read as the planner's review histories")
    func workspace() async throws {
        let result = await run("optimize", packageRoot.appendingPathComponent("data/sample-workspace.json").path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("lessons and"))
        #expect(result.output.split(separator: "\n").last?.hasPrefix("[") == true)
    }
}
