import Foundation
import Testing
import ZhiXiAnki

/// The collections Anki's own library wrote (Benchmarks/compare/anki/make_reader_fixtures.py),
/// read here and compared with what Anki's API said each holds (FIXTURE.expected.json).
@Suite struct AnkiFixtureTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    /// The fixtures: the live profile file (with its write-ahead log) and the four packages.
    static let livePath = fixtures.appendingPathComponent("live/collection.anki2").path

    static func expected(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name + ".expected.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
    static func integer(_ value: Any?) -> Int64? { (value as? NSNumber)?.int64Value }
    static func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap(number) }

    /// Compares a collection read by ZhiXiAnki with Anki's dump of the same file.
    static func compare(_ collection: AnkiCollection, with expected: [String: Any]) {
        #expect(collection.schemaVersion == Int(integer(expected["schemaVersion"]) ?? -1))
        #expect(collection.creationSeconds == integer(expected["creationTime"]))
        #expect(collection.settings.rolloverHour == Int(integer(expected["rolloverHour"]) ?? -1))
        #expect(collection.settings.creationOffsetMinutesWest.map(Int64.init) == integer(expected["creationOffsetMinutesWest"]))
        #expect(collection.settings.localOffsetMinutesWest.map(Int64.init) == integer(expected["localOffsetMinutesWest"]))
        #expect(collection.settings.fsrsEnabled == (expected["fsrs"] as? Bool))
        #expect(collection.settings.loadBalancerEnabled == (expected["loadBalancer"] as? Bool))

        let decks = expected["decks"] as! [[String: Any]]
        #expect(collection.decks.map(\.id) == decks.compactMap { integer($0["id"]) })
        for (deck, want) in zip(collection.decks, decks) {
            #expect(deck.name == want["name"] as? String)
            #expect(deck.isFiltered == want["filtered"] as? Bool)
            #expect(deck.presetID == integer(want["presetId"]))
            #expect(deck.reschedules == want["reschedules"] as? Bool)
        }
        let presets = expected["presets"] as! [[String: Any]]
        #expect(collection.presets.map(\.id) == presets.compactMap { integer($0["id"]) })
        for (preset, want) in zip(collection.presets, presets) {
            #expect(preset.name == want["name"] as? String)
            #expect(preset.fsrsParameters6 == numbers(want["fsrsParameters6"]))
            #expect(preset.fsrsParameters5 == numbers(want["fsrsParameters5"]))
            #expect(preset.fsrsParameters4 == numbers(want["fsrsParameters4"]))
            #expect(preset.desiredRetention == number(want["desiredRetention"]))
            #expect(preset.learningStepsMinutes == numbers(want["learningStepsMinutes"]))
            #expect(preset.relearningStepsMinutes == numbers(want["relearningStepsMinutes"]))
            #expect(Int64(preset.maximumIntervalDays) == integer(want["maximumIntervalDays"]))
            #expect(Int64(preset.newCardsPerDay) == integer(want["newPerDay"]))
            #expect(Int64(preset.reviewsPerDay) == integer(want["reviewsPerDay"]))
            #expect(preset.ignoreReviewsBefore == want["ignoreReviewsBefore"] as? String)
            // Anki fills seven 1.0s for a preset without easy days; the file may keep none.
            let easy = numbers(want["easyDaysPercentages"])
            #expect(preset.easyDaysPercentages == easy || (preset.easyDaysPercentages.isEmpty && easy.allSatisfy { $0 == 1 }))
        }
        let cards = expected["cards"] as! [[String: Any]]
        #expect(collection.cards.map(\.id) == cards.compactMap { integer($0["id"]) })
        for (card, want) in zip(collection.cards, cards) {
            #expect(card.noteID == integer(want["noteId"]))
            #expect(card.deckID == integer(want["deckId"]))
            #expect(card.originalDeckID == integer(want["originalDeckId"]))
            #expect(Int64(card.type) == integer(want["type"]))
            #expect(Int64(card.queue) == integer(want["queue"]))
            #expect(card.due == integer(want["due"]))
            #expect(card.originalDue == integer(want["originalDue"]))
            #expect(card.intervalDays == integer(want["intervalDays"]))
            #expect(card.easeFactor == integer(want["easeFactor"]))
            #expect(card.reps == integer(want["reps"]))
            #expect(card.lapses == integer(want["lapses"]))
            #expect(card.left == integer(want["left"]))
            func close(_ mine: Double?, _ theirs: Any?) -> Bool {
                switch (mine, number(theirs)) {
                case (nil, nil): true
                case let (a?, b?): abs(a - b) <= 1e-4 * max(1, abs(b))
                default: false
                }
            }
            #expect(close(card.stability, want["stability"]), "card \(card.id) stability")
            #expect(close(card.difficulty, want["difficulty"]), "card \(card.id) difficulty")
            #expect(close(card.desiredRetention, want["desiredRetention"]), "card \(card.id) desired retention")
            #expect(card.lastReviewSeconds == integer(want["lastReviewTime"]))
        }
        #expect(collection.noteIDs == (expected["noteIds"] as! [Any]).compactMap(integer))
        let revlog = (expected["revlog"] as! [[Any]]).map { $0.compactMap(integer) }
        #expect(collection.revlog.count == revlog.count)
        for (entry, want) in zip(collection.revlog, revlog) {
            #expect([entry.id, entry.cardID, Int64(entry.usn), Int64(entry.button), Int64(entry.interval), Int64(entry.lastInterval),
                     Int64(entry.factor), Int64(entry.durationMilliseconds), Int64(entry.kind)] == want)
        }
    }

    @Test func theLiveProfileFileWithItsWriteAheadLog() throws {
        let directory = Self.fixtures.appendingPathComponent("live")
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let collection = try AnkiFile.open(path: Self.livePath)
        Self.compare(collection, with: try Self.expected("live"))
        #expect(collection.source.contains("write-ahead log"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
    }

    @Test func theMainFileAloneIsAnOlderCommittedState() throws {
        // Without its log the file is the state of the last checkpoint, before the card was
        // suspended and the review-ahead deck made (the log holds those last changes).
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.livePath)))
        let older = try AnkiFile.open(bytes: bytes, name: "collection.anki2")
        let live = try AnkiFile.open(path: Self.livePath)
        #expect(live.cards.contains { $0.isSuspended })
        #expect(!older.cards.contains { $0.isSuspended })
        #expect(older.decks.count < live.decks.count)
    }

    static func openPackage(_ path: String) throws -> AnkiCollection {
        try AnkiFile.open(path: path)
    }

    @Test(arguments: ["collection-current.colpkg", "collection-legacy.colpkg", "decks-current.apkg", "decks-legacy.apkg"])
    func thePackagesEachWay(_ name: String) throws {
        let collection = try Self.openPackage(Self.fixtures.appendingPathComponent(name).path)
        Self.compare(collection, with: try Self.expected(name))
        let inner = name.hasSuffix("legacy.colpkg") || name.hasSuffix("legacy.apkg") ? "collection.anki21" : "collection.anki21b"
        #expect(collection.source == "\(inner) in \(Self.fixtures.appendingPathComponent(name).path)")
    }
}
