import Foundation
import ZhiXiCore

/// Reads an ``AnkiCollection`` out of an open database: schema 11 (the legacy layout, decks,
/// presets and settings as JSON in `col`) or schema 18 (tables `decks`, `deck_config` and
/// `config`, decks and presets as Protocol Buffers).
enum AnkiCollectionReader {
    /// The schema versions this reader knows.
    static let knownSchemas: Set<Int> = [11, 18]

    /// - Throws: ``AnkiError``: damaged (not an Anki collection, a row that cannot be read),
    ///   unsupported schema.
    ///
    /// The schema is checked first (``AnkiSchemaCheck``: nothing of the file's computed on a
    /// row's read); nothing is believed before SQLite's integrity check of the whole image (run
    /// while the tables are read: ``SQLiteConnection/checkIntegrity()``) finds it sound; every
    /// value read goes through ``AnkiValueBounds``.
    ///
    /// With `deferringVerification`, the collection returns before the check ends; its
    /// ``AnkiCollection/verification`` waits for it.
    static func read(_ database: SQLiteConnection, file: String, source: String, deferringVerification: Bool = false) throws(AnkiError) -> AnkiCollection {
        do {
            let tables = try database.tableNames()
            try AnkiSchemaCheck.check(database, reading: ["col", "cards", "revlog", "notes", "decks", "deck_config", "config"].filter(tables.contains))
            database.startIntegrityCheck()
            var collection = try readTables(database, tables: tables, file: file, source: source)
            if deferringVerification {
                collection.verification = AnkiVerification(database)
            } else {
                try database.checkIntegrity()
            }
            return collection
        } catch {
            // Damage explains whatever else went wrong: its verdict comes first.
            try database.checkIntegrityIfStarted()
            throw error
        }
    }

    private static func readTables(_ database: SQLiteConnection, tables: Set<String>, file: String, source: String) throws(AnkiError) -> AnkiCollection {
        let name = database.name
        let required = ["col", "cards", "revlog", "notes"]
        let missing = required.filter { !tables.contains($0) }
        guard missing.isEmpty else {
            throw AnkiError(.damaged, file: name, reason: "is an SQLite database but not an Anki collection (no table "
                            + missing.joined(separator: ", ") + ")")
        }
        var version = 0, created: Int64 = 0
        var legacyConf = "", legacyDecks = "", legacyPresets = ""
        var rows = 0
        try database.query("SELECT ver, crt, conf, decks, dconf FROM col") { row throws(AnkiError) in
            rows += 1
            version = Int(row.int64(0))
            created = row.int64(1)
            legacyConf = row.text(2)
            legacyDecks = row.text(3)
            legacyPresets = row.text(4)
        }
        guard rows == 1 else {
            throw AnkiError(.damaged, file: name, reason: "is not a whole Anki collection (its table col has \(rows) rows, not 1)")
        }
        guard knownSchemas.contains(version) else {
            throw AnkiError(.unsupportedSchema, file: name, reason: "is an Anki collection of schema \(version), which this "
                            + "reader does not know (it reads 11, of legacy exports, and 18, of Anki 2.1.50 and later); open it in "
                            + "a current Anki and export it again")
        }
        let settings: AnkiCollectionSettings
        let decks: [AnkiDeck]
        let presets: [AnkiPreset]
        if version == 11 {
            let conf = try json(legacyConf, name: name, what: "the collection's settings (col.conf)")
            settings = Self.settings { conf[$0] }
            decks = try legacyDecksList(try json(legacyDecks, name: name, what: "the decks (col.decks)"), name: name)
            presets = try legacyPresetList(try json(legacyPresets, name: name, what: "the presets (col.dconf)"), name: name)
        } else {
            let missingTables = ["decks", "deck_config", "config"].filter { !tables.contains($0) }
            guard missingTables.isEmpty else {
                throw AnkiError(.damaged, file: name, reason: "is an Anki collection of schema 18 without its table "
                                + missingTables.joined(separator: ", "))
            }
            var values: [String: Any] = [:]
            try database.query("SELECT key, val FROM config") { row throws(AnkiError) in
                let key = row.text(0)
                guard keys.contains(key) else { return }
                if let value = try? JSONSerialization.jsonObject(with: Data(row.bytes(1)), options: [.fragmentsAllowed]) {
                    values[key] = value
                }
            }
            settings = Self.settings { values[$0] }
            decks = try protobufDecks(database)
            presets = try protobufPresets(database)
        }
        try AnkiValueBounds.check(settings, creationSeconds: created, file: name)
        for preset in presets { try AnkiValueBounds.check(preset, file: name) }
        var cards: [AnkiCard] = []
        try database.query("SELECT id, nid, did, odid, type, queue, due, odue, ivl, factor, reps, lapses, left, data "
                           + "FROM cards ORDER BY id") { row throws(AnkiError) in
            var card = AnkiCard(id: row.int64(0), noteID: row.int64(1), deckID: row.int64(2), originalDeckID: row.int64(3),
                                type: Int8(truncatingIfNeeded: row.int64(4)), queue: Int8(truncatingIfNeeded: row.int64(5)),
                                due: row.int64(6), originalDue: row.int64(7), intervalDays: row.int64(8), easeFactor: row.int64(9),
                                reps: row.int64(10), lapses: row.int64(11), left: row.int64(12))
            let data = row.bytes(13)
            if data.count > 2 {
                let memory = CardDataFields(data)
                card.stability = memory.stability
                card.difficulty = memory.difficulty
                card.desiredRetention = memory.desiredRetention
                card.lastReviewSeconds = memory.lastReviewSeconds
            }
            try AnkiValueBounds.check(card, file: name)
            cards.append(card)
        }
        var notes: [Int64] = []
        try database.query("SELECT id FROM notes ORDER BY id") { row throws(AnkiError) in notes.append(row.int64(0)) }
        let revlog = try reviewLog(database)
        return AnkiCollection(file: file, source: source, schemaVersion: version, creationSeconds: created, settings: settings,
                              decks: decks, presets: presets, cards: cards, noteIDs: notes, revlog: revlog)
    }

    /// The review log, every row in id order, each row checked (``AnkiValueBounds``): read from
    /// the table's pages directly when its layout is Anki's (`SQLiteTableScan`, checked against
    /// SQLite's own row count), else with SQL. The page scan reads a million rows in a tenth of
    /// the time SQL takes (`zhixi-bench anki`: 0.49 s of CPU less on 1,000,000 reviews); it is
    /// bounded by itself (each page visited once at most, keys rising) and, as every row read
    /// here, believed only once SQLite's integrity check has found the image sound
    /// (``read(_:file:source:deferringVerification:)``).
    ///
    /// SQLite's `ORDER BY id` on a rowid table is the order of the table's b-tree, which rises
    /// in a sound file (the integrity check refuses keys out of order); SQLite's rows are put in
    /// id order all the same, as ``AnkiCollection`` keeps them, rows of one id in SQLite's
    /// order (O(n) when they are in order already).
    static func reviewLog(_ database: SQLiteConnection) throws(AnkiError) -> [AnkiRevlogEntry] {
        var count = 0
        try database.query("SELECT count(*) FROM revlog") { row throws(AnkiError) in count = Int(row.int64(0)) }
        let name = database.name
        let anki = ["id", "cid", "usn", "ease", "ivl", "lastIvl", "factor", "time", "type"]
        let columns = try database.columns(of: "revlog")
        if columns.map(\.name) == anki, columns[0].type == "integer", columns[0].isPrimaryKey,
           let root = try database.rootPage(of: "revlog"), let scan = SQLiteTableScan(image: database.imageBytes) {
            var rows: [AnkiRevlogEntry] = []
            rows.reserveCapacity(count)
            var outOfBounds: AnkiRevlogEntry?
            let whole = scan.rows(rootPage: root, columns: anki.count) { rowid, values in
                let entry = AnkiRevlogEntry(id: rowid, cardID: values[1], usn: Int32(truncatingIfNeeded: values[2]),
                                            button: UInt8(truncatingIfNeeded: values[3]), interval: Int32(truncatingIfNeeded: values[4]),
                                            lastInterval: Int32(truncatingIfNeeded: values[5]), factor: Int32(truncatingIfNeeded: values[6]),
                                            durationMilliseconds: Int32(truncatingIfNeeded: values[7]), kind: UInt8(truncatingIfNeeded: values[8]))
                if outOfBounds == nil, !AnkiValueBounds.accepts(entry) { outOfBounds = entry }
                rows.append(entry)
            }
            if whole, rows.count == count {
                if let outOfBounds { try AnkiValueBounds.check(outOfBounds, file: name) }
                return rows
            }
        }
        var rows: [AnkiRevlogEntry] = []
        rows.reserveCapacity(count)
        try database.query("SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id") { row throws(AnkiError) in
            let entry = AnkiRevlogEntry(id: row.int64(0), cardID: row.int64(1), usn: Int32(truncatingIfNeeded: row.int64(2)),
                                        button: UInt8(truncatingIfNeeded: row.int64(3)), interval: Int32(truncatingIfNeeded: row.int64(4)),
                                        lastInterval: Int32(truncatingIfNeeded: row.int64(5)), factor: Int32(truncatingIfNeeded: row.int64(6)),
                                        durationMilliseconds: Int32(truncatingIfNeeded: row.int64(7)), kind: UInt8(truncatingIfNeeded: row.int64(8)))
            try AnkiValueBounds.check(entry, file: name)
            rows.append(entry)
        }
        return rows.inOrder(of: \.id)
    }

    /// The configuration keys read.
    static let keys: Set<String> = ["rollover", "creationOffset", "localOffset", "fsrs", "loadBalancerEnabled", "collapseTime",
                                    "fsrsShortTermWithStepsEnabled"]

    /// The collection's settings from its configuration values (a JSON value per key).
    static func settings(_ value: (String) -> Any?) -> AnkiCollectionSettings {
        func integer(_ key: String) -> Int? {
            guard let number = value(key) as? NSNumber else { return nil }
            let double = number.doubleValue
            return double.isFinite && double.rounded() == double && abs(double) < 1e9 ? Int(double) : nil
        }
        func boolean(_ key: String) -> Bool? { (value(key) as? NSNumber)?.boolValue }
        var settings = AnkiCollectionSettings()
        if let hour = integer("rollover"), (0 ... 23).contains(hour) { settings.rolloverHour = hour }
        settings.creationOffsetMinutesWest = integer("creationOffset")
        settings.localOffsetMinutesWest = integer("localOffset")
        settings.fsrsEnabled = boolean("fsrs") ?? false
        settings.loadBalancerEnabled = boolean("loadBalancerEnabled") ?? true
        if let seconds = integer("collapseTime"), seconds >= 0 { settings.learnAheadSeconds = seconds }
        settings.shortTermWithSteps = boolean("fsrsShortTermWithStepsEnabled") ?? false
        return settings
    }

    private static func json(_ text: String, name: String, what: String) throws(AnkiError) -> [String: Any] {
        if text.isEmpty { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw AnkiError(.damaged, file: name, reason: "\(what) is not a JSON object")
        }
        return object
    }

    // MARK: Schema 11

    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        return number.doubleValue.isFinite ? number.doubleValue : nil
    }

    private static func identifier(_ value: Any?) -> Int64? {
        if let text = value as? String { return Int64(text) }
        guard let double = number(value), double.rounded() == double, abs(double) < 9e15 else { return nil }
        return Int64(double)
    }

    private static func numbers(_ value: Any?) -> [Double] {
        (value as? [Any])?.compactMap { number($0) } ?? []
    }

    static func legacyDecksList(_ object: [String: Any], name: String) throws(AnkiError) -> [AnkiDeck] {
        var decks: [AnkiDeck] = []
        for (key, value) in object {
            guard let deck = value as? [String: Any], let id = identifier(deck["id"]) ?? Int64(key),
                  let deckName = deck["name"] as? String else {
                throw AnkiError(.damaged, file: name, reason: "the deck \(key.escapingForMessage) in col.decks has no id or name")
            }
            let filtered = (number(deck["dyn"]) ?? 0) != 0
            // The deck's own retention, kept in this form as a whole percentage (Anki divides it by 100 as a Float).
            let retention = filtered ? nil : number(deck["desiredRetention"]).map { decimal(Float($0) / 100) }
            decks.append(AnkiDeck(id: id, name: deckName, presetID: filtered ? nil : identifier(deck["conf"]) ?? 1,
                                  isFiltered: filtered, reschedules: filtered ? (deck["resched"] as? NSNumber)?.boolValue ?? true : nil,
                                  desiredRetention: retention.flatMap { $0 > 0 && $0 < 1 ? $0 : nil }))
        }
        return decks
    }

    static func legacyPresetList(_ object: [String: Any], name: String) throws(AnkiError) -> [AnkiPreset] {
        var presets: [AnkiPreset] = []
        for (key, value) in object {
            guard let config = value as? [String: Any], let id = identifier(config["id"]) ?? Int64(key) else {
                throw AnkiError(.damaged, file: name, reason: "the preset \(key.escapingForMessage) in col.dconf has no id")
            }
            let new = config["new"] as? [String: Any] ?? [:]
            let lapse = config["lapse"] as? [String: Any] ?? [:]
            let review = config["rev"] as? [String: Any] ?? [:]
            var preset = AnkiPreset(id: id, name: config["name"] as? String ?? "")
            preset.fsrsParameters6 = numbers(config["fsrsParams6"])
            preset.fsrsParameters5 = numbers(config["fsrsParams5"])
            preset.fsrsParameters4 = numbers(config["fsrsWeights"])
            if let retention = number(config["desiredRetention"]) { preset.desiredRetention = retention }
            preset.learningStepsMinutes = numbers(new["delays"])
            preset.relearningStepsMinutes = numbers(lapse["delays"])
            if let days = number(review["maxIvl"]), days >= 1 { preset.maximumIntervalDays = Int(min(days, 36_500)) }
            if let count = number(new["perDay"]), count >= 0 { preset.newCardsPerDay = Int(min(count, 1e9)) }
            if let count = number(review["perDay"]), count >= 0 { preset.reviewsPerDay = Int(min(count, 1e9)) }
            preset.ignoreReviewsBefore = config["ignoreRevlogsBeforeDate"] as? String ?? ""
            preset.easyDaysPercentages = numbers(config["easyDaysPercentages"])
            if let retention = number(config["sm2Retention"]), retention > 0, retention < 1 { preset.historicalRetention = retention }
            preset.buriesReviews = (review["bury"] as? NSNumber)?.boolValue ?? false
            presets.append(preset)
        }
        return presets
    }

    // MARK: Schema 18

    /// A float kept as `f32` as the decimal a person typed: the shortest text that reads back
    /// as the same `f32`, read as a double (so 0.85 stays 0.85, as in the legacy JSON).
    static func decimal(_ value: Float) -> Double { Double("\(value)") ?? Double(value) }

    static func protobufDecks(_ database: SQLiteConnection) throws(AnkiError) -> [AnkiDeck] {
        var decks: [AnkiDeck] = []
        try database.query("SELECT id, name, kind FROM decks") { row throws(AnkiError) in
            let id = row.int64(0)
            let deckName = row.text(1).replacingOccurrences(of: "\u{1F}", with: "::")
            do throws(ProtobufReader.Malformed) {
                let kind = try ProtobufReader.fields(ArraySlice(row.bytes(2)))
                if let filtered = kind.bytes(2) {
                    let fields = try ProtobufReader.fields(filtered)
                    decks.append(AnkiDeck(id: id, name: deckName, presetID: nil, isFiltered: true,
                                          reschedules: (fields.varint(1) ?? 0) != 0))
                } else if let normal = kind.bytes(1) {
                    let fields = try ProtobufReader.fields(normal)
                    let preset = fields.varint(1).map { Int64(bitPattern: $0) } ?? 1
                    let retention = fields.float(10).map(decimal).flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
                    decks.append(AnkiDeck(id: id, name: deckName, presetID: preset == 0 ? 1 : preset, isFiltered: false,
                                          reschedules: nil, desiredRetention: retention))
                } else {
                    throw ProtobufReader.Malformed()
                }
            } catch {
                throw AnkiError(.damaged, file: database.name, reason: "the deck \(id) (\(deckName.escapingForMessage)) has "
                                + "settings that cannot be read (decks.kind)")
            }
        }
        return decks
    }

    static func protobufPresets(_ database: SQLiteConnection) throws(AnkiError) -> [AnkiPreset] {
        var presets: [AnkiPreset] = []
        try database.query("SELECT id, name, config FROM deck_config") { row throws(AnkiError) in
            let id = row.int64(0)
            var preset = AnkiPreset(id: id, name: row.text(1))
            do throws(ProtobufReader.Malformed) {
                let fields = try ProtobufReader.fields(ArraySlice(row.bytes(2)))
                func floats(_ number: Int) throws(ProtobufReader.Malformed) -> [Double] {
                    try ProtobufReader.floats(fields.values(number)).map(decimal)
                }
                preset.learningStepsMinutes = try floats(1)
                preset.relearningStepsMinutes = try floats(2)
                preset.fsrsParameters4 = try floats(3)
                preset.fsrsParameters5 = try floats(5)
                preset.fsrsParameters6 = try floats(6)
                preset.easyDaysPercentages = try floats(4)
                if let count = fields.varint(9) { preset.newCardsPerDay = Int(min(count, 1_000_000_000)) } else { preset.newCardsPerDay = 0 }
                if let count = fields.varint(10) { preset.reviewsPerDay = Int(min(count, 1_000_000_000)) } else { preset.reviewsPerDay = 0 }
                if let days = fields.varint(16), days >= 1 { preset.maximumIntervalDays = Int(min(days, 36_500)) }
                if let retention = fields.float(37).map(decimal) { preset.desiredRetention = retention }
                preset.ignoreReviewsBefore = fields.string(46) ?? ""
                if let retention = fields.float(40).map(decimal), retention > 0, retention < 1 { preset.historicalRetention = retention }
                preset.buriesReviews = (fields.varint(28) ?? 0) != 0
            } catch {
                throw AnkiError(.damaged, file: database.name, reason: "the preset \(id) (\(preset.name.escapingForMessage)) has "
                                + "settings that cannot be read (deck_config.config)")
            }
            presets.append(preset)
        }
        return presets
    }
}

extension String {
    /// The text with control characters made visible, for a message.
    var escapingForMessage: String { escapingControlCharacters() }
}
