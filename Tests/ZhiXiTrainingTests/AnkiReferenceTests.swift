import Foundation
import Testing
@testable import ZhiXiTraining

/// The proof against Anki itself: the reference collection (`Tests/Fixtures/Anki`, written by
/// Anki 26.9.3's scheduler over 150 days in America/New_York across the March clock change,
/// with cram and review-ahead filtered decks, Set Due Date, Forget, suspended and buried cards)
/// and Anki's own figures at a summer and a winter moment, read with no Anki installed.
@Suite("Anki's own figures on the reference collection")
struct AnkiReferenceTests {
    static let reference = AnkiReferenceCollection.shared
    static let moments = ["summer", "winter"]

    /// Every card's memory state as `states` computes it: Anki's rules for memory states, days
    /// as Anki counts them at the moment, the card's preset.
    static func memoryStates(at moment: AnkiReferenceCollection.Moment) throws -> [String: MemoryState] {
        var states: [String: MemoryState] = [:]
        for (id, card) in reference.cards {
            let preset = reference.presetName(ofCard: card)
            var log = ReviewLogColumns()
            AnkiReferenceCollection.append(card.revlog, cardID: id, to: &log)
            var filter = ReviewLogFilter.memoryState
            filter.ignoreBefore = reference.ignoreBefore(preset: preset)
            let days = ElapsedDaysPolicy.ankiDays(AnkiDayCount(nextDayAtSeconds: moment.nextDayAt))
            let timelines = ReviewTimelines(log: log, days: days, filter: filter)
            let scheduler = try CardScheduler(SchedulerConfiguration(parameters: try reference.parameters(preset: preset),
                                                                     fuzz: .off, elapsedDays: days))
            let summaries = CardScheduleSummary.summaries(of: timelines, scheduler: scheduler,
                                                          now: Date(timeIntervalSince1970: Double(moment.epoch)),
                                                          historicalRetention: reference.presets[preset]!.historicalRetention)
            if let summary = summaries.first { states[id] = summary.card.memoryState }
        }
        return states
    }

    @Test("every card's stability and difficulty within 1e-3 of Anki's compute_memory_state, in summer and in winter",
          arguments: moments)
    func memoryStates(moment name: String) throws {
        let moment = try #require(Self.reference.moments[name])
        let ours = try Self.memoryStates(at: moment)
        var largest = (stability: 0.0, difficulty: 0.0)
        var compared = 0
        for (id, anki) in moment.memoryStates {
            guard let anki else {
                #expect(ours[id] == nil, "card \(id): Anki has no memory state, we have \(String(describing: ours[id]))")
                continue
            }
            let state = try #require(ours[id], "card \(id): Anki has a memory state, we have none")
            largest.stability = max(largest.stability, abs(state.stability - anki.stability))
            largest.difficulty = max(largest.difficulty, abs(state.difficulty - anki.difficulty))
            #expect(abs(state.stability - anki.stability) <= 1e-3, "card \(id): stability \(state.stability), Anki \(anki.stability)")
            #expect(abs(state.difficulty - anki.difficulty) <= 1e-3, "card \(id): difficulty \(state.difficulty), Anki \(anki.difficulty)")
            compared += 1
        }
        #expect(compared > 250, "\(compared) cards with a memory state")
        print("\(name): \(compared) cards, largest differences stability \(largest.stability), difficulty \(largest.difficulty)")
    }

    @Test("the history holds every case: cram, review ahead, Set Due Date, Forget, suspended and buried cards")
    func everyCase() {
        let rows = Self.reference.cards.values.map(\.revlog)
        #expect(rows.filter { $0.contains { $0[6] == 3 && $0[4] == 0 } }.count >= 40, "cram")
        #expect(rows.filter { $0.contains { $0[6] == 3 && $0[4] != 0 } }.count >= 10, "review ahead")
        #expect(rows.filter { $0.contains { $0[6] == 4 && $0[4] != 0 } }.count >= 10, "Set Due Date")
        #expect(rows.filter { $0.contains { $0[6] == 4 && $0[4] == 0 } }.count >= 10, "Forget")
        #expect(Self.reference.cards.values.contains { $0.queue == -1 } && Self.reference.cards.values.contains { $0.queue == -3 })
    }

    @Test("across the clock change Anki's summer and winter states differ, and so do ours, on the same cards")
    func clockChange() throws {
        let summer = try Self.memoryStates(at: try #require(Self.reference.moments["summer"]))
        let winter = try Self.memoryStates(at: try #require(Self.reference.moments["winter"]))
        let differing = summer.keys.filter { id in
            guard let a = summer[id], let b = winter[id] else { return false }
            return abs(a.stability - b.stability) > 1e-3 || abs(a.difficulty - b.difficulty) > 1e-3
        }
        #expect(Self.reference.differences.cards > 50)
        #expect(Set(differing) == Set(Self.reference.differences.cardIds))
    }

    /// A preset's training items as `optimize` builds them at a moment.
    static func dataset(preset: String, moment: AnkiReferenceCollection.Moment) -> TrainingDataset {
        let filter = ReviewLogFilter(purpose: .training, ignoreBefore: reference.ignoreBefore(preset: preset))
        return TrainingDataset(ReviewTimelines(log: reference.trainingLog(preset: preset),
                                               days: .ankiDays(AnkiDayCount(nextDayAtSeconds: moment.nextDayAt)), filter: filter))
    }

    @Test("the optimizer's items are Anki's, and fsrs-rs's evaluate on them is Anki's evaluate_params_legacy",
          arguments: moments)
    func sameItemsSameScorer(moment name: String) throws {
        let moment = try #require(Self.reference.moments[name])
        for (preset, figures) in moment.presets.sorted(by: { $0.key < $1.key }) {
            let dataset = Self.dataset(preset: preset, moment: moment)
            #expect(dataset.itemCount == figures.fit.items, "\(name) \(preset): \(dataset.itemCount) items, Anki \(figures.fit.items)")
            for (label, score) in figures.evaluation {
                let weights: [Double] = switch label {
                case "defaults": []
                case "current": figures.currentParameters
                case "optimizer": figures.optimizer.parameters
                default: figures.fit.parameters
                }
                let parameters = weights.isEmpty ? FSRSParameters.default : try FSRSParameters(weights)
                let metrics = ModelEvaluator.metrics(predictions: ModelEvaluator.predictions(of: parameters, on: dataset),
                                                     dataset: dataset, items: 0 ..< dataset.itemCount, weighting: .recency)
                #expect(abs(metrics.logLoss - score.logLoss) < 2e-5, "\(name) \(preset) \(label): log loss \(metrics.logLoss), Anki \(score.logLoss)")
                #expect(abs(metrics.rmseBins - score.rmseBins) < 2e-5, "\(name) \(preset) \(label): RMSE \(metrics.rmseBins), Anki \(score.rmseBins)")
            }
        }
    }

    @Test("true local calendar days (--elapsed calendar) are not Anki's count: across the clock change they differ on many cards")
    func calendarDaysDiffer() throws {
        let calendar = try StudyCalendar(timeZoneIdentifier: Self.reference.zone, dayStartHour: 4)
        for name in Self.moments {
            let moment = try #require(Self.reference.moments[name])
            var differing = 0
            for (id, card) in Self.reference.cards {
                guard let anki = moment.memoryStates[id] ?? nil else { continue }
                let preset = Self.reference.presetName(ofCard: card)
                var log = ReviewLogColumns()
                AnkiReferenceCollection.append(card.revlog, cardID: id, to: &log)
                var filter = ReviewLogFilter.memoryState
                filter.ignoreBefore = Self.reference.ignoreBefore(preset: preset)
                let timelines = ReviewTimelines(log: log, days: .studyDays(calendar), filter: filter)
                let scheduler = try CardScheduler(SchedulerConfiguration(parameters: try Self.reference.parameters(preset: preset),
                                                                         fuzz: .off, elapsedDays: .studyDays(calendar)))
                let state = try #require(CardScheduleSummary.summaries(of: timelines, scheduler: scheduler,
                                                                       now: Date(timeIntervalSince1970: Double(moment.epoch))).first?.card.memoryState)
                if abs(state.stability - anki.stability) > 1e-3 || abs(state.difficulty - anki.difficulty) > 1e-3 { differing += 1 }
            }
            print("\(name): calendar days differ from Anki's figures on \(differing) cards")
            #expect(differing > 20, "\(name): \(differing)")
        }
    }

    @Test("optimize fits as Anki does: its fit scores no worse than Anki's fit on Anki's scorer, and Anki's keep rule keeps what Anki keeps",
          arguments: moments)
    func optimizeNoWorse(moment name: String) async throws {
        let moment = try #require(Self.reference.moments[name])
        for (preset, figures) in moment.presets.sorted(by: { $0.key < $1.key }) {
            let dataset = Self.dataset(preset: preset, moment: moment)
            var configuration = OptimizerConfiguration.anki
            configuration.relearningStepCount = figures.relearningStepsWithinADay
            let fit = await ParameterOptimizer(configuration: configuration).optimize(dataset)
            func score(_ parameters: FSRSParameters) -> Double {
                ModelEvaluator.logLoss(predictions: ModelEvaluator.predictions(of: parameters, on: dataset), dataset: dataset,
                                       items: 0 ..< dataset.itemCount, weighting: .recency)
            }
            // Both fits on the same scorer (ours computes Anki's evaluate within 2e-5, so the fits are compared on one of them).
            let ankiFit = score(try FSRSParameters(figures.fit.parameters))
            print("\(name) \(preset): our fit \(score(fit.parameters)), Anki's fit \(ankiFit) (Anki reports \(figures.evaluation["fit"]!.logLoss))")
            #expect(score(fit.parameters) <= ankiFit + 1e-9, "\(name) \(preset)")
            let current = try Self.reference.parameters(preset: preset)
            let selection = ParameterSelection(fitted: fit.parameters, current: current, dataset: dataset,
                                               relearningStepCount: figures.relearningStepsWithinADay)
            let anki = try #require(figures.evaluation["optimizer"]).logLoss
            #expect(score(selection.parameters) <= anki + 2e-5, "\(name) \(preset): ours \(score(selection.parameters)), Anki \(anki)")
            if figures.optimizer.keptCurrent == true, selection.fittedLogLoss >= selection.currentLogLoss {
                #expect(selection.outcome == .keptCurrent, "\(name) \(preset): Anki kept the current parameters, and so must we")
            }
        }
    }

    @Test("evaluate --splits 6 (fsrs-rs's 5 splits, fitted as Anki fits, pooled) is comparable with Anki's evaluate_params: within 0.001",
          arguments: moments)
    func evaluateComparable(moment name: String) async throws {
        let moment = try #require(Self.reference.moments[name])
        for (preset, figures) in moment.presets.sorted(by: { $0.key < $1.key }) {
            let dataset = Self.dataset(preset: preset, moment: moment)
            var configuration = OptimizerConfiguration.anki
            configuration.relearningStepCount = figures.relearningStepsWithinADay
            let evaluation = try await TimeSeriesEvaluator(foldCount: 6, optimizer: ParameterOptimizer(configuration: configuration))
                .evaluate(dataset)
            let pooled = evaluation.candidate.pooled
            print("\(name) \(preset): ours \(pooled.logLoss) / \(pooled.rmseBins), Anki \(figures.timeSeriesEvaluation.logLoss) / \(figures.timeSeriesEvaluation.rmseBins)")
            #expect(pooled.itemCount == dataset.itemCount - dataset.itemCount / 6)
            #expect(abs(pooled.logLoss - figures.timeSeriesEvaluation.logLoss) <= 0.001, "\(name) \(preset) log loss")
            #expect(abs(pooled.rmseBins - figures.timeSeriesEvaluation.rmseBins) <= 0.005, "\(name) \(preset) RMSE (bins)")
        }
    }

    /// `Tests/Fixtures/Anki/fold-fits.json` (Benchmarks/compare/anki/fold_fits.py): fsrs-rs's own
    /// fits of each split's training items, and its figure for them.
    struct FoldFits: Decodable {
        struct Split: Decodable {
            var trainingItems: Int
            var parameters: [Double]
        }

        struct Preset: Decodable {
            var items: Int
            var splits: [Split]
            var fsrsRs: AnkiReferenceCollection.Score
            var anki: AnkiReferenceCollection.Score
        }

        var moments: [String: [String: Preset]]
    }

    @Test("with fsrs-rs's own fits per fold, evaluate's pooling gives Anki's evaluate_params figure", arguments: moments)
    func foldFitsGiveAnkisFigure(moment name: String) throws {
        let data = try Data(contentsOf: AnkiReferenceCollection.directory.appendingPathComponent("fold-fits.json"))
        let fits = try JSONDecoder().decode(FoldFits.self, from: data)
        let moment = try #require(Self.reference.moments[name])
        for (preset, figures) in try #require(fits.moments[name]).sorted(by: { $0.key < $1.key }) {
            let dataset = Self.dataset(preset: preset, moment: moment)
            #expect(dataset.itemCount == figures.items)
            #expect(figures.splits.map(\.trainingItems) == (1 ... 5).map { $0 * (dataset.itemCount / 6) })
            let evaluation = try TimeSeriesEvaluator(foldCount: 6)
                .evaluate(dataset, foldParameters: try figures.splits.map { try FSRSParameters($0.parameters) })
            let pooled = evaluation.candidate.pooled
            #expect(abs(figures.fsrsRs.logLoss - figures.anki.logLoss) < 1e-5, "fsrs-rs-python reproduces Anki's figure")
            #expect(abs(pooled.logLoss - figures.anki.logLoss) < 2e-5, "\(name) \(preset): \(pooled.logLoss), Anki \(figures.anki.logLoss)")
            #expect(abs(pooled.rmseBins - figures.anki.rmseBins) < 2e-5, "\(name) \(preset): \(pooled.rmseBins), Anki \(figures.anki.rmseBins)")
        }
    }
}
