import Testing
@testable import ZhiXiSimulation

@Suite("Retention sweep")
struct RetentionSweepTests {
    @Test("the recommendation is the minimum of the sweep's own table of cost per memorized item")
    func recommendationIsTheMinimum() async throws {
        let sweep = try RetentionSweep(retentions: RetentionSweep.retentions(from: 0.70, through: 0.95, step: 0.05), seeds: [1, 2, 3])
        let result = await sweep.run(try CardSimulator(configuration: smallConfiguration()))
        #expect(result.points.map(\.desiredRetention) == [0.7, 0.75, 0.8, 0.85, 0.9, 0.95])
        #expect(result.points.allSatisfy { $0.seeds == [1, 2, 3] })
        let means = result.points.map { $0.statistics(.secondsPerMemorized).mean }
        let minimum = means.min()!
        #expect(result.costs.allSatisfy { $0.verdict == .measured }, "thousands of items memorized: every cost is measured")
        let recommendation = try #require(result.recommendation)
        let recommended = try #require(result.points.first { $0.desiredRetention == recommendation.retention })
        #expect(recommended.statistics(.secondsPerMemorized).mean == minimum)
        #expect(recommendation.secondsPerItem.mean == minimum)
        #expect(recommendation.plausibleRange.contains(recommendation.retention))
        #expect(recommendation.seedOptimaRange.lowerBound >= 0.7 && recommendation.seedOptimaRange.upperBound <= 0.95)
    }

    @Test("a sweep's runs are the runs of the simulator itself, whatever order the tasks finished in")
    func sweepRunsMatchSingleRuns() async throws {
        let simulator = try zhiXiSimulator()
        let sweep = try RetentionSweep(retentions: [0.8, 0.9], seeds: [5, 6])
        let result = await sweep.run(simulator)
        for point in result.points {
            for run in point.runs {
                #expect(run == (try simulator.run(desiredRetention: point.desiredRetention, seed: run.seed)))
            }
        }
    }

    @Test("retention ranges include their end and print cleanly")
    func ranges() throws {
        let values = try RetentionSweep.retentions(from: 0.70, through: 0.97, step: 0.01)
        #expect(values.count == 28)
        #expect(values.first == 0.7 && values.last == 0.97 && values[3] == 0.73)
        #expect(throws: SimulationConfigurationError.self) { try RetentionSweep.retentions(from: 0.9, through: 0.8, step: 0.01) }
        #expect(throws: SimulationConfigurationError.self) { try RetentionSweep(retentions: [0.5, 1.0], seeds: [1]) }
    }

    @Test("mean and sample standard deviation")
    func statistics() {
        let stats = MeanAndDeviation([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(stats.mean == 5)
        #expect(abs(stats.standardDeviation - 2.138089935299395) < 1e-12)
        #expect(MeanAndDeviation([3]).standardDeviation == 0)
    }
}
