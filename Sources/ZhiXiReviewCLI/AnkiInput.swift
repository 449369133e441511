import Foundation
import ZhiXiAnki
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

    init(_ collection: AnkiCollection, selection: AnkiSelection) {
        name = collection.file
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

    /// The study calendar: `--timezone` or the offset Anki last saw, `--day-start` or the
    /// collection's "next day starts at".
    func calendar(zone: String?, hour: Int?, arguments: ParsedArguments) throws(CommandError) -> StudyCalendar {
        do {
            if let zone { return try StudyCalendar(timeZoneIdentifier: zone, dayStartHour: hour ?? settings.rolloverHour) }
            return try StudyCalendar(timeZone: settings.timeZone, dayStartHour: hour ?? settings.rolloverHour)
        } catch {
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
            throw .dataError("\(name): the preset \"\(settings.preset?.name.escapingControlCharacters() ?? "")\" has parameters "
                             + "that cannot be used: \(ParameterSource.message(for: error))")
        }
    }

    /// What was read, and which of the collection's settings a command used (`used`: the
    /// settings it takes, each marked when a flag overrode it), as lines for the text output.
    func summary(used: [Setting], overridden: Set<Setting>) -> String {
        let chosen = selection.cards.count, rows = selection.revlog.count
        var text = "Read from \(source.escapingControlCharacters()): \(chosen) card\(chosen == 1 ? "" : "s") with \(rows) review-log "
            + "row\(rows == 1 ? "" : "s")"
        switch selection.scope {
        case .everyDeck: text += ", every deck"
        case .deck(let deck): text += ", deck \"\(deck.escapingControlCharacters())\" and its subdecks"
        case .preset(let preset): text += ", the decks of preset \"\(preset.escapingControlCharacters())\""
        }
        text += "\n"
        let left = selection.leftOut
        var leftOut: [String] = []
        if left.suspendedCards > 0 { leftOut.append("\(left.suspendedCards) suspended card(s)") }
        if left.buriedCards > 0 { leftOut.append("\(left.buriedCards) buried card(s)") }
        if left.cardsOfDeletedNotes > 0 { leftOut.append("\(left.cardsOfDeletedNotes) card(s) of deleted notes") }
        if left.reviewsOfDeletedCards > 0 { leftOut.append("\(left.reviewsOfDeletedCards) row(s) of deleted cards") }
        if !leftOut.isEmpty { text += "Left out, as Anki leaves them out: " + leftOut.joined(separator: ", ") + "\n" }
        var settingsText: [String] = []
        let presetName = settings.preset.map { "preset \"\($0.name.escapingControlCharacters())\"" }
        for setting in used {
            let flagged = overridden.contains(setting)
            var value: String
            switch setting {
            case .parameters:
                value = settings.fsrsParameters.isEmpty ? "parameters: FSRS-6 defaults" : "parameters: the preset's \(settings.fsrsParameters.count)"
            case .retention: value = "desired retention \(TextFormatting.fixed(settings.desiredRetention, 2))"
            case .learningSteps: value = "learning steps " + Self.steps(settings.learningStepsSeconds)
            case .relearningSteps: value = "relearning steps " + Self.steps(settings.relearningStepsSeconds)
            case .maximumInterval: value = "maximum interval \(settings.maximumIntervalDays) days"
            case .dayStart: value = "next day starts at \(settings.rolloverHour):00"
            case .timeZone:
                let minutes = (settings.utcOffsetSeconds ?? 0) / 60
                value = settings.utcOffsetSeconds == nil ? "days in UTC (no offset kept)"
                    : String(format: "days at UTC%@%02d:%02d (the offset Anki last saw)", minutes < 0 ? "-" : "+", abs(minutes) / 60,
                             abs(minutes) % 60)
            }
            if flagged { value += " (its flag overrides it)" }
            settingsText.append(value)
        }
        if settings.preset == nil, settings.presetNames.count > 1 {
            text += "The cards use \(settings.presetNames.count) presets ("
                + settings.presetNames.map { "\"\($0.escapingControlCharacters())\"" }.joined(separator: ", ")
                + "): Anki's defaults stand in for theirs; choose one with --preset NAME\n"
        }
        if !settingsText.isEmpty {
            text += "Settings from the collection" + (presetName.map { " (\($0))" } ?? "") + ": " + settingsText.joined(separator: ", ") + "\n"
        }
        if let before = settings.preset?.ignoreReviewsBefore, !before.isEmpty {
            text += settings.ignoreReviewsBeforeMilliseconds == nil
                ? "The preset's \"ignore reviews before\" (\(before.escapingControlCharacters())) is not a date; every review counts\n"
                : "Reviews before \(before.escapingControlCharacters()) (UTC) are ignored, as the preset asks and Anki does\n"
        }
        return text
    }

    /// The settings a command may take from the collection.
    enum Setting: Hashable { case parameters, retention, learningSteps, relearningSteps, maximumInterval, dayStart, timeZone }

    static func steps(_ seconds: [Double]) -> String {
        guard !seconds.isEmpty else { return "none" }
        return seconds.map { value in
            if value >= 86_400, value.truncatingRemainder(dividingBy: 86_400) == 0 { return "\(Int(value / 86_400))d" }
            if value >= 3600, value.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(value / 3600))h" }
            if value >= 60, value.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(value / 60))m" }
            return TextFormatting.fixed(value, 0) + "s"
        }.joined(separator: ",")
    }
}
