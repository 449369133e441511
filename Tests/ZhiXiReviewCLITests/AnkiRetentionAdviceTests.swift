import Foundation
import Testing

/// `simulate --revlog COLLECTION`: Anki's own optimal retention beside ours, as Anki 26.9.3
/// answered it for the reference collection (Tests/Fixtures/Anki/optimal-retention.json).
@Suite("zhixi-review simulate: Anki's optimal retention beside ours")
struct AnkiRetentionAdviceTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/Anki")

    @Test("every preset of the reference collection: Anki's answer to the digit, named by what it minimises, in JSON and text")
    func referenceCollection() async throws {
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent(
            "optimal-retention.json"))) as? [String: Any])
        let presets = try #require(answers["presets"] as? [String: [String: Any]])
        #expect(presets.count == 2)
        let collection = Self.fixtures.appendingPathComponent("collection.anki2").path
        for (preset, figures) in presets {
            let anki = try #require(figures["anki"] as? Double)
            let json = await run("simulate", "--revlog", collection, "--preset", preset, "--format", "json")
            #expect(json.status == 0, "\(json.error)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let ours = try #require(report["ankiOptimalRetention"] as? [String: Any])
            #expect(abs((ours["retention"] as? Double ?? 0) - anki) < 1e-6, "\(preset): \(ours)")
            #expect((ours["criterion"] as? String)?.hasPrefix("secondsPerCardMemorizedAtEnd") == true)
            #expect(ours["carriedRetention"] as? Double == figures["desiredRetention"] as? Double)
            #expect(ours["sampleSize"] as? Int == 16 && ours["converged"] as? Bool == true)
            let costs = try #require(ours["secondsPerMemorized"] as? [Double])
            #expect(costs.count == 7 && Set(costs).count == 1, "the objective is the same at every retention tried")
            let text = await run("simulate", "--revlog", collection, "--preset", preset, "--lang", "en")
            #expect(text.output.contains("Anki's optimal retention for this preset: 0.94 (its compute_optimal_retention: the fewest seconds "
                                         + "of study per card memorized at the end"))
            let chinese = await run("simulate", "--revlog", collection, "--preset", preset, "--lang", "zh")
            #expect(chinese.output.contains("Anki 对这个预设的最佳期望保持率：0.94"))
        }
        // Not for a CSV: its log has no preset and no desired retention of Anki's.
        let csv = try temporaryFile("log.csv", "card_id,review_time,review_rating\n1,1700000000000,3\n1,1700086400000,3\n")
        let plain = await run("simulate", "--revlog", csv, "--format", "json", "--days", "30")
        #expect(plain.status == 0, "\(plain.error)")
        #expect(!plain.output.contains("ankiOptimalRetention"))
    }
}
