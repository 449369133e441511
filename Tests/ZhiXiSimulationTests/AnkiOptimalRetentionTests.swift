import Foundation
import Testing
@testable import ZhiXiSimulation

/// Anki's own optimal retention (`AnkiOptimalRetention`): fsrs-rs's Brent search, its sample
/// sizes, and its answer on a deck whose cards all carry the preset's retention.
@Suite("Anki's optimal retention")
struct AnkiOptimalRetentionTests {
    @Test("Brent's search on a flat objective ends where Anki's does, 0.9367321 after six steps")
    func flatObjective() {
        let search = AnkiOptimalRetention.brent { _ in 12.5 }
        // Anki 26.9.3's compute_optimal_retention on the reference collection's presets (optimal-retention.json).
        #expect(search.minimum == Float(0.9367321133613586))
        #expect(search.converged && search.evaluated.count == 7)
    }

    @Test("Brent's search finds the minimum of a smooth objective within its tolerance, inside 0.70-0.95")
    func smoothObjective() {
        for optimum: Float in [0.72, 0.8, 0.86, 0.93] {
            let search = AnkiOptimalRetention.brent { ($0 - optimum) * ($0 - optimum) + 3 }
            #expect(abs(search.minimum - optimum) < 0.01, "\(optimum): \(search.minimum)")
            #expect(search.converged && search.evaluated.count < 30)
        }
        // An objective falling all the way: the search ends at the upper bound's side.
        let falling = AnkiOptimalRetention.brent { 1 - $0 }
        #expect(falling.minimum > 0.93 && falling.minimum <= 0.95)
    }

    @Test("fsrs-rs's simulations per evaluation: 180 up to 30 days, 16 from a year, its formula between")
    func sampleSizes() {
        #expect(AnkiOptimalRetention.sampleSize(spanDays: 30) == 180)
        #expect(AnkiOptimalRetention.sampleSize(spanDays: 365) == 16)
        #expect(AnkiOptimalRetention.sampleSize(spanDays: 3650) == 16)
        #expect(AnkiOptimalRetention.sampleSize(spanDays: 180) == 34)   // 16 / (8.20e-7·180² + 2.41e-3·180 + 1.30e-2) = 33.8
        #expect(AnkiOptimalRetention.sampleSize(spanDays: 31) == 181)   // 16 / 0.0885 = 180.8
    }

    @Test("the answer on a simulated deck: every card at the carried retention, the objective the same at each retention tried")
    func answer() throws {
        var configuration = SimulatorConfiguration()
        configuration.deckSize = 300
        configuration.learnSpanDays = 365
        configuration.learnLimitPerDay = 10
        configuration.maximumCostPerDaySeconds = 0
        let simulator = try CardSimulator(configuration: configuration)
        let anki = try AnkiOptimalRetention(simulator: simulator, carriedRetention: 0.9)
        #expect(anki.retention == Double(Float(0.9367321133613586)))
        #expect(anki.sampleSize == 16 && anki.carriedRetention == 0.9 && anki.converged)
        #expect(Set(anki.secondsPerMemorized).count == 1)
        // The objective is the mean of 16 runs at the carried retention, seeds 42 to 57.
        let runs = try (42 ..< 58).map { try simulator.run(desiredRetention: 0.9, seed: UInt64($0)).summary }
        let mean = runs.map { $0.totalSeconds / $0.memorizedAtEnd }.reduce(0, +) / 16
        #expect(abs(anki.secondsPerMemorized[0] - Double(Float(mean))) < 1e-9)
        #expect(throws: SimulationConfigurationError.self) { try AnkiOptimalRetention(simulator: simulator, carriedRetention: 1.5) }
    }
}
