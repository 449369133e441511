import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiAnki

/// The 300-card reference collection that Anki's scheduler wrote over 150 days
/// (Tests/Fixtures/Anki, Benchmarks/compare/anki/run.sh), read here and compared with what
/// Anki's API said it holds (reference.json): settings, presets, decks, every card and every
/// revlog row, also of deleted cards.
@Suite struct ReferenceCollectionTests {
    static let folder = BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/Anki")

    static func reference() throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("reference.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    static func compare(_ collection: AnkiCollection, _ reference: [String: Any], collectionSettingsKept: Bool = true,
                        deletedKept: Bool = true) throws {
        let settings = reference["collection"] as! [String: Any]
        #expect(collection.creationSeconds == (settings["crt"] as? NSNumber)?.int64Value)
        #expect(collection.settings.creationOffsetMinutesWest == (settings["creationOffset"] as? NSNumber)?.intValue)
        if collectionSettingsKept {
            #expect(collection.settings.rolloverHour == (settings["rollover"] as? NSNumber)?.intValue)
            #expect(collection.settings.fsrsEnabled == settings["fsrs"] as? Bool)
        }

        let presets = reference["presets"] as! [String: [String: Any]]
        for (name, want) in presets {
            let preset = try #require(collection.presets.first { $0.name == name }, "preset \(name)")
            #expect(preset.id == (want["id"] as? NSNumber)?.int64Value)
            #expect(preset.fsrsParameters == (want["fsrsParameters"] as? [NSNumber] ?? []).map(\.doubleValue))
            #expect(preset.desiredRetention == (want["desiredRetention"] as? NSNumber)?.doubleValue)
            #expect(preset.learningStepsMinutes == (want["learningStepsMinutes"] as? [NSNumber] ?? []).map(\.doubleValue))
            #expect(preset.relearningStepsMinutes == (want["relearningStepsMinutes"] as? [NSNumber] ?? []).map(\.doubleValue))
            #expect(preset.maximumIntervalDays == (want["maximumIntervalDays"] as? NSNumber)?.intValue)
            #expect(preset.ignoreReviewsBefore == want["ignoreRevlogsBeforeDate"] as? String)
        }
        let decks = reference["decks"] as! [String: [String: Any]]
        for (id, want) in decks {
            let deck = try #require(collection.deck(id: Int64(id)!), "deck \(id)")
            #expect(deck.name == want["name"] as? String)
            #expect(deck.isFiltered == want["filtered"] as? Bool)
            if let presetName = want["preset"] as? String {
                #expect(deck.presetID.flatMap { collection.preset(id: $0) }?.name == presetName)
            }
        }
        let cards = reference["cards"] as! [String: [String: Any]]
        #expect(collection.cards.count == cards.count)
        var rows: [Int64: [[Int64]]] = [:]
        for entry in collection.revlog {
            rows[entry.cardID, default: []].append([entry.id, Int64(entry.button), Int64(entry.interval), Int64(entry.lastInterval),
                                                    Int64(entry.factor), Int64(entry.durationMilliseconds), Int64(entry.kind)])
        }
        func integers(_ value: Any?) -> [[Int64]] { (value as? [[NSNumber]] ?? []).map { $0.map(\.int64Value) } }
        for card in collection.cards {
            let want = try #require(cards[String(card.id)], "card \(card.id)")
            #expect(card.noteID == (want["note"] as? NSNumber)?.int64Value)
            #expect(card.deckID == (want["deck"] as? NSNumber)?.int64Value)
            #expect(card.originalDeckID == (want["originalDeck"] as? NSNumber)?.int64Value)
            #expect(Int(card.queue) == (want["queue"] as? NSNumber)?.intValue)
            #expect(Int(card.type) == (want["type"] as? NSNumber)?.intValue)
            #expect(card.intervalDays == (want["interval"] as? NSNumber)?.int64Value)
            #expect(card.easeFactor == (want["factor"] as? NSNumber)?.int64Value)
            #expect(card.due == (want["due"] as? NSNumber)?.int64Value)
            #expect(card.originalDue == (want["originalDue"] as? NSNumber)?.int64Value)
            #expect(rows[card.id] ?? [] == integers(want["revlog"]), "card \(card.id) revlog")
        }
        let deleted = reference["revlogOfDeletedCards"] as! [String: Any]
        for (id, want) in deleted where deletedKept {
            #expect(rows[Int64(id)!] ?? [] == integers(want), "deleted card \(id) revlog")
        }
    }

    @Test func theLiveProfileFile() throws {
        let path = Self.folder.appendingPathComponent("collection.anki2").path
        try Self.compare(try AnkiFile.open(path: path), try Self.reference())
    }

    @Test(arguments: ["current.colpkg", "legacy.colpkg", "current.apkg", "legacy.apkg"])
    func thePackages(_ name: String) throws {
        let collection = try AnkiFixtureTests.openPackage(Self.folder.appendingPathComponent(name).path)
        // A deck package keeps none of the collection's settings (no rollover hour, no FSRS
        // switch: Anki's defaults stand in), and no card of a deleted note's revlog either.
        try Self.compare(collection, try Self.reference(), collectionSettingsKept: name.hasSuffix(".colpkg"), deletedKept: name.hasSuffix(".colpkg"))
    }
}
