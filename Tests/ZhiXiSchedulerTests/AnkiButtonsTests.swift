import Foundation
import Testing
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler

/// One reference file, `Fixtures/anki-buttons-*.json`, written by
/// `Benchmarks/compare/anki/anki_buttons_reference.py` from a collection that Anki 26.09's own
/// scheduler wrote: every card, and what Anki's scheduler gave each button at one moment, with
/// the load balancer on and off.
struct AnkiButtonsReference: Decodable {
    struct Preset: Decodable {
        var id: Int64
        var parameters: [Double]
        var desiredRetention: Double
        var learningStepsMinutes: [Float]
        var relearningStepsMinutes: [Float]
        var maximumInterval: Int
        var easyDaysPercentages: [Float]
        var buryReviews: Bool
    }

    struct Button: Decodable {
        var kind: String
        var label: String
        var scheduledDays: Int?
        var scheduledSecs: Int?
        var remainingSteps: Int?
        var reviewScheduledDays: Int?
        var stability: Double?
        var difficulty: Double?
        var storedDue: Int64
        var storedInterval: Int
    }

    struct Buttons: Decodable {
        var again: Button, hard: Button, good: Button, easy: Button
        subscript(rating: Rating) -> Button {
            switch rating {
            case .again: again
            case .hard: hard
            case .good: good
            case .easy: easy
            }
        }
    }

    struct Card: Decodable {
        var id: Int64
        var noteId: Int64
        var presetId: Int64?
        var deckDesiredRetention: Double?
        var type: Int
        var queue: Int
        var interval: Int
        var reps: Int
        var lapses: Int
        var left: Int
        var stability: Double?
        var difficulty: Double?
        var lastReviewTime: Int64?
        var buttons: [String: Buttons]
        var allowedRanges: [String: [Int]]?
    }

    var anki: String
    var timeZone: String
    var rolloverHour: Int
    var now: Int64
    var today: Int
    var nextDayAt: Int64
    var shortTermWithSteps: Bool
    var presets: [Preset]
    /// Every card due on the 99 days from today: card id, note id, preset id (null in a
    /// filtered deck), days from today.
    var window: [[Int64?]]
    var cards: [Card]

    static func load() throws -> [(name: String, reference: AnkiButtonsReference)] {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("anki-buttons-") && $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            (name, try JSONDecoder().decode(AnkiButtonsReference.self, from: Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    var timing: AnkiDayTiming { AnkiDayTiming(nowSeconds: now, today: today, nextDayAtSeconds: nextDayAt) }

    func settings(of card: Card) throws -> AnkiPresetSettings {
        let preset = try #require(presets.first { $0.id == card.presetId })
        return AnkiPresetSettings(
            parameters: preset.parameters.isEmpty ? .default : try FSRSParameters(preset.parameters),
            desiredRetention: card.deckDesiredRetention ?? preset.desiredRetention,
            learningStepsMinutes: preset.learningStepsMinutes, relearningStepsMinutes: preset.relearningStepsMinutes,
            maximumIntervalDays: preset.maximumInterval, shortTermWithSteps: shortTermWithSteps)
    }

    /// The balancer Anki built for the card's preset, and the card's sibling days.
    func balancer(for card: Card) throws -> (AnkiLoadBalancer, [Int]) {
        let preset = try #require(presets.first { $0.id == card.presetId })
        let due = AnkiDueWindow(entries: window.map {
            AnkiDueWindow.Entry(cardID: $0[0]!, noteID: $0[1]!, presetID: $0[2], dayOffset: Int($0[3]!))
        })
        let calendar = try StudyCalendar(timeZoneIdentifier: timeZone)
        let weekdays = AnkiLoadBalancer.weekdays(nextDayAtSeconds: nextDayAt, calendar: calendar)
        return (due.balancer(presetID: preset.id, weekdays: weekdays, easyDayPercentages: preset.easyDaysPercentages),
                preset.buryReviews ? due.siblingDays(noteID: card.noteId) : [])
    }

    static func ankiCard(_ card: Card) throws -> AnkiSchedulingCard {
        let state = try #require(CardState(rawValue: card.type))
        let memory = card.stability.map { MemoryState(stability: $0, difficulty: card.difficulty ?? 0) }
        return AnkiSchedulingCard(id: card.id, state: state, remainingSteps: card.left, intervalDays: card.interval, memoryState: memory,
                        reviewCount: card.reps, lapses: card.lapses, lastReviewSeconds: card.lastReviewTime)
    }
}

@Suite("The four buttons, as Anki: every card of collections Anki's scheduler wrote")
struct AnkiButtonsTests {
    @Test("each button's state, interval, due date, stored interval and memory are Anki's, balanced and not")
    func everyCardAndButton() throws {
        let references = try AnkiButtonsReference.load()
        try #require(!references.isEmpty, "no Fixtures/anki-buttons-*.json")
        for (name, reference) in references {
            var exact = [String: Int](), inRange = [String: Int](), outside = [String: Int](), checked = 0
            for card in reference.cards where card.presetId != nil && (card.stability != nil || card.type == 0) {
                let scheduler = AnkiScheduler(preset: try reference.settings(of: card))
                let (balancer, siblings) = try reference.balancer(for: card)
                for (mode, buttons) in card.buttons {
                    let states = scheduler.nextStates(of: try AnkiButtonsReference.ankiCard(card), timing: reference.timing,
                                                      balancer: mode == "loadBalanced" ? balancer : nil, siblingDays: siblings)
                    for rating in Rating.allCases {
                        let anki = buttons[rating], ours = states[rating]
                        let place = "\(name) card \(card.id) \(mode) \(rating)"
                        #expect("\(ours.state)" == anki.kind, "\(place): state")
                        let expected: ReviewInterval = anki.kind == "review" ? .days(anki.scheduledDays ?? -1)
                            : (anki.scheduledSecs! >= reference.timing.secondsUntilNextDay
                                ? .days((anki.scheduledSecs! - reference.timing.secondsUntilNextDay) / 86_400 + 1)
                                : .seconds(anki.scheduledSecs!))
                        #expect(ours.interval == expected, "\(place): interval")
                        #expect((ours.dueDay.map(Int64.init) ?? ours.dueSeconds) == anki.storedDue, "\(place): due")
                        if let stored = ours.storedIntervalDays { #expect(stored == anki.storedInterval, "\(place): ivl") }
                        if let stability = anki.stability, let difficulty = anki.difficulty, let memory = ours.memoryState {
                            #expect(relativeError(memory.stability, stability) < 1e-5, "\(place): stability")
                            #expect(abs(memory.difficulty - difficulty) < 1e-5, "\(place): difficulty")
                        }
                        let key = "\(rating)"
                        if ours.interval == expected { exact[key, default: 0] += 1 }
                        if let range = card.allowedRanges?[key], let days = ours.interval.days, anki.kind == "review" {
                            if (range[0]...range[1]).contains(days) { inRange[key, default: 0] += 1 } else {
                                outside[key, default: 0] += 1
                            }
                        }
                    }
                    checked += 1
                }
            }
            #expect(outside.values.reduce(0, +) == 0, "\(name): intervals outside Anki's range \(outside)")
            print("\(name) (\(reference.anki)): \(checked) card-modes; exact \(exact); in range \(inRange); outside \(outside)")
        }
    }

    @Test("the .anki preset, through Card, gives Anki's buttons; py-fsrs's rules (what states did before) fall outside Anki's range")
    func presetThroughCard() throws {
        for (name, reference) in try AnkiButtonsReference.load() {
            let calendar = try StudyCalendar(timeZoneIdentifier: reference.timeZone, dayStartHour: reference.rolloverHour)
            let now = Date(timeIntervalSince1970: Double(reference.now))
            #expect(AnkiDayTiming(at: now, calendar: calendar).nextDayAtSeconds == reference.nextDayAt, "\(name): next day")
            let ourToday = calendar.dayNumber(of: now)
            var after = [String: (exact: Int, inRange: Int, total: Int)](), before = [String: (exact: Int, inRange: Int, total: Int)]()
            for card in reference.cards where card.presetId != nil && (card.stability != nil || card.type == 0) {
                let preset = try #require(reference.presets.first { $0.id == card.presetId })
                let settings = try reference.settings(of: card)
                let balanced = preset.easyDaysPercentages.allSatisfy { $0 == 1 } && !preset.buryReviews
                var configuration = SchedulerConfiguration.anki(calendar: calendar)
                configuration.parameters = settings.parameters
                configuration.desiredRetention = settings.desiredRetention
                configuration.learningSteps = preset.learningStepsMinutes.map { Double($0) * 60 }
                configuration.relearningSteps = preset.relearningStepsMinutes.map { Double($0) * 60 }
                configuration.maximumIntervalDays = preset.maximumInterval
                let state = try #require(CardState(rawValue: card.type))
                let steps = state == .relearning ? configuration.relearningSteps.count : configuration.learningSteps.count
                let lastReview = card.lastReviewTime.map { Date(timeIntervalSince1970: Double($0)) }
                let due = lastReview.map { calendar.start(ofDay: calendar.dayNumber(of: $0) + card.interval) } ?? now
                let ours = ZhiXiScheduler.Card(
                    id: card.id, state: state, step: state.hasSteps ? steps - card.left % 1000 : nil,
                    memoryState: card.stability.map { MemoryState(stability: $0, difficulty: card.difficulty ?? 0) },
                    due: due, lastReview: lastReview, reviewCount: card.reps, lapses: card.lapses)
                var load = DueDayLoad(firstDay: ourToday, dayCount: AnkiLoadBalancer.windowDayCount)
                for entry in reference.window where entry[2] == card.presetId { load.add(onDay: ourToday + Int(entry[3]!)) }
                for (mode, buttons) in card.buttons where mode == "plain" || balanced {
                    configuration.fuzz = mode == "plain" ? .uniform : .loadBalanced
                    let preview = try CardScheduler(configuration).preview(ours, at: now, dueLoad: load)
                    var old = configuration
                    old.rules = .pyFSRS
                    old.fuzz = .uniform
                    // py-fsrs's rules check the weights for every relearning step; Anki's for one
                    old.parameters = try FSRSParameters(clamping: old.parameters.weights, relearningStepCount: old.relearningSteps.count)
                    let oldPreview = try CardScheduler(old).preview(ours, at: now)
                    for rating in Rating.allCases {
                        let anki = buttons[rating], result = preview[rating], key = "\(rating)"
                        let expectedDays = anki.kind == "review" ? anki.scheduledDays : nil
                        if let days = expectedDays {
                            #expect(result.interval == .days(days), "\(name) card \(card.id) \(mode) \(rating)")
                            #expect(result.card.due == calendar.start(ofDay: ourToday + days))
                        } else if let seconds = anki.scheduledSecs, seconds < reference.timing.secondsUntilNextDay {
                            #expect(result.interval == .seconds(seconds), "\(name) card \(card.id) \(mode) \(rating)")
                            #expect(result.card.due == Date(timeIntervalSince1970: Double(anki.storedDue)))
                        }
                        guard let days = expectedDays, let range = card.allowedRanges?[key] else { continue }
                        let allowed = range[0]...range[1]
                        var counts = after[key] ?? (0, 0, 0)
                        counts.total += 1
                        if result.interval == .days(days) { counts.exact += 1 }
                        if let ourDays = result.interval.days, allowed.contains(ourDays) { counts.inRange += 1 }
                        after[key] = counts
                        if oldPreview[rating].card.state == .review {
                            var old = before[key] ?? (0, 0, 0)
                            old.total += 1
                            if oldPreview[rating].review.scheduledDays == days { old.exact += 1 }
                            if allowed.contains(oldPreview[rating].review.scheduledDays) { old.inRange += 1 }
                            before[key] = old
                        }
                    }
                }
            }
            for (key, counts) in after { #expect(counts.exact == counts.total && counts.inRange == counts.total, "\(name) \(key)") }
            print("\(name): review-state buttons, Anki's rules (after): \(after.sorted { $0.key < $1.key }); "
                + "py-fsrs's rules, uniform fuzz (before): \(before.sorted { $0.key < $1.key })")
        }
    }
}
