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
    ///
    /// The error crosses `withUnsafeBufferPointer` as a value: its typed-throws form needs
    /// Swift 6.1's standard library, and the package builds with Swift 6.0 (Xcode 16.0).
    func withRecords<Value>(_ body: (PlannerRecords) throws(PlannerError) -> Value) throws(PlannerError) -> Value {
        let outcome = sessions.withUnsafeBufferPointer { sessions in
            analyses.withUnsafeBufferPointer { analyses in
                lessons.withUnsafeBufferPointer { lessons -> Result<Value, PlannerError> in
                    do throws(PlannerError) {
                        return .success(try body(PlannerRecords(sessions: sessions, analyses: analyses, lessons: lessons)))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}
