import Foundation
import Testing
import ZhiXiAnki
import ZhiXiTestSupport

/// The collections of issue 36 (Tests/Fixtures/Anki/sydney and berlin, written by Anki 26.9.3's
/// scheduler: several presets, a deck with its own retention, both clock changes), every export
/// and the live file with its write-ahead log: each card's settings as Anki resolves them, and
/// `--deck` / `--preset` as Anki's searches.
@Suite struct SettingsCollectionTests {
    static let folder = BuiltProducts.packageRoot.appendingPathComponent("Tests/Fixtures/Anki")
    static let names = ["sydney", "berlin"]
    static let files = ["collection.anki2", "current.colpkg", "legacy.colpkg", "current.apkg", "legacy.apkg"]

    static func reference(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent("reference.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func open(_ name: String, _ file: String) throws -> AnkiCollection {
        let path = folder.appendingPathComponent(name).appendingPathComponent(file).path
        return try AnkiFile.open(path: path, name: file)
    }

    @Test("--deck and --preset choose the cards Anki's searches find, from every file", arguments: names)
    func searches(_ name: String) throws {
        let reference = try Self.reference(name)
        let searches = try #require(reference["searches"] as? [String: [NSNumber]])
        for file in Self.files {
            let collection = try Self.open(name, file)
            var compared = 0
            for (search, ids) in searches {
                let scope: AnkiSelection.Scope
                if search == "-is:suspended" {
                    scope = .everyDeck
                } else if search.hasPrefix("deck:\"") {
                    scope = .deck(String(search.dropFirst(6).prefix { $0 != "\"" }))
                } else {
                    scope = .preset(String(search.dropFirst(8).prefix { $0 != "\"" }))
                }
                // An .apkg may leave out an empty deck and a filtered one (its cards go home).
                guard let selection = try? AnkiSelection(collection, scope: scope) else {
                    #expect(file.hasSuffix(".apkg"), "\(name) \(file): \(search) not found")
                    continue
                }
                #expect(selection.cards.map(\.id) == ids.map(\.int64Value).sorted(), "\(name) \(file): \(search)")
                compared += 1
            }
            #expect(compared >= 10, "\(name) \(file): \(compared) searches")
        }
    }

    @Test("each card's preset, and its deck's own retention where the deck has one, as Anki resolves them", arguments: names)
    func cardSettings(_ name: String) throws {
        let reference = try Self.reference(name)
        let presets = try #require(reference["presets"] as? [String: [String: Any]])
        let decks = try #require(reference["decks"] as? [String: [String: Any]])
        for file in Self.files {
            let collection = try Self.open(name, file)
            let selection = try AnkiSelection(collection)
            var ownRetention = 0
            for (card, settings) in zip(selection.cards, selection.cardSettings) {
                let home = try #require(collection.deck(id: card.homeDeckID))
                let deck = try #require(decks[home.name], "\(name) \(file): deck \(home.name)")
                let presetName = try #require(deck["preset"] as? String)
                let preset = try #require(presets[presetName])
                #expect(settings.preset.name == deck["preset"] as? String)
                #expect(settings.fsrsParameters == (preset["parameters"] as? [NSNumber] ?? []).map(\.doubleValue),
                        "\(name) \(file): card \(card.id)")
                #expect(settings.preset.historicalRetention == (preset["historicalRetention"] as? NSNumber)?.doubleValue)
                #expect(settings.preset.buriesReviews == preset["buryReviews"] as? Bool)
                #expect(settings.preset.easyDaysPercentages == (preset["easyDaysPercentages"] as? [NSNumber] ?? []).map(\.doubleValue))
                if let own = (deck["desiredRetention"] as? NSNumber)?.doubleValue {
                    #expect(settings.desiredRetention == own && settings.retentionSource == .deck, "\(name) \(file): card \(card.id)")
                    ownRetention += 1
                } else {
                    #expect(settings.desiredRetention == (preset["desiredRetention"] as? NSNumber)?.doubleValue
                            && settings.retentionSource == .preset, "\(name) \(file): card \(card.id)")
                }
            }
            #expect(ownRetention > 40, "\(name) \(file): \(ownRetention) cards with their deck's own retention")
            let french = try #require(collection.decks.first { $0.name == "Languages::French" })
            #expect(french.desiredRetention == 0.95)
            #expect(collection.decks.first { $0.name == "Languages::French::Verbs" }?.desiredRetention == nil, "a subdeck keeps its own")
        }
    }

    @Test("flags override every card's setting and say so; --preset never changes whose settings apply", arguments: names)
    func overrides(_ name: String) throws {
        let collection = try Self.open(name, "collection.anki2")
        let everyDeck = try AnkiSelection(collection)
        let french = try AnkiSelection(collection, scope: .deck("Languages::French"))
        for (card, settings) in zip(french.cards, french.cardSettings) {
            #expect(everyDeck.cardSettings[everyDeck.cards.firstIndex(of: card)!] == settings)
        }
        let flagged = collection.settings(of: french.cards[0], overrides: AnkiSettingOverrides(desiredRetention: 0.8, maximumIntervalDays: 30))
        #expect(flagged.desiredRetention == 0.8 && flagged.retentionSource == .flag && flagged.maximumIntervalDays == 30)
        #expect(flagged.overridden == [.retention, .maximumInterval])
    }

    @Test("Anki's day number at the moment, from the collection's creation and the offset of the moment", arguments: names)
    func schedulerDay(_ name: String) throws {
        let reference = try Self.reference(name)
        let moment = try #require(reference["moment"] as? [String: Any])
        let epoch = try #require((moment["epoch"] as? NSNumber)?.int64Value)
        let zoneName = try #require(reference["zone"] as? String)
        let zone = try #require(TimeZone(identifier: zoneName))
        for file in ["collection.anki2", "current.colpkg", "legacy.colpkg"] {
            let collection = try Self.open(name, file)
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(epoch)))
            #expect(collection.schedulerDay(atSeconds: epoch, utcOffsetSeconds: offset) == (moment["today"] as? NSNumber)?.intValue)
            #expect(collection.settings.rolloverHour == (reference["rollover"] as? NSNumber)?.intValue)
            #expect(collection.settings.localOffsetMinutesWest.map { -$0 * 60 } == offset, "\(file): the offset Anki last saw")
        }
        for file in ["current.apkg", "legacy.apkg"] {
            let collection = try Self.open(name, file)
            #expect(collection.settings.localOffsetMinutesWest == nil, "\(file) keeps no offset")
            #expect(collection.settings.rolloverHour == 4, "\(file) keeps no rollover: Anki's default")
        }
    }
}
