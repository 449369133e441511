import Foundation
import Testing
import ZhiXiTestSupport

/// `states` on the collections of issue 36 (Tests/Fixtures/Anki/sydney and berlin: several
/// presets, a deck with its own retention, both clock changes, a 02:00 rollover), without a
/// flag, from every export and the live file: each card under its own settings gives Anki's
/// memory states, `--preview` gives the buttons Anki shows, and an `.apkg` read on a machine in
/// another zone gives what Anki gives after importing it there.
@Suite("zhixi-review states: each card under its own settings, as Anki")
struct AnkiSettingsCommandTests {
    static let folder = BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/Anki")
    static let names = ["sydney", "berlin"]
    static let files = ["collection.anki2", "current.colpkg", "legacy.colpkg", "current.apkg", "legacy.apkg"]

    static func json(_ name: String, _ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent(file))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// What Anki computed for `file`: a package is read as Anki reads it after importing it on
    /// a machine in the import zone; the other files as the collection.
    static func expected(_ name: String, _ file: String) throws -> (memory: [String: Any], buttons: [String: Any], zone: String?) {
        let reference = try json(name, "reference.json")
        if file.hasSuffix(".apkg") {
            let imported = try #require(reference["apkgImport"] as? [String: Any])
            return (try #require(imported["memoryStates"] as? [String: Any]), try json(name, "apkg-buttons.json"), imported["zone"] as? String)
        }
        return (try #require(reference["memoryStates"] as? [String: Any]), try json(name, "buttons.json"), nil)
    }

    static func moment(_ name: String) throws -> String {
        let moment = try #require(try json(name, "reference.json")["moment"] as? [String: Any])
        let epoch = try #require((moment["epoch"] as? NSNumber)?.doubleValue)
        return ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: epoch))
    }

    /// `states` with `arguments` on a fixture, its JSON cards by id.
    static func states(_ name: String, _ file: String, _ arguments: [String], zone: String?) async throws -> [String: [String: Any]] {
        let path = folder.appendingPathComponent(name).appendingPathComponent(file).path
        let result = await run(["states", path, "--now", try moment(name), "--format", "json"] + arguments,
                               environment: zone.map { ["TZ": $0] } ?? [:])
        #expect(result.status == 0, "\(name) \(file): \(result.error)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        var byID: [String: [String: Any]] = [:]
        for card in cards { byID[try #require(card["cardId"] as? String)] = card }
        return byID
    }

    @Test("without flags, every card's stability and difficulty within 1e-3 of Anki's compute_memory_state, from every file",
          arguments: names, files)
    func memoryStates(_ name: String, _ file: String) async throws {
        let (anki, _, zone) = try Self.expected(name, file)
        let ours = try await Self.states(name, file, [], zone: zone)
        var compared = 0, largest = (stability: 0.0, difficulty: 0.0)
        for (id, value) in anki {
            guard let state = value as? [String: Any], let stability = (state["stability"] as? NSNumber)?.doubleValue,
                  let difficulty = (state["difficulty"] as? NSNumber)?.doubleValue else {
                #expect(ours[id]?["stability"] == nil || ours[id]?["stability"] is NSNull, "\(name) \(file): card \(id) has no state in Anki")
                continue
            }
            // Suspended cards are left out, as Anki leaves them out.
            guard let card = ours[id] else { continue }
            let mine = try #require((card["stability"] as? NSNumber)?.doubleValue)
            let mineD = try #require((card["difficulty"] as? NSNumber)?.doubleValue)
            largest = (max(largest.stability, abs(mine - stability)), max(largest.difficulty, abs(mineD - difficulty)))
            #expect(abs(mine - stability) <= 1e-3, "\(name) \(file): card \(id) stability \(mine), Anki \(stability)")
            #expect(abs(mineD - difficulty) <= 1e-3, "\(name) \(file): card \(id) difficulty \(mineD), Anki \(difficulty)")
            compared += 1
        }
        #expect(compared > 200, "\(name) \(file): \(compared) memory states")
        print("\(name) \(file): \(compared) memory states, largest differences \(largest)")
    }

    @Test("--deck and --preset narrow the cards and never change whose settings apply: the same states, Anki's searches' cards",
          arguments: names)
    func narrowing(_ name: String) async throws {
        let reference = try Self.json(name, "reference.json")
        let searches = try #require(reference["searches"] as? [String: [NSNumber]])
        let memory = try #require(reference["memoryStates"] as? [String: Any])
        let every = try await Self.states(name, "collection.anki2", [], zone: nil)
        for (option, value, search) in [("--deck", "Languages::French", "deck:\"Languages::French\" -is:suspended"),
                                        ("--preset", "Science", "preset:\"Science\" -is:suspended"),
                                        ("--deck", "Vocab", "deck:\"Vocab\" -is:suspended")] {
            let narrowed = try await Self.states(name, "collection.anki2", [option, value], zone: nil)
            let anki = Set(try #require(searches[search]).map { String($0.int64Value) }.filter { memory[$0] is [String: Any] })
            #expect(Set(narrowed.keys) == anki, "\(name) \(option) \(value)")
            for (id, card) in narrowed {
                #expect((card["stability"] as? NSNumber) == (every[id]?["stability"] as? NSNumber), "\(name) \(option) \(value): card \(id)")
                #expect((card["due"] as? String) == (every[id]?["due"] as? String), "\(name) \(option) \(value): card \(id) due")
            }
        }
    }

    @Test("--preview starts from the stored card: Anki's interval on Hard, Good and Easy for at least 95% of review cards, never outside Anki's range; Again and learning cards as Anki's steps say",
          arguments: names, ["collection.anki2", "current.apkg"])
    func preview(_ name: String, _ file: String) async throws {
        let (_, buttons, zone) = try Self.expected(name, file)
        let ours = try await Self.states(name, file, ["--preview"], zone: zone)
        let (exact, total, steps) = try Self.compare(ours, buttons, place: "\(name) \(file)", imported: file.hasSuffix(".apkg"))
        for button in ["hard", "good", "easy"] {
            #expect(total[button] ?? 0 > 150, "\(name) \(file) \(button): \(total[button] ?? 0) review cards")
        }
        #expect(steps >= 40, "\(name) \(file): \(steps) buttons of cards in learning or relearning")
        print("\(name) \(file): review cards with Anki's interval \(exact) of \(total); \(steps) buttons of (re)learning cards")
    }

    @Test("--preview on the single-preset reference collection: every button of every card is Anki's, summer and winter",
          arguments: ["summer", "winter"])
    func previewOfTheReferenceCollection(_ season: String) async throws {
        let fixtures = BuiltProducts.packageRoot.appendingPathComponent("Tests/ZhiXiSchedulerTests/Fixtures")
        let data = try Data(contentsOf: fixtures.appendingPathComponent("anki-buttons-reference-\(season).json"))
        let buttons = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let now = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: try #require((buttons["now"] as? NSNumber)?.doubleValue)))
        // The collection keeps the offset of its last session (summer); Anki ran in New York's winter then.
        let zone = season == "winter" ? ["--timezone", "America/New_York"] : []
        let result = await run(["states", Self.folder.appendingPathComponent("collection.anki2").path, "--now", now, "--format", "json",
                                "--preview"] + zone)
        #expect(result.status == 0, "\(result.error)")
        var ours: [String: [String: Any]] = [:]
        for card in try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]) {
            ours[try #require(card["cardId"] as? String)] = card
        }
        let (exact, total, steps) = try Self.compare(ours, buttons, place: "reference \(season)", imported: false)
        #expect(exact == total, "reference \(season): \(exact) of \(total)")
        print("reference \(season): review cards with Anki's interval \(exact) of \(total); \(steps) buttons of (re)learning cards")
    }

    /// Compares the preview of `ours` (states' JSON cards by id) with Anki's load-balanced buttons
    /// (an anki_buttons_reference.py file): the state and interval of Again and of every button of
    /// a card in learning or relearning must be Anki's (from an `imported` file, a graduating
    /// interval only within Anki's range: see below); Hard, Good and Easy of a review card within
    /// Anki's range, and Anki's on at least 95% of the cards. Returns the review cards' counts per
    /// button and the (re)learning buttons checked.
    static func compare(_ ours: [String: [String: Any]], _ buttons: [String: Any], place: String,
                        imported: Bool) throws -> (exact: [String: Int], total: [String: Int], steps: Int) {
        let nextDayAt = try #require((buttons["nextDayAt"] as? NSNumber)?.intValue)
        let now = try #require((buttons["now"] as? NSNumber)?.intValue)
        let untilNextDay = nextDayAt - now
        var exact: [String: Int] = [:], total: [String: Int] = [:], steps = 0
        for card in try #require(buttons["cards"] as? [[String: Any]]) {
            let id = String(try #require((card["id"] as? NSNumber)?.int64Value))
            guard let preview = ours[id]?["preview"] as? [String: [String: Any]] else { continue }
            let type = try #require((card["type"] as? NSNumber)?.intValue)
            let anki = try #require((card["buttons"] as? [String: Any])?["loadBalanced"] as? [String: [String: Any]])
            let ranges = card["allowedRanges"] as? [String: [NSNumber]]
            for button in ["again", "hard", "good", "easy"] {
                let mine = try #require(preview[button])
                let theirs = try #require(anki[button])
                let kind = try #require(theirs["kind"] as? String)
                let at = "\(place) card \(id) (type \(type)) \(button)"
                #expect(mine["state"] as? String == kind, "\(at): state")
                let days = (mine["intervalDays"] as? NSNumber)?.intValue, seconds = (mine["intervalSeconds"] as? NSNumber)?.intValue
                var expectedDays = (theirs["scheduledDays"] as? NSNumber)?.intValue, expectedSeconds: Int?
                if kind != "review", let secs = (theirs["scheduledSecs"] as? NSNumber)?.intValue {
                    if secs >= untilNextDay { expectedDays = (secs - untilNextDay) / 86_400 + 1 } else { expectedSeconds = secs }
                }
                let same = days == (expectedSeconds == nil ? expectedDays : nil) && seconds == expectedSeconds
                if type == 2, button != "again" {
                    total[button, default: 0] += 1
                    if same { exact[button, default: 0] += 1 }
                    if let range = ranges?[button], let days {
                        #expect(range[0].intValue ... range[1].intValue ~= days, "\(at): \(days) outside Anki's range \(range)")
                    }
                } else if imported, expectedSeconds == nil, button != "again", let range = ranges?[button], let days {
                    // A graduating interval, balanced over cards due in the next 99 days: Anki's
                    // balancer also counts new cards whose queue position falls in that span, and
                    // an import keeps new cards' positions while it moves the day numbers, so on
                    // an imported profile it may pick another day in the range.
                    #expect(range[0].intValue ... range[1].intValue ~= days, "\(at): \(days) outside Anki's range \(range)")
                    if type == 1 || type == 3 { steps += 1 }
                } else {
                    #expect(same, "\(at): \(String(describing: days ?? seconds)), Anki \(String(describing: expectedDays ?? expectedSeconds))")
                    if type == 1 || type == 3 { steps += 1 }
                }
            }
        }
        for button in ["hard", "good", "easy"] {
            let count = total[button] ?? 0
            #expect(Double(exact[button] ?? 0) >= 0.95 * Double(count), "\(place) \(button): \(exact[button] ?? 0) of \(count)")
        }
        return (exact, total, steps)
    }

    @Test("the stored columns are the collection's: due date, interval, reviews and memory", arguments: names)
    func storedColumns(_ name: String) async throws {
        let buttons = try Self.json(name, "buttons.json")
        let ours = try await Self.states(name, "collection.anki2", [], zone: nil)
        let today = try #require((buttons["today"] as? NSNumber)?.intValue)
        let nextDayAt = try #require((buttons["nextDayAt"] as? NSNumber)?.doubleValue)
        var checked = 0
        for card in try #require(buttons["cards"] as? [[String: Any]]) where (card["type"] as? NSNumber)?.intValue == 2 {
            let id = String(try #require((card["id"] as? NSNumber)?.int64Value))
            guard let stored = ours[id]?["stored"] as? [String: Any] else { continue }
            #expect((stored["intervalDays"] as? NSNumber)?.intValue == (card["interval"] as? NSNumber)?.intValue)
            #expect((stored["reviews"] as? NSNumber)?.intValue == (card["reps"] as? NSNumber)?.intValue)
            let stability = try #require((stored["stability"] as? NSNumber)?.doubleValue)
            let ankiStability = try #require((card["stability"] as? NSNumber)?.doubleValue)
            #expect(abs(stability - ankiStability) < 1e-3, "\(name): card \(id) stored stability")
            // A review card is due at the start of its day: the next day's start plus (due − today − 1) days.
            let originalDue = (card["originalDue"] as? NSNumber)?.intValue ?? 0
            let dueDay = try #require(originalDue == 0 ? (card["due"] as? NSNumber)?.intValue : originalDue)
            let dueText = try #require(stored["due"] as? String)
            let due = try #require(ISO8601DateFormatter().date(from: dueText))
            #expect(due.timeIntervalSince1970 == nextDayAt + Double(dueDay - today - 1) * 86_400, "\(name): card \(id) stored due")
            checked += 1
        }
        #expect(checked > 200, "\(name): \(checked) review cards")
    }

    @Test("the text lists each preset and what it gave, the deck with its own retention, and a flag's override")
    func text() async throws {
        let path = Self.folder.appendingPathComponent("sydney/collection.anki2").path
        let plain = await run("states", path, "--now", try Self.moment("sydney"))
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.output.contains("Each card under its own preset's settings:"))
        #expect(plain.output.contains("preset \"Default\""))
        #expect(plain.output.contains("preset \"Science\""))
        #expect(plain.output.contains("preset \"Vocab\""))
        #expect(plain.output.contains("desired retention 0.95 in deck \"Languages::French\" (its own,"))
        #expect(plain.output.contains("maximum interval 120 days"))
        #expect(plain.output.contains("reviews before 2026-03-13 (UTC) ignored"))
        #expect(plain.output.contains("next day starts at 2:00"))
        #expect(plain.output.contains("STORED DUE"))
        let flagged = await run("states", path, "--now", try Self.moment("sydney"), "--retention", "0.8")
        #expect(flagged.output.contains("desired retention 0.92 (its flag overrides it)"))
        #expect(!flagged.output.contains("in deck \"Languages::French\" (its own"))
    }

    @Test("an .apkg keeps no offset: its days are the machine's zone's (TZ) and Anki's rollover, said in one line; --timezone overrides")
    func packageZone() async throws {
        let path = Self.folder.appendingPathComponent("sydney/current.apkg").path
        let machine = await run(["states", path, "--now", try Self.moment("sydney")], environment: ["TZ": "Europe/Berlin", "LANG": "en_US.UTF-8"])
        #expect(machine.status == 0, "\(machine.error)")
        #expect(machine.output.contains("days in Europe/Berlin, this machine's time zone"))
        #expect(machine.output.contains("The file keeps no UTC offset (an .apkg does not)"))
        #expect(machine.output.contains("next day starts at 4:00"))
        let given = await run(["states", path, "--now", try Self.moment("sydney"), "--timezone", "Australia/Sydney"],
                              environment: ["TZ": "Europe/Berlin", "LANG": "en_US.UTF-8"])
        #expect(!given.output.contains("The file keeps no UTC offset"))
    }
}
