import Foundation
import Testing
import ZhiXiReviewEngine

/// The engine product's one file: only re-exports, one name per line, counted where the
/// architecture says it is.
@Suite("ZhiXiReviewEngine's surface")
struct EngineSurfaceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names the product re-exports, read from its file.
    static func exportedNames() throws -> [String] {
        let file = try String(contentsOf: root.appendingPathComponent("Sources/ZhiXiReviewEngine/ZhiXiReviewEngine.swift"), encoding: .utf8)
        var names: [String] = []
        for line in file.split(separator: "\n") where !line.hasPrefix("//") {
            let words = line.split(separator: " ")
            #expect(words.count == 4 && words[0] == "@_exported" && words[1] == "import", "not a re-export of one name: \(line)")
            if let qualified = words.last { names.append(String(qualified.split(separator: ".").last ?? qualified)) }
        }
        return names
    }

    @Test("the file holds re-exports only, each name once, and docs/ARCHITECTURE.md gives their count")
    func namesAreListedOnceAndCounted() throws {
        let names = try Self.exportedNames()
        #expect(Set(names).count == names.count, "a name is listed twice")
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        #expect(architecture.contains("`ZhiXiReviewEngine` re-exports \(names.count) names"),
                "docs/ARCHITECTURE.md must say: `ZhiXiReviewEngine` re-exports \(names.count) names")
    }

    @Test("every name resolves through the one import")
    func everyNameResolves() {
        // One use of each type, through `import ZhiXiReviewEngine` alone.
        let types: [Any.Type] = [
            Rating.self, MemoryState.self, FSRSParameters.self, MemoryModel.self,
            CardScheduler.self, SchedulerConfiguration.self, StudyCalendar.self, Card.self, CardState.self,
            CardReview.self, CardReviewResult.self, CardPreview.self, ReviewLogRow.self, ReviewLogColumns.self,
            ReviewPlanner.self, PlannerInput.self, PlannerResult.self, Lesson.self, LearningSession.self,
            UserLearningProfile.self, ReviewPlan.self, ReviewTask.self, ReviewType.self,
            CardSimulator.self, SimulatorConfiguration.self, SimulationResult.self, RetentionSweep.self, RetentionSweepResult.self,
            ParameterOptimizer.self, OptimizationResult.self, TrainingDataset.self, ModelEvaluator.self, EvaluationMetrics.self,
        ]
        let names = (try? Self.exportedNames()) ?? []
        #expect(Set(types.map { String(describing: $0) }) == Set(names), "the list above and the product's file differ")
    }
}
