import ZhiXiModel

/// Borrowed views of a planner input's records, so that hot loops read single fields of a
/// session, analysis or lesson in place instead of copying the whole record (and retaining
/// every string in it). Valid only inside ``PlannerInput/withRecords(_:)``; the input is not
/// mutated while the views exist, so reading them from several threads is safe.
// Safe: buffer pointers cross threads, to records nobody mutates while the views exist.
struct PlannerRecords: @unchecked Sendable {
    let sessions: UnsafeBufferPointer<LearningSession>
    let analyses: UnsafeBufferPointer<AIAnalysis>
    let lessons: UnsafeBufferPointer<Lesson>
}

extension PlannerInput {
    /// Runs `body` with borrowed views of the input's sessions, analyses and lessons.
    func withRecords<Result>(_ body: (PlannerRecords) throws(PlannerError) -> Result) throws(PlannerError) -> Result {
        try sessions.withUnsafeBufferPointer { (sessions) throws(PlannerError) -> Result in
            try analyses.withUnsafeBufferPointer { (analyses) throws(PlannerError) -> Result in
                try lessons.withUnsafeBufferPointer { (lessons) throws(PlannerError) -> Result in
                    try body(PlannerRecords(sessions: sessions, analyses: analyses, lessons: lessons))
                }
            }
        }
    }
}
