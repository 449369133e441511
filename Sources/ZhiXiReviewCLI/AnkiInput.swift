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
    /// The chosen cards and their rows.
    var selection: AnkiSelection
    /// The collection's settings for them.
    var settings: AnkiStudySettings
    /// The rows: card id, time, button (0 for an entry that is not an answer), kind (the
    /// revlog's `type` as a `ReviewKind`), duration, and Anki's interval, last interval and
    /// factor, which Anki's history rules read (cramming, Set Due Date, Forget).
    var log: ReviewLogColumns
    /// Whether the collection may be believed yet (its integrity check, when deferred).
    var verification: AnkiVerification

    init(_ collection: AnkiCollection, selection: AnkiSelection) {
        name = collection.file
        verification = collection.verification
        source = collection.source
        self.selection = selection
        settings = AnkiStudySettings(selection)
        log = Self.rows(selection)
    }

    /// The revlog rows of the chosen cards as review rows. O(rows).
    static func rows(_ selection: AnkiSelection) -> ReviewLogColumns {
        // Cards in order of first review, as a CSV's are.
        var position = [Int32](repeating: -1, count: selection.cards.count)
        var cardIDs: [String] = []
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
            }
            indices.append(card)
            seconds.append(Double(entry.id) / 1000)
            ratings.append(entry.button <= 4 ? entry.button : 0)
            // A kind Anki does not write is read as manual: not an answer to learn from.
            states.append((ReviewKind(ankiType: Int(entry.kind)) ?? .manual).rawValue)
            durations.append(max(0, entry.durationMilliseconds))
            anki.append(AnkiRevlogFields(interval: entry.interval, lastInterval: entry.lastInterval, factor: entry.factor))
        }
        return ReviewLogColumns(cardIDs: cardIDs, cardIndices: indices, secondsSince1970: seconds, ratings: ratings, states: states,
                                durationsMilliseconds: durations, anki: anki)
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

    /// The study calendar: `--timezone` or the offset Anki last saw, `--day-start` or the
    /// collection's "next day starts at".
    func calendar(zone: String?, hour: Int?, arguments: ParsedArguments) throws(CommandError) -> StudyCalendar {
        do {
            if let zone { return try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour ?? settings.rolloverHour) }
            return try StudyCalendar(timeZone: settings.timeZone, dayStartHour: hour ?? settings.rolloverHour)
        } catch {
            try verify()
            throw arguments.usageError(error.description)
        }
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

    /// What was read, and which of the collection's settings a command used (`used`: the
    /// settings it takes, each marked when a flag overrode it), as lines for the text output,
    /// in the language of `words`.
    func summary(used: [Setting], overridden: Set<Setting>, words: Localization) -> String {
        let chosen = selection.cards.count, rows = selection.revlog.count
        let separator = words.text("anki.separator", in: .commands)
        let scope = switch selection.scope {
        case .everyDeck: words.text("anki.scope.everyDeck", in: .commands)
        case .deck(let deck): words.sentence("anki.scope.deck", in: .commands, ["deck": deck.escapingControlCharacters()])
        case .preset(let preset): words.sentence("anki.scope.preset", in: .commands, ["preset": preset.escapingControlCharacters()])
        }
        var text = words.sentence("anki.readFrom", in: .commands, [
            "source": source.escapingControlCharacters(), "scope": scope,
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
        var settingsText: [String] = []
        for setting in used {
            var value: String
            switch setting {
            case .parameters:
                value = settings.fsrsParameters.isEmpty ? words.text("anki.setting.defaultParameters", in: .commands)
                    : words.sentence("anki.setting.presetParameters", in: .commands, ["count": String(settings.fsrsParameters.count)])
            case .retention:
                value = words.sentence("anki.setting.retention", in: .commands, ["value": TextFormatting.fixed(settings.desiredRetention, 2)])
            case .learningSteps:
                value = words.sentence("anki.setting.learningSteps", in: .commands, ["steps": Self.steps(settings.learningStepsSeconds, words: words)])
            case .relearningSteps:
                value = words.sentence("anki.setting.relearningSteps", in: .commands,
                                       ["steps": Self.steps(settings.relearningStepsSeconds, words: words)])
            case .maximumInterval:
                value = words.sentence("anki.setting.maximumInterval", in: .commands, ["days": String(settings.maximumIntervalDays)])
            case .dayStart: value = words.sentence("anki.setting.dayStart", in: .commands, ["hour": String(settings.rolloverHour)])
            case .timeZone:
                if let offset = settings.utcOffsetSeconds {
                    let minutes = offset / 60
                    let sign = minutes < 0 ? "-" : "+"
                    value = words.sentence("anki.setting.offset", in: .commands,
                                           ["offset": sign + String(format: "%02d:%02d", abs(minutes) / 60, abs(minutes) % 60)])
                } else {
                    value = words.text("anki.setting.noOffset", in: .commands)
                }
            }
            if overridden.contains(setting) { value = words.sentence("anki.setting.overridden", in: .commands, ["setting": value]) }
            settingsText.append(value)
        }
        if settings.preset == nil, settings.presetNames.count > 1 {
            let names = settings.presetNames.map { "\"\($0.escapingControlCharacters())\"" }.joined(separator: separator)
            text += words.sentence("anki.presets", in: .commands, ["count": String(settings.presetNames.count), "names": names]) + "\n"
        }
        if !settingsText.isEmpty {
            let list = settingsText.joined(separator: separator)
            text += (settings.preset.map {
                words.sentence("anki.settings.preset", in: .commands, ["preset": $0.name.escapingControlCharacters(), "list": list])
            } ?? words.sentence("anki.settings", in: .commands, ["list": list])) + "\n"
        }
        if let before = settings.preset?.ignoreReviewsBefore, !before.isEmpty {
            let key = settings.ignoreReviewsBeforeMilliseconds == nil ? "anki.ignoreBefore.notDate" : "anki.ignoreBefore"
            text += words.sentence(key, in: .commands, ["value": before.escapingControlCharacters()]) + "\n"
        }
        return text
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
