/// A review task from the planner's input, reduced to what replay needs: what became of it
/// and when (study day and seconds since 1970 of its completion, or of its scheduled time
/// when it has no completion time).
struct PlannerTaskRecord: Sendable {
    enum Outcome: Sendable { case pending, completed, skipped, cancelled }
    var outcome: Outcome
    var second: Double
    var day: Int
}
