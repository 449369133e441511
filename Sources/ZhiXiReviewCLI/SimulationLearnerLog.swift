import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiSimulation
import ZhiXiTraining
import ZhiXiAnki

/// `simulate --revlog LOG.csv`: a learner's review log read for a card simulation: their
/// habits (`DerivedSimulatorSettings`), their cards as they are at the start
/// (`ExistingCard`, replayed as `states` replays them), and the items of the log (for the
/// warning on parameters fitted to few items). The file I/O and the messages; the work is the
/// libraries'.
struct SimulationLearnerLog {
    /// The file's name, for outputs.
    var name: String
    /// The learner's habits and their cards at the start (cards never reviewed are left out).
    var start: SimulationRequest.ReviewLogStart
    /// The learner's habits.
    var derived: DerivedSimulatorSettings { start.derived }
    /// The items of the log (reviews on a later day than the card's previous one).
    var itemCount: Int
    /// The study calendar the log was read on.
    var calendar: StudyCalendar
    /// The Anki file it was read from, if it was.
    var anki: AnkiInput?

    /// Reads the log at `path`, replays it with `parameters` on `calendar` (learning steps
    /// 1m, 10m, relearning 10m, Anki's fuzz, desired retention 0.9, as `states` does by
    /// default) and derives the rest.
    /// - Throws: 66 for a missing file, 65 for a log that cannot be read or has no review,
    ///   64 for a `start` before the log's last review day.
    static func read(_ path: String, parameters: FSRSParameters, calendar logCalendar: StudyCalendar, zone: String?, hour: Int?,
                     start startGiven: Date?, arguments: ParsedArguments, context: CommandContext) throws(CommandError) -> SimulationLearnerLog {
        let name = FileAccess.displayName(path)
        let source = try ReviewLogSource.read(path, limit: InputLimits.reviewLog, arguments: arguments, context: context,
                                              deckOption: ReviewLogSource.revlogDeck)
        let log = try source.columns(name: name)
        var calendar = logCalendar
        var anki: AnkiInput?
        if case .anki(let input) = source {
            anki = input
            calendar = try input.calendar(zone: zone, hour: hour, arguments: arguments)
        }
        let histories = ReviewTimelines(log: log, calendar: calendar, filter: .memoryState, cardCutoffs: anki?.cardCutoffs)
        guard histories.reviewCount > 0 else { throw .dataError("\(name): no review to derive the learner's habits from") }
        if log.numericTimesAreSeconds {
            let words = context.words
            context.writeError(words.sentence("report.warning", in: .commands, [
                "text": words.sentence("input.secondsNotMilliseconds", in: .commands, ["name": name]),
            ]))
        }
        for warning in TrainingInput.historyWarnings(histories.filterReport, words: context.words) {
            let text = context.words.sentence("input.fileWarning", in: .commands, ["name": name, "text": warning])
            context.writeError(context.words.sentence("report.warning", in: .commands, ["text": text]))
        }
        if !log.hasDurationColumn {
            context.writeError(context.words.sentence("report.warning", in: .commands, [
                "text": context.words.sentence("input.noDurationColumn", in: .commands, ["name": name]),
            ]))
        }
        var configuration = SchedulerConfiguration()
        configuration.parameters = parameters
        configuration.elapsedDays = .studyDays(calendar)
        let scheduler: CardScheduler
        do {
            scheduler = try CardScheduler(configuration)
        } catch {
            throw arguments.usageError(error.description)
        }
        let (cards, reviews) = histories.replay(with: scheduler)
        let start: SimulationRequest.ReviewLogStart
        do {
            start = try SimulationRequest.ReviewLogStart(replayedCards: cards, reviews: reviews, calendar: calendar, start: startGiven)
        } catch {
            guard case .startBeforeLastReview(let moment, let reason) = error else { throw arguments.usageError("\(error)") }
            throw arguments.usageError("--now \(TextFormatting.iso8601UTC(moment.timeIntervalSince1970)) is before the last review "
                                       + "of \(name) (\(reason.description))")
        }
        let items = TrainingDataset(ReviewTimelines(log: log, calendar: calendar, filter: ReviewLogFilter(), cardCutoffs: anki?.cardCutoffs)).itemCount
        return SimulationLearnerLog(name: name, start: start, itemCount: items, calendar: calendar, anki: anki)
    }

    /// The derived settings as an fsrs-rs `SimulatorConfig` JSON object (the `--save-config`
    /// file, and `derived` in the JSON output): its five fields and `learn_limit`, plus
    /// `new_cards_per_day` when `withRate`.
    func configuration(withRate: Bool) -> Configuration {
        Configuration(derived: derived, withRate: withRate)
    }

    /// The evidence behind the derived settings (`derivedFrom` in the JSON output).
    var evidence: Evidence {
        Evidence(reviews: derived.reviewCount, cards: derived.cardCount, newCards: derived.newCardCount, days: derived.dayCount,
                 items: itemCount, firstRatings: derived.firstRatingCounts, reviewRatings: derived.reviewRatingCounts,
                 learningTransitions: derived.learningTransitionCounts, relearningTransitions: derived.relearningTransitionCounts,
                 costSamples: derived.costSampleCounts, unusableDurations: derived.reviewsWithUnusableDuration)
    }

    /// The derived settings in fsrs-rs's `SimulatorConfig` field names, one member per line,
    /// numbers with at most six decimals.
    struct Configuration: JSONLaidOut {
        var jsonLayout: JSONLayout { .memberPerLine }
        let derived: DerivedSimulatorSettings
        let withRate: Bool

        func encode(to encoder: any Encoder) throws {
            typealias Number = SimulationJSON.ShortNumber
            func rows(_ values: [[Double]]) -> [[Number]] { values.map { $0.map(Number.init) } }
            var container = encoder.container(keyedBy: SimulationJSON.Key.self)
            try container.encode(derived.firstRatingProbabilities.map(Number.init), forKey: .init("first_rating_prob"))
            try container.encode(derived.reviewRatingProbabilities.map(Number.init), forKey: .init("review_rating_prob"))
            try container.encode(rows(derived.learningStepTransitions), forKey: .init("learning_step_transitions"))
            try container.encode(rows(derived.relearningStepTransitions), forKey: .init("relearning_step_transitions"))
            try container.encode(rows(derived.stateRatingCosts), forKey: .init("state_rating_costs"))
            try container.encode(derived.learnLimitPerDay, forKey: .init("learn_limit"))
            if withRate { try container.encode(Number(value: derived.newCardsPerDay), forKey: .init("new_cards_per_day")) }
        }
    }

    /// How much of the log each derived figure rests on, on one line.
    struct Evidence: Encodable {
        let reviews: Int
        let cards: Int
        let newCards: Int
        let days: Int
        let items: Int
        let firstRatings: [Int]
        let reviewRatings: [Int]
        let learningTransitions: [[Int]]
        let relearningTransitions: [[Int]]
        let costSamples: [[Int]]
        let unusableDurations: Int
    }

    /// The derived settings as lines of text for people, in `words`' language.
    func text(words: Localization) -> String {
        let d = derived
        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.sentence("simulate.habits." + key, in: .commands, values) }
        func probabilities(_ values: [Double]) -> String { values.map { TextFormatting.fixed($0, 3) }.joined(separator: " / ") }
        func seconds(_ values: [Double]) -> String { values.map { TextFormatting.fixed($0, 1) }.joined(separator: " / ") }
        func count(_ value: Int) -> String { SimulationTextReport.number(Double(value), 0) }
        var text = words.sentence("simulate.habits", in: .commands, [
            "name": name, "reviews": count(d.reviewCount), "cards": count(d.cardCount), "days": String(d.dayCount),
        ]) + "\n"
        func line(_ title: String, _ values: String, _ evidence: String) -> String {
            "  " + TextFormatting.padded(title, to: 44) + values + "   (" + evidence + ")\n"
        }
        text += line(say("firstRating"), probabilities(d.firstRatingProbabilities),
                     say("evidence.firstDays", ["count": count(d.firstRatingCounts.reduce(0, +))]))
        text += line(say("reviewRating"), probabilities(d.reviewRatingProbabilities),
                     say("evidence.recalled", ["count": count(d.reviewRatingCounts.dropFirst().reduce(0, +))]))
        for (phase, rows, counts) in [("learning", d.learningStepTransitions, d.learningTransitionCounts),
                                      ("relearning", d.relearningStepTransitions, d.relearningTransitionCounts)] {
            for index in 0 ..< 3 {
                let title = say("step", ["phase": say("phase." + phase), "rating": words.text("rating.\(index + 1)", in: .commands)])
                text += line(title, probabilities(rows[index]), say("evidence.steps", ["count": count(counts[index].reduce(0, +))]))
            }
        }
        for (index, state) in ["learning", "review", "relearning"].enumerated() {
            text += line(say("seconds", ["state": say("state." + state)]), seconds(d.stateRatingCosts[index]),
                         say("evidence.timed", ["count": count(d.costSampleCounts[index].reduce(0, +))]))
        }
        text += line(say("newCards"), "\(TextFormatting.fixed(d.newCardsPerDay, 2)) → \(d.learnLimitPerDay)",
                     say("evidence.newCards", ["count": count(d.newCardCount), "days": String(d.dayCount)]))
        return text
    }
}
