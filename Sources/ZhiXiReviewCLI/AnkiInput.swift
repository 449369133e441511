import Foundation
import ZhiXiAnki
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// An Anki file read for a command: the chosen cards' review log as the commands' review rows,
/// and the settings the collection holds for them. The one small adapter between ZhiXiAnki and
/// the review-row path every command already takes: the rules of which rows count (issue 26,
/// Anki's history rules) apply downstream, to these rows, as to a CSV's.
struct AnkiInput {
    /// The file's name, for messages.
    var name: String
    /// Where the collection was read from.
    var source: String
    /// The whole collection (the preview's load balancer counts every card of a preset).
    var collection: AnkiCollection
    /// The chosen cards and their rows.
    var selection: AnkiSelection
    /// The collection's settings for them (the one preset's, when one schedules every card).
    var settings: AnkiStudySettings
    /// The rows: card id, time, button (0 for an entry that is not an answer), kind (the
    /// revlog's `type` as a `ReviewKind`), duration, and Anki's interval, last interval and
    /// factor, which Anki's history rules read (cramming, Set Due Date, Forget).
    var log: ReviewLogColumns
    /// For each card of ``log`` (as `log.cardIDs`), its position in `selection.cards`.
    var logCardPositions: [Int]
    /// This machine's time zone (`TZ`, else the system's): where the days of a file that keeps
    /// no UTC offset (an `.apkg`) are counted, as Anki counts them when it imports the file.
    var machineZone: TimeZone
    /// Whether the collection may be believed yet (its integrity check, when deferred).
    var verification: AnkiVerification

    init(_ collection: AnkiCollection, selection: AnkiSelection, machineZone: TimeZone = .current) {
        name = collection.file
        verification = collection.verification
        source = collection.source
        self.machineZone = machineZone
        self.collection = collection
        self.selection = selection
        settings = AnkiStudySettings(selection)
        (log, logCardPositions) = Self.rows(selection)
    }

    /// Each card of ``log``'s own "ignore reviews before" (its preset's), for
    /// `ReviewTimelines(log:days:filter:cardCutoffs:)`: every card under its own preset.
    var cardCutoffs: [Date?] {
        logCardPositions.map { position in
            selection.cardSettings[position].ignoreReviewsBeforeMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        }
    }

    /// The zone of the machine a command runs on: `TZ` of `environment` (a zone's name, as the C
    /// library reads it, a leading `:` allowed), else the system's.
    static func machineZone(_ environment: [String: String]) -> TimeZone {
        if var name = environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return .current
    }

    /// The revlog rows of the chosen cards as review rows, and each row card's position in the
    /// selection. O(rows).
    static func rows(_ selection: AnkiSelection) -> (ReviewLogColumns, [Int]) {
        // Cards in order of first review, as a CSV's are.
        var position = [Int32](repeating: -1, count: selection.cards.count)
        var cardIDs: [String] = []
        var positions: [Int] = []
        let count = selection.revlog.count
        var indices = [Int32](), seconds = [Double](), ratings = [UInt8](), states = [Int8](), durations = [Int32]()
        var anki = [AnkiRevlogFields]()
        anki.reserveCapacity(count)
        indices.reserveCapacity(count)
        seconds.reserveCapacity(count)
        ratings.reserveCapacity(count)
        states.reserveCapacity(count)
        durations.reserveCapacity(count)
        for (entry, chosen) in zip(selection.revlog, selection.revlogCardIndices) {
            var card = position[Int(chosen)]
            if card < 0 {
                card = Int32(cardIDs.count)
                position[Int(chosen)] = card
                cardIDs.append(String(entry.cardID))
                positions.append(Int(chosen))
            }
            indices.append(card)
            seconds.append(Double(entry.id) / 1000)
            ratings.append(entry.button <= 4 ? entry.button : 0)
            // A kind Anki does not write is read as manual: not an answer to learn from.
            states.append((ReviewKind(ankiType: Int(entry.kind)) ?? .manual).rawValue)
            durations.append(max(0, entry.durationMilliseconds))
            anki.append(AnkiRevlogFields(interval: entry.interval, lastInterval: entry.lastInterval, factor: entry.factor))
        }
        return (ReviewLogColumns(cardIDs: cardIDs, cardIndices: indices, secondsSince1970: seconds, ratings: ratings, states: states,
                                 durationsMilliseconds: durations, anki: anki), positions)
    }

    /// Waits for the collection's integrity check when its reading deferred it (65 for a
    /// damaged file): what explains any other failure of its settings.
    func verify() throws(CommandError) {
        do {
            try verification.verify()
        } catch {
            throw ReviewLogSource.failure(error)
        }
    }

    /// The study calendar: `--timezone`, or the offset Anki last saw, or for a file that keeps
    /// none (an `.apkg`) the zone of this machine (`TZ`), as Anki takes it when it imports the
    /// file; `--day-start` or the collection's "next day starts at" (Anki's default, 4, for an
    /// `.apkg`, which does not carry it).
    func calendar(zone: String?, hour: Int?, arguments: ParsedArguments) throws(CommandError) -> StudyCalendar {
        do {
            if let zone { return try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour ?? settings.rolloverHour) }
            if settings.utcOffsetSeconds == nil { return try StudyCalendar(timeZone: machineZone, dayStartHour: hour ?? settings.rolloverHour) }
            return try StudyCalendar(timeZone: settings.timeZone, dayStartHour: hour ?? settings.rolloverHour)
        } catch {
            try verify()
            throw arguments.usageError(error.description)
        }
    }

    /// The schedulers that replay the log's cards, each card under its own settings
    /// (``AnkiCardSettings``: its preset's, its deck's own retention) unless a flag gives one
    /// for all (`overrides`, `given`: the `--params` flag), over `base` (fuzz, days): one
    /// scheduler per distinct setting, and for each card of ``log`` (as `log.cardIDs`) its
    /// scheduler and its preset's historical retention.
    /// - Throws: 65 for a preset whose parameters cannot be used, 64 for settings the scheduler
    ///   refuses.
    func replaySchedulers(base: SchedulerConfiguration, overrides: AnkiSettingOverrides,
                          given: FSRSParameters?) throws(CommandError) -> [(scheduler: CardScheduler, historicalRetention: Double)] {
        var made: [AnkiCardSettings: CardScheduler] = [:]
        var result: [(scheduler: CardScheduler, historicalRetention: Double)] = []
        result.reserveCapacity(logCardPositions.count)
        for position in logCardPositions {
            var settings = AnkiCardSettings(homeDeckID: selection.cards[position].homeDeckID, in: collection, overrides: overrides)
            settings.homeDeckID = 0  // cards of decks with the same settings share a scheduler
            if let scheduler = made[settings] {
                result.append((scheduler, settings.preset.historicalRetention))
                continue
            }
            var configuration = base
            configuration.desiredRetention = settings.desiredRetention
            configuration.learningSteps = settings.learningStepsMinutes.map { $0 * 60 }
            configuration.relearningSteps = settings.relearningStepsMinutes.map { $0 * 60 }
            configuration.maximumIntervalDays = settings.maximumIntervalDays
            if let given {
                configuration.parameters = given
            } else {
                do {
                    configuration.parameters = settings.fsrsParameters.isEmpty ? .default : try FSRSParameters(settings.fsrsParameters)
                } catch {
                    throw .dataError("\(name): the preset \"\(settings.preset.name.escapingControlCharacters())\" has parameters "
                                     + "that cannot be used: \(ParameterSource.message(for: error))")
                }
                // A preset's parameters with several relearning steps are Anki's: Anki holds them to
                // fsrs-rs's one-step bounds (`FSRS::new`), not to the lower ceiling py-fsrs checks.
                if !settings.fsrsParameters.isEmpty { configuration.checksShortTermCeiling = false }
            }
            let scheduler: CardScheduler
            do {
                scheduler = try CardScheduler(configuration)
            } catch {
                throw .usage("\(name): preset \"\(settings.preset.name.escapingControlCharacters())\": \(error.description)")
            }
            made[settings] = scheduler
            result.append((scheduler, settings.preset.historicalRetention))
        }
        return result
    }

    /// The preset's parameters, or `nil` for FSRS-6's defaults (none kept, or several presets).
    /// - Throws: 65 when the collection's parameters are not usable.
    func parameters() throws(CommandError) -> FSRSParameters? {
        guard !settings.fsrsParameters.isEmpty else { return nil }
        do {
            return try FSRSParameters(settings.fsrsParameters)
        } catch {
            try verify()
            throw .dataError("\(name): the preset \"\(settings.preset?.name.escapingControlCharacters() ?? "")\" has parameters "
                             + "that cannot be used: \(ParameterSource.message(for: error))")
        }
    }

    /// What was read, and which settings applied to its cards (`used`: the settings the command
    /// takes, each marked when a flag overrode it), as lines for the text output, in the language
    /// of `words`: a line per preset of the chosen cards (what it gave them, and the decks with
    /// their own retention), then the collection's day settings.
    func summary(used: [Setting], overridden: Set<Setting>, words: Localization) -> String {
        let chosen = selection.cards.count, rows = selection.revlog.count
        let separator = words.text("anki.separator", in: .commands)
        let scope = switch selection.scope {
        case .everyDeck: words.text("anki.scope.everyDeck", in: .commands)
        case .deck(let deck): words.sentence("anki.scope.deck", in: .commands, ["deck": deck.escapingControlCharacters()])
        case .preset(let preset): words.sentence("anki.scope.preset", in: .commands, ["preset": preset.escapingControlCharacters()])
        }
        var text = words.sentence("anki.readFrom", in: .commands, [
            "source": (source == name ? name : words.sentence("anki.source.withLog", in: .commands, ["name": name])).escapingControlCharacters(),
            "scope": scope,
            "cards": words.counted("anki.cards", in: .commands, count: chosen, ["count": String(chosen)]),
            "rows": words.counted("anki.rows", in: .commands, count: rows, ["count": String(rows)]),
        ]) + "\n"
        let left = selection.leftOut
        var leftOut: [String] = []
        for (count, key) in [(left.suspendedCards, "suspended"), (left.buriedCards, "buried"), (left.cardsOfDeletedNotes, "deletedNotes"),
                             (left.reviewsOfDeletedCards, "deletedCards")] where count > 0 {
            leftOut.append(words.sentence("anki.leftOut." + key, in: .commands, ["count": String(count)]))
        }
        if !leftOut.isEmpty { text += words.sentence("anki.leftOut", in: .commands, ["list": leftOut.joined(separator: separator)]) + "\n" }
        func mark(_ value: String, _ setting: Setting) -> String {
            overridden.contains(setting) ? words.sentence("anki.setting.overridden", in: .commands, ["setting": value]) : value
        }
        let presetSettings = used.filter { $0 != .dayStart && $0 != .timeZone }
        let groups = presetGroups()
        if !presetSettings.isEmpty || groups.contains(where: { $0.preset.ignoreReviewsBefore.isEmpty == false }) {
            text += words.text("anki.presets.each", in: .commands) + "\n"
        }
        for group in groups {
            let preset = group.preset
            var list: [String] = []
            for setting in presetSettings {
                switch setting {
                case .parameters:
                    let parameters = preset.fsrsParameters
                    list.append(mark(parameters.isEmpty ? words.text("anki.setting.defaultParameters", in: .commands)
                        : words.sentence("anki.setting.presetParameters", in: .commands, ["count": String(parameters.count)]), .parameters))
                case .retention:
                    list.append(mark(words.sentence("anki.setting.retention", in: .commands,
                                                    ["value": TextFormatting.fixed(preset.desiredRetention, 2)]), .retention))
                    for deck in group.decksWithOwnRetention where !overridden.contains(.retention) {
                        list.append(words.sentence("anki.setting.deckRetention", in: .commands, [
                            "value": TextFormatting.fixed(deck.retention, 2), "deck": deck.name.escapingControlCharacters(),
                            "cards": words.counted("anki.cards", in: .commands, count: deck.cards, ["count": String(deck.cards)]),
                        ]))
                    }
                case .learningSteps:
                    list.append(mark(words.sentence("anki.setting.learningSteps", in: .commands,
                                                    ["steps": Self.steps(preset.learningStepsMinutes.map { $0 * 60 }, words: words)]),
                                     .learningSteps))
                case .relearningSteps:
                    list.append(mark(words.sentence("anki.setting.relearningSteps", in: .commands,
                                                    ["steps": Self.steps(preset.relearningStepsMinutes.map { $0 * 60 }, words: words)]),
                                     .relearningSteps))
                case .maximumInterval:
                    list.append(mark(words.sentence("anki.setting.maximumInterval", in: .commands,
                                                    ["days": String(preset.maximumIntervalDays)]), .maximumInterval))
                case .dayStart, .timeZone: break
                }
            }
            if !preset.ignoreReviewsBefore.isEmpty {
                let key = preset.ignoreReviewsBeforeMilliseconds == nil ? "anki.ignoreBefore.notDate" : "anki.ignoreBefore"
                list.append(words.sentence(key, in: .commands, ["value": preset.ignoreReviewsBefore.escapingControlCharacters()]))
            }
            text += words.sentence("anki.settings.presetLine", in: .commands, [
                "preset": preset.name.escapingControlCharacters(),
                "cards": words.counted("anki.cards", in: .commands, count: group.cards, ["count": String(group.cards)]),
                "list": list.joined(separator: separator),
            ]) + "\n"
        }
        var collectionSettings: [String] = []
        if used.contains(.dayStart) {
            collectionSettings.append(mark(words.sentence("anki.setting.dayStart", in: .commands, ["hour": String(settings.rolloverHour)]), .dayStart))
        }
        if used.contains(.timeZone) {
            let value: String
            if let offset = settings.utcOffsetSeconds {
                let minutes = offset / 60
                let sign = minutes < 0 ? "-" : "+"
                value = words.sentence("anki.setting.offset", in: .commands,
                                       ["offset": sign + String(format: "%02d:%02d", abs(minutes) / 60, abs(minutes) % 60)])
            } else {
                value = words.sentence("anki.setting.machineZone", in: .commands, ["zone": machineZone.identifier])
            }
            collectionSettings.append(mark(value, .timeZone))
        }
        if !collectionSettings.isEmpty {
            text += words.sentence("anki.settings", in: .commands, ["list": collectionSettings.joined(separator: separator)]) + "\n"
        }
        if used.contains(.timeZone), settings.utcOffsetSeconds == nil, !overridden.contains(.timeZone) {
            text += words.sentence("anki.machineZone", in: .commands, ["zone": machineZone.identifier]) + "\n"
        }
        return text
    }

    /// A preset of the chosen cards, with how many it schedules and the decks among theirs that
    /// have their own desired retention.
    struct PresetGroup {
        var preset: AnkiPreset
        var cards: Int
        var decksWithOwnRetention: [(name: String, retention: Double, cards: Int)]
    }

    /// The presets of the chosen cards, by id, each with its cards and its decks' own
    /// retentions (by deck name). O(cards).
    func presetGroups() -> [PresetGroup] {
        var groups: [Int64: PresetGroup] = [:]
        var deckCards: [Int64: [Int64: Int]] = [:]
        for settings in selection.cardSettings {
            groups[settings.preset.id, default: PresetGroup(preset: settings.preset, cards: 0, decksWithOwnRetention: [])].cards += 1
            if collection.deck(id: settings.homeDeckID)?.desiredRetention != nil {
                deckCards[settings.preset.id, default: [:]][settings.homeDeckID, default: 0] += 1
            }
        }
        return groups.keys.sorted().map { id in
            var group = groups[id]!
            group.decksWithOwnRetention = (deckCards[id] ?? [:]).compactMap { deckID, count in
                collection.deck(id: deckID).flatMap { deck in deck.desiredRetention.map { (deck.name, $0, count) } }
            }.sorted { $0.name < $1.name }
            return group
        }
    }

    /// The settings a command may take from the collection.
    enum Setting: Hashable { case parameters, retention, learningSteps, relearningSteps, maximumInterval, dayStart, timeZone }

    static func steps(_ seconds: [Double], words: Localization) -> String {
        guard !seconds.isEmpty else { return words.text("anki.steps.none", in: .commands) }
        return seconds.map { value in
            if value >= 86_400, value.truncatingRemainder(dividingBy: 86_400) == 0 { return "\(Int(value / 86_400))d" }
            if value >= 3600, value.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(value / 3600))h" }
            if value >= 60, value.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(value / 60))m" }
            return TextFormatting.fixed(value, 0) + "s"
        }.joined(separator: ",")
    }
}
