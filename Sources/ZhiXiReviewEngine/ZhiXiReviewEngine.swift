// ZhiXiReviewEngine: the whole engine a newcomer needs, in one import. Each line below names
// one public type of the libraries underneath and re-exports it; nothing else is re-exported,
// so this list is the engine's surface (docs/ARCHITECTURE.md counts it, and
// `EngineSurfaceTests` fails if a name here stops resolving or the count drifts).
//
//     import ZhiXiReviewEngine
//     let scheduler = CardScheduler()
//     let review = scheduler.review(Card(id: 1, due: .now), rating: .good, at: .now)

// The memory model (FSRS-6): answers, a card's memory, the 21 parameters, the maths.
@_exported import enum ZhiXiMemory.Rating
@_exported import struct ZhiXiMemory.MemoryState
@_exported import struct ZhiXiMemory.FSRSParameters
@_exported import struct ZhiXiMemory.MemoryModel

// The card scheduler: cards, their states, a review and what each answer would do.
@_exported import struct ZhiXiScheduler.CardScheduler
@_exported import struct ZhiXiScheduler.SchedulerConfiguration
@_exported import struct ZhiXiScheduler.StudyCalendar
@_exported import struct ZhiXiScheduler.Card
@_exported import enum ZhiXiScheduler.CardState
@_exported import struct ZhiXiScheduler.CardReview
@_exported import struct ZhiXiScheduler.CardReviewResult
@_exported import struct ZhiXiScheduler.CardPreview

// The review log: one row per review, and the reader of the FSRS review-log CSV.
@_exported import struct ZhiXiScheduler.ReviewLogRow
@_exported import struct ZhiXiScheduler.ReviewLogColumns

// The review planner: a learner's lessons and sessions in, dated review tasks out.
@_exported import struct ZhiXiPlanner.ReviewPlanner
@_exported import struct ZhiXiPlanner.PlannerInput
@_exported import struct ZhiXiPlanner.PlannerResult
@_exported import struct ZhiXiModel.Lesson
@_exported import struct ZhiXiModel.LearningSession
@_exported import struct ZhiXiModel.UserLearningProfile
@_exported import struct ZhiXiModel.ReviewPlan
@_exported import struct ZhiXiModel.ReviewTask
@_exported import enum ZhiXiModel.ReviewType

// The simulator: a year of learning under a desired retention, and a sweep of retentions.
@_exported import struct ZhiXiSimulation.CardSimulator
@_exported import struct ZhiXiSimulation.SimulatorConfiguration
@_exported import struct ZhiXiSimulation.SimulationResult
@_exported import struct ZhiXiSimulation.RetentionSweep
@_exported import struct ZhiXiSimulation.RetentionSweepResult

// The optimizer and the evaluator: parameters fitted to a learner's own history, and scored.
@_exported import struct ZhiXiTraining.ParameterOptimizer
@_exported import struct ZhiXiTraining.OptimizationResult
@_exported import struct ZhiXiTraining.TrainingDataset
@_exported import enum ZhiXiTraining.ModelEvaluator
@_exported import struct ZhiXiTraining.EvaluationMetrics
