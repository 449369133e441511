import Foundation
import Testing
import ZhiXiTestSupport
import ZhiXiAnki

/// Schema 11, the legacy layout of "Support older Anki versions" exports: decks, presets and
/// settings as JSON in the `col` row.
@Suite struct LegacySchemaTests {
    @Test func readsDecksPresetsAndSettingsFromTheColumnsJSON() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-schema11")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki21").path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection(schema: 11)
        let conf = #"{"rollover": 3, "creationOffset": 300, "localOffset": 240, "fsrs": true, "loadBalancerEnabled": false, "collapseTime": 600}"#
        let decks = #"""
        {"1": {"id": 1, "name": "Default", "conf": 1, "dyn": 0},
         "1700000000001": {"id": 1700000000001, "name": "Languages::Spanish", "conf": 1700000000000, "dyn": 0},
         "1700000000002": {"id": 1700000000002, "name": "Cram", "dyn": 1, "resched": false}}
        """#
        let presets = #"""
        {"1": {"id": 1, "name": "Default", "new": {"delays": [1, 10], "perDay": 20}, "lapse": {"delays": [10]},
               "rev": {"perDay": 200, "maxIvl": 36500}},
         "1700000000000": {"id": 1700000000000, "name": "Intense", "new": {"delays": [2.5, 15], "perDay": 7},
               "lapse": {"delays": []}, "rev": {"perDay": 150, "maxIvl": 180}, "desiredRetention": 0.85,
               "fsrsParams5": [0.4, 0.9, 2.3, 10.9, 4.9, 0.9, 0.9, 0.01, 1.5, 0.1, 0.9, 2.0, 0.1, 0.3, 2.3, 0.2, 2.9, 0.5, 0.7],
               "ignoreRevlogsBeforeDate": "2024-01-31", "easyDaysPercentages": [1, 1, 1, 1, 1, 0.5, 0]}}
        """#
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        try database.execute("UPDATE col SET conf = \(quoted(conf)), decks = \(quoted(decks)), dconf = \(quoted(presets))")
        try database.execute("DROP TABLE decks; DROP TABLE deck_config; DROP TABLE config")
        database.close()

        let collection = try AnkiFile.open(path: path)
        #expect(collection.schemaVersion == 11)
        #expect(collection.settings == AnkiCollectionSettings(rolloverHour: 3, creationOffsetMinutesWest: 300, localOffsetMinutesWest: 240,
                                                               fsrsEnabled: true, loadBalancerEnabled: false, learnAheadSeconds: 600))
        #expect(collection.decks.map(\.name) == ["Default", "Languages::Spanish", "Cram"])
        #expect(collection.decks[2].isFiltered && collection.decks[2].reschedules == false && collection.decks[2].presetID == nil)
        let intense = try #require(collection.preset(id: 1_700_000_000_000))
        #expect(intense.learningStepsMinutes == [2.5, 15] && intense.relearningStepsMinutes.isEmpty)
        #expect(intense.maximumIntervalDays == 180 && intense.newCardsPerDay == 7 && intense.reviewsPerDay == 150)
        #expect(intense.desiredRetention == 0.85)
        #expect(intense.fsrsParameters6.isEmpty && intense.fsrsParameters.count == 19, "FSRS-5's kept when there are no FSRS-6 ones")
        #expect(intense.ignoreReviewsBefore == "2024-01-31")
        #expect(intense.easyDaysPercentages == [1, 1, 1, 1, 1, 0.5, 0])
        #expect(collection.preset(id: 1)?.desiredRetention == 0.9, "unset: Anki's default")
        #expect(collection.cards.first?.stability == 3.5 && collection.cards.first?.difficulty == 5.25)
        let settings = AnkiStudySettings(try AnkiSelection(collection, scope: .deck("Languages")))
        #expect(settings.preset?.name == "Intense" && settings.rolloverHour == 3 && settings.utcOffsetSeconds == -14_400)
        #expect(settings.learningStepsSeconds == [150, 900])
    }

    @Test func aDamagedJSONColumnIsNamed() throws {
        let directory = try TemporaryDirectory.make(prefix: "anki-schema11-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki21").path
        let database = try TestDatabase(path: path)
        try database.makeMinimalCollection(schema: 11)
        try database.execute("UPDATE col SET decks = '{\"1\": '")
        database.close()
        #expect {
            _ = try AnkiFile.open(path: path)
        } throws: { error in
            (error as? AnkiError)?.kind == .damaged && "\(error)".contains("col.decks")
        }
    }
}
