import Foundation
import Testing
import ZhiXiTestSupport

/// The commands that read a review log take an Anki file as they take a CSV (issue 26): the
/// live collection Anki wrote (Tests/ZhiXiAnkiTests/Fixtures), --deck and --preset, the
/// preset's settings, exit statuses for damaged and foreign files.
@Suite("zhixi-review reads Anki files")
struct AnkiCommandTests {
    static let live = BuiltProducts.packageRoot.appendingPathComponent("Tests/ZhiXiAnkiTests/Fixtures/live/collection.anki2").path

    @Test("states reads a live collection with its log, the preset's settings and says which")
    func statesOfALiveCollection() async throws {
        let result = await run("states", Self.live, "--preset", "Intense", "--retention", "0.8", "--now", "2025-03-13T12:00:00Z")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("8 cards with 54 review-log rows, the decks of preset \"Intense\""))
        #expect(result.output.contains("Left out, as Anki leaves them out: 1 suspended card(s)"))
        #expect(result.output.contains("learning steps 2m,15m,1h, relearning steps 5m, maximum interval 180 days"))
        #expect(result.output.contains("desired retention 0.85 (its flag overrides it)"))
        #expect(result.output.contains("next day starts at 5:00"))
        let json = await run("states", Self.live, "--deck", "languages::spanish", "--format", "json")
        #expect(json.status == 0)
        let cards = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(cards?.isEmpty == false)
    }

    @Test("optimize and evaluate read the preset's cards; evaluate scores the preset's parameters")
    func trainingCommands() async {
        let optimize = await run("optimize", Self.live, "--preset", "Default")
        #expect(optimize.status == 0, "\(optimize.error)")
        #expect(optimize.output.contains("the decks of preset \"Default\""))
        #expect(optimize.output.split(separator: "\n").last?.hasPrefix("[") == true)
        let evaluate = await run("evaluate", Self.live, "--preset", "Default", "--splits", "1")
        #expect(evaluate.status == 0, "\(evaluate.error)")
        #expect(evaluate.output.contains("the decks of preset \"Default\""))
        // "Intense" ignores reviews before 2025-03-02, and every card of it was learned before:
        // as in Anki, nothing is left to train or score on.
        let ignored = await run("evaluate", Self.live, "--preset", "Intense", "--splits", "1")
        #expect(ignored.status == 65)
        #expect(ignored.error.contains("learned before the cutoff") && ignored.error.contains("no items to score"))
    }

    @Test("wrong names, wrong options and damaged files give 64 and 65; standard input is read alike")
    func failures() async throws {
        #expect(await run("states", Self.live, "--deck", "Nope").status == 64)
        #expect(await run("states", Self.live, "--deck", "Science", "--preset", "Default").status == 64)
        let csv = try temporaryFile("log.csv", "card_id,review_time,review_rating\n1,2026-11-01T10:00:00Z,3\n")
        #expect(await run("states", csv, "--preset", "Default").status == 64)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.live))
        let folder = try temporaryFolder()
        let truncated = folder.appendingPathComponent("collection.anki2")
        try bytes.prefix(bytes.count / 3).write(to: truncated)
        let damaged = await run("states", truncated.path)
        #expect(damaged.status == 65, "\(damaged.error)")
        #expect(damaged.error.contains(truncated.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["collection.anki2"])
        let piped = await run(["states", "-", "--format", "csv"], standardInput: bytes)
        #expect(piped.status == 0, "\(piped.error)")
        #expect(await run(["states", "-"], standardInput: bytes.prefix(5000)).status == 65)
    }

    /// The reference collection Anki 26.9.3 wrote over 150 days (Tests/Fixtures/Anki) and its
    /// exports, with what Anki's `compute_memory_state` gave at a summer and a winter moment.
    static let referenceFolder = BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/Anki")

    @Test("states on the collection and on each of its exports gives Anki's own memory states, preset by preset, summer and winter",
          arguments: ["collection.anki2", "current.colpkg", "legacy.colpkg", "current.apkg", "legacy.apkg"])
    func ankisMemoryStatesFromEveryFile(_ file: String) async throws {
        let data = try Data(contentsOf: Self.referenceFolder.appendingPathComponent("reference.json"))
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let moments = try #require(reference["moments"] as? [String: [String: Any]])
        let path = Self.referenceFolder.appendingPathComponent(file).path
        var compared = 0
        for (name, moment) in moments.sorted(by: { $0.key < $1.key }) {
            let epoch = try #require((moment["epoch"] as? NSNumber)?.doubleValue)
            let now = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: epoch))
            let anki = try #require(moment["memoryStates"] as? [String: Any])
            var ours: [String: (stability: Double, difficulty: Double)] = [:]
            for preset in ["Languages", "Science"] {
                // Days as Anki counts them at that moment, at the offset New York had then.
                let result = await run("states", path, "--preset", preset, "--elapsed", "anki", "--now", now,
                                       "--timezone", "America/New_York", "--format", "csv")
                #expect(result.status == 0, "\(file) \(name) \(preset): \(result.error)")
                for line in result.output.split(separator: "\n").dropFirst() {
                    let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    guard fields.count >= 6, let stability = Double(fields[4]), let difficulty = Double(fields[5]) else { continue }
                    ours[fields[0]] = (stability, difficulty)
                }
            }
            for (id, value) in anki {
                guard let state = value as? [String: Any], let stability = (state["stability"] as? NSNumber)?.doubleValue,
                      let difficulty = (state["difficulty"] as? NSNumber)?.doubleValue else {
                    #expect(ours[id] == nil, "\(file) \(name): card \(id) has no memory state in Anki, \(String(describing: ours[id])) here")
                    continue
                }
                // A suspended card is left out of a command's cards, as Anki leaves it out of its.
                guard let mine = ours[id] else { continue }
                #expect(abs(mine.stability - stability) <= 1e-3, "\(file) \(name): card \(id) stability \(mine.stability), Anki \(stability)")
                #expect(abs(mine.difficulty - difficulty) <= 1e-3, "\(file) \(name): card \(id) difficulty \(mine.difficulty), Anki \(difficulty)")
                compared += 1
            }
        }
        #expect(compared > 500, "\(file): \(compared) memory states compared over both moments")
    }
}
