import Foundation
import Testing
@testable import ZhiXiSimulation

@Suite("Simulator configuration (fsrs-rs SimulatorConfig)")
struct SimulatorConfigurationTests {
    @Test("the defaults are fsrs-rs's default_simulator_config()")
    func defaults() throws {
        let configuration = SimulatorConfiguration()
        #expect(configuration.deckSize == 10_000)
        #expect(configuration.learnSpanDays == 365)
        #expect(configuration.maximumCostPerDaySeconds == 1_800)
        #expect(configuration.maximumIntervalDays == 36_500)
        #expect(configuration.firstRatingProbabilities == [0.24, 0.094, 0.495, 0.171])
        #expect(configuration.reviewRatingProbabilities == [0.224, 0.631, 0.145])
        #expect(configuration.stateRatingCosts[1] == [19.38, 17.59, 12.38, 8.94])
        #expect(configuration.learningStepCount == 2 && configuration.relearningStepCount == 1)
        #expect(configuration.learnLimitPerDay == .max && configuration.reviewLimitPerDay == .max)
        #expect(configuration.newCardsIgnoreReviewLimit && configuration.suspendAfterLapses == nil)
        try configuration.validate()
    }

    @Test("JSON fields override the defaults; omitted ones keep them")
    func partialOverride() throws {
        let json = #"{"deck_size": 500, "learn_span": 90.0, "max_cost_perday": 600, "suspend_after_lapses": 4,"#
            + #" "review_rating_prob": [0.2, 0.6, 0.2], "new_cards_ignore_review_limit": false}"#
        let configuration = try SimulatorConfiguration(fsrsJSON: Data(json.utf8))
        #expect(configuration.deckSize == 500)
        #expect(configuration.learnSpanDays == 90)
        #expect(configuration.maximumCostPerDaySeconds == 600)
        #expect(configuration.suspendAfterLapses == 4)
        #expect(configuration.reviewRatingProbabilities == [0.2, 0.6, 0.2])
        #expect(!configuration.newCardsIgnoreReviewLimit)
        #expect(configuration.firstRatingProbabilities == SimulatorConfiguration().firstRatingProbabilities)
    }

    @Test("fsrs-rs's usize::MAX limits mean unlimited; null suspend_after_lapses means never")
    func unlimited() throws {
        let json = #"{"learn_limit": 18446744073709551615, "review_limit": 1e30, "suspend_after_lapses": null}"#
        let configuration = try SimulatorConfiguration(fsrsJSON: Data(json.utf8), base: SimulatorConfiguration(suspendAfterLapses: 3))
        #expect(configuration.learnLimitPerDay == .max)
        #expect(configuration.reviewLimitPerDay == .max)
        #expect(configuration.suspendAfterLapses == nil)
    }

    @Test("an unknown field is an error that names it")
    func unknownField() {
        #expect(throws: SimulationConfigurationError.unknownField("deck")) {
            try SimulatorConfiguration(fsrsJSON: Data(#"{"deck_size": 10, "deck": 5}"#.utf8))
        }
    }

    @Test("a probability row that does not sum to 1 is an error that names it", arguments: [
        (#"{"first_rating_prob": [0.3, 0.3, 0.3, 0.3]}"#, "first_rating_prob"),
        (#"{"review_rating_prob": [0.5, 0.4, 0.05]}"#, "review_rating_prob"),
        (#"{"learning_step_transitions": [[0.25, 0.25, 0.25, 0.25], [0.5, 0.5, 0, 0], [1, 0, 0, 0.5]]}"#, "learning_step_transitions[2]"),
    ])
    func probabilitySums(json: String, field: String) {
        do {
            _ = try SimulatorConfiguration(fsrsJSON: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            guard case .probabilitiesDoNotSumToOne(let named, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(named == field)
            #expect(error.description.contains(field))
        }
    }

    @Test("fsrs-rs's own rows, which sum to 0.9999–1.0001, are accepted")
    func defaultRowsWithinTolerance() throws {
        let sums = SimulatorConfiguration().learningStepTransitions.map { $0.reduce(0, +) }
        #expect(sums.contains { $0 != 1 })
        try SimulatorConfiguration().validate()
    }

    @Test("values of the wrong kind or out of range are errors that name the field", arguments: [
        (#"{"deck_size": "many"}"#, "deck_size"),
        (#"{"deck_size": 0}"#, "deck_size"),
        (#"{"learn_span": 12.5}"#, "learn_span"),
        (#"{"new_cards_ignore_review_limit": 1}"#, "new_cards_ignore_review_limit"),
        (#"{"state_rating_costs": [[1, 2, 3, 4], [1, 2, 3], [1, 2, 3, 4]]}"#, "state_rating_costs[1]"),
        (#"{"state_rating_costs": [[1, 2, 3, 4], [1, 2, -3, 4], [1, 2, 3, 4]]}"#, "state_rating_costs[1][2]"),
        (#"{"first_rating_prob": [1.5, -0.5, 0, 0]}"#, "first_rating_prob[0]"),
        (#"[1, 2]"#, "JSON object"),
    ])
    func badValues(json: String, field: String) {
        do {
            _ = try SimulatorConfiguration(fsrsJSON: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.contains(field), "\(error.description)")
        }
    }
}
