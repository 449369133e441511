import Foundation
import ZhiXiAnki
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// The cards of an Anki collection as the collection holds them, beside their replay: what
/// `states` shows as "stored" (what Anki will do) and where `states --preview` starts, as Anki
/// starts (`get_scheduling_states`): the stored memory (recomputed from the history where Anki
/// recomputes it: a card that has left the new state without one), `ivl` for the floor of the
/// review intervals, `reps` for the fuzz seed, `left` for the steps, the preset's load balancer
/// over every card of the collection due in the next 99 days, Easy Days and the siblings' days,
/// each card under its own settings (``AnkiCardSettings``). The rules are ZhiXiScheduler's
/// (`AnkiScheduler`); this only gathers their inputs.
struct AnkiStoredCards {
    /// One card as stored.
    struct Stored {
        /// The card's columns.
        var card: AnkiCard
        /// Its settings (with the command's flags).
        var settings: AnkiCardSettings
        /// When it is due as stored: a day interval's start of day, a learning step's instant;
        /// `nil` for a new card.
        var due: Date?
    }

    /// The moment, as Anki's scheduler sees it (its own day numbers).
    let timing: AnkiDayTiming
    /// Our day number of `timing.today`, on the command's calendar.
    let calendarToday: Int
    let calendar: StudyCalendar
    let input: AnkiInput
    /// The chosen cards by id: position in the selection.
    let positions: [Int64: Int]

    /// The stored cards at `now` on `calendar` (the zone Anki runs in and its rollover).
    init(_ input: AnkiInput, calendar: StudyCalendar, now: Date) {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let offset = calendar.utcOffset(atSecondsSince1970: Double(seconds))
        let ankiToday = input.collection.schedulerDay(atSeconds: seconds, utcOffsetSeconds: offset)
        timing = AnkiDayTiming(nowSeconds: seconds, today: ankiToday,
                               nextDayAtSeconds: AnkiDayTiming(at: now, calendar: calendar).nextDayAtSeconds)
        calendarToday = calendar.dayNumber(of: now)
        self.calendar = calendar
        self.input = input
        var positions: [Int64: Int] = [:]
        for (position, card) in input.selection.cards.enumerated() { positions[card.id] = position }
        self.positions = positions
    }

    /// The start of Anki's day `day` on the calendar.
    func date(ofAnkiDay day: Int) -> Date { calendar.start(ofDay: calendarToday + day - timing.today) }

    /// The stored card of a log's card id, with its settings under `overrides`; `nil` for an id
    /// that is not one of the chosen cards.
    func stored(_ cardID: String, overrides: AnkiSettingOverrides) -> Stored? {
        guard let id = Int64(cardID), let position = positions[id] else { return nil }
        let card = input.selection.cards[position]
        let settings = AnkiCardSettings(homeDeckID: card.homeDeckID, in: input.collection, overrides: overrides)
        let due: Date?
        if card.due > 1_000_000_000 {  // a timestamp (is_unix_epoch_timestamp): a learning step
            due = Date(timeIntervalSince1970: Double(card.due))
        } else if card.type == 0 {
            due = nil  // a new card's due is its place in the queue
        } else {
            let day = card.originalDeckID != 0 && card.originalDue != 0 ? card.originalDue : card.due
            due = day > 1_000_000_000 ? Date(timeIntervalSince1970: Double(day)) : date(ofAnkiDay: Int(day))
        }
        return Stored(card: card, settings: settings, due: due)
    }

    /// What Anki's four buttons do to each card now, from the card as stored (`replayed`: the
    /// replayed memory, used where the collection keeps none and Anki would recompute it).
    /// - Parameters:
    ///   - fuzz: Anki's fuzz (off only with `--no-fuzz`); with it, the load balancer when the
    ///     collection has it on.
    /// - Throws: 65 for a preset whose parameters cannot be used.
    func buttons(_ cards: [(stored: Stored, replayed: MemoryState?)], fuzz: Bool) throws(CommandError) -> [StatesPreview.Buttons] {
        let collection = input.collection
        var window: AnkiDueWindow?
        var weekdays: [Int] = []
        var noteDays: [Int64: [Int]] = [:]
        if fuzz, collection.settings.loadBalancerEnabled {
            let due = AnkiDueWindow(today: timing.today, cards: collection.cards.lazy.map { card in
                (cardID: card.id, noteID: card.noteID, presetID: collection.deck(id: card.deckID)?.presetID, due: Int(clamping: card.due))
            })
            weekdays = AnkiLoadBalancer.weekdays(nextDayAtSeconds: timing.nextDayAtSeconds, calendar: calendar)
            // The days of each note's cards, once (AnkiDueWindow.siblingDays, for every card at once).
            for entry in due.entries { noteDays[entry.noteID, default: []].append(entry.dayOffset) }
            window = due
        }
        let lastAnswers = lastAnswerSeconds()
        var schedulers: [AnkiPresetSettings: AnkiScheduler] = [:]
        var balancers: [Int64: AnkiLoadBalancer] = [:]
        return try cards.map { (stored, replayed) throws(CommandError) in
            let card = stored.card, settings = stored.settings
            let preset = try presetSettings(settings)
            let scheduler = schedulers[preset] ?? AnkiScheduler(preset: preset, fuzz: fuzz)
            schedulers[preset] = scheduler
            var balancer: AnkiLoadBalancer?
            var siblings: [Int] = []
            if let window {
                balancer = balancers[settings.preset.id] ?? window.balancer(
                    presetID: settings.preset.id, weekdays: weekdays, easyDayPercentages: settings.preset.easyDaysPercentages.map { Float($0) })
                balancers[settings.preset.id] = balancer
                if settings.preset.buriesReviews { siblings = Array(Set(noteDays[card.noteID] ?? [])).sorted() }
            }
            let state = CardState(rawValue: Int(card.type)) ?? .new
            let kept = card.stability.flatMap { stability in card.difficulty.map { MemoryState(stability: stability, difficulty: $0) } }
            let ankiCard = AnkiSchedulingCard(
                id: card.id, state: state, remainingSteps: Int(card.left), intervalDays: Int(clamping: card.intervalDays),
                memoryState: state == .new ? nil : kept ?? replayed, reviewCount: Int(clamping: card.reps), lapses: Int(clamping: card.lapses),
                lastReviewSeconds: card.lastReviewSeconds ?? lastAnswers[card.id])
            let states = scheduler.nextStates(of: ankiCard, timing: timing, balancer: balancer, siblingDays: siblings)
            return Rating.allCases.map { rating in
                let outcome = states[rating]
                let due = outcome.dueDay.map { date(ofAnkiDay: $0) }
                    ?? Date(timeIntervalSince1970: Double(outcome.dueSeconds ?? timing.nowSeconds))
                return StatesPreview.Button(state: outcome.state, interval: outcome.interval, due: due,
                                            stability: outcome.memoryState?.stability, difficulty: outcome.memoryState?.difficulty)
            }
        }
    }

    /// A card's settings as the four buttons take them.
    func presetSettings(_ settings: AnkiCardSettings) throws(CommandError) -> AnkiPresetSettings {
        let parameters: FSRSParameters
        do {
            parameters = settings.fsrsParameters.isEmpty ? .default : try FSRSParameters(settings.fsrsParameters)
        } catch {
            throw .dataError("\(input.name): the preset \"\(settings.preset.name.escapingControlCharacters())\" has parameters "
                             + "that cannot be used: \(ParameterSource.message(for: error))")
        }
        return AnkiPresetSettings(parameters: parameters, desiredRetention: settings.desiredRetention,
                                  learningStepsMinutes: settings.learningStepsMinutes.map { Float($0) },
                                  relearningStepsMinutes: settings.relearningStepsMinutes.map { Float($0) },
                                  maximumIntervalDays: settings.maximumIntervalDays,
                                  shortTermWithSteps: input.collection.settings.shortTermWithSteps)
    }

    /// Each chosen card's last answer, in whole seconds: where Anki counts the days elapsed from
    /// when the card keeps no last-review time (`time_of_last_review`: a button 1–4, cramming
    /// left out).
    func lastAnswerSeconds() -> [Int64: Int64] {
        var last: [Int64: Int64] = [:]
        for entry in input.selection.revlog where (1...4).contains(entry.button) && !(entry.kind == 3 && entry.factor == 0) {
            last[entry.cardID] = max(last[entry.cardID] ?? .min, entry.id / 1000)
        }
        return last
    }
}
