import Foundation
import ZhiXiModel

/// Finds every review of every lesson in a planner input — sessions (with the analysis that
/// describes each, if any) and analyses without a session — checks them, and groups them by
/// lesson in time order.
struct LessonEventCollector {
    let input: PlannerInput
    let calendar: StudyCalendar
    let lessonIndexById: [String: Int32]

    /// The events grouped by lesson: lesson `i`'s events, oldest first, are
    /// `events[lessonStarts[i] ..< lessonStarts[i + 1]]`.
    struct Collected: Sendable {
        var events: [LessonEvent]
        var lessonStarts: [Int]
        var unattributedAnalyses: Int
    }

    /// Collects and checks the events. O(n log n); the per-session work runs on all cores.
    /// - Throws: ``PlannerError`` for an unknown lesson or a score outside 0–100 (the first in
    ///   input order).
    func collect() throws(PlannerError) -> Collected {
        let sessions = input.sessions
        let analyses = input.analyses
        let (sessionAnalysis, standaloneAnalyses) = linkAnalyses()
        let lessonIndexById = lessonIndexById
        let calendar = calendar

        // Sessions → events, in parallel chunks.
        let chunks = ParallelChunks.map(count: sessions.count, minimumChunk: 20_000) { range -> Result<[LessonEventWithLesson], PlannerError> in
            var events: [LessonEventWithLesson] = []
            events.reserveCapacity(range.count)
            for index in range {
                let session = sessions[index]
                guard let lesson = lessonIndexById[session.lessonId] else {
                    return .failure(.unknownLessonInSession(index: index, sessionId: session.id, lessonId: session.lessonId))
                }
                let analysis = sessionAnalysis.isEmpty ? -1 : sessionAnalysis[index]
                var score = -1
                if let value = session.masteryScore {
                    guard (0...100).contains(value) else {
                        return .failure(.sessionScoreOutOfRange(index: index, sessionId: session.id, score: value))
                    }
                    score = value
                } else if analysis >= 0 {
                    let value = analyses[Int(analysis)].masteryScore
                    guard (0...100).contains(value) else {
                        return .failure(.analysisScoreOutOfRange(index: Int(analysis), analysisId: analyses[Int(analysis)].id, score: value))
                    }
                    score = value
                }
                let second = (session.endedAt ?? session.startedAt).timeIntervalSince1970
                events.append(LessonEventWithLesson(lesson: lesson, event: LessonEvent(
                    second: second, day: calendar.dayNumber(ofSecondsSince1970: second), order: Int32(index),
                    score: Int16(score), sessionIndex: Int32(index), analysisIndex: analysis)))
            }
            return .success(events)
        }
        var all: [LessonEventWithLesson] = []
        all.reserveCapacity(sessions.count + standaloneAnalyses.count)
        for chunk in chunks {
            switch chunk {
            case .success(let events): all.append(contentsOf: events)
            case .failure(let error): throw error
            }
        }

        // Analyses without a session are reviews of their lesson of their own.
        var unattributed = 0
        for index in standaloneAnalyses {
            let analysis = analyses[index]
            guard let lessonId = analysis.lessonId else {
                unattributed += 1
                continue
            }
            guard let lesson = lessonIndexById[lessonId] else {
                throw .unknownLessonInAnalysis(index: index, analysisId: analysis.id, lessonId: lessonId)
            }
            guard (0...100).contains(analysis.masteryScore) else {
                throw .analysisScoreOutOfRange(index: index, analysisId: analysis.id, score: analysis.masteryScore)
            }
            let second = analysis.createdAt.timeIntervalSince1970
            all.append(LessonEventWithLesson(lesson: lesson, event: LessonEvent(
                second: second, day: calendar.dayNumber(ofSecondsSince1970: second), order: Int32(sessions.count + index),
                score: Int16(analysis.masteryScore), sessionIndex: -1, analysisIndex: Int32(index))))
        }

        // Group by lesson (counting sort), then order each lesson's events by time.
        let lessonCount = input.lessons.count
        var starts = [Int](repeating: 0, count: lessonCount + 1)
        for item in all { starts[Int(item.lesson) + 1] += 1 }
        for lesson in 0..<lessonCount { starts[lesson + 1] += starts[lesson] }
        var next = starts
        let placeholder = LessonEvent(second: 0, day: 0, order: 0, score: -1, sessionIndex: -1, analysisIndex: -1)
        var events = [LessonEvent](repeating: placeholder, count: all.count)
        for item in all {
            events[next[Int(item.lesson)]] = item.event
            next[Int(item.lesson)] += 1
        }
        for lesson in 0..<lessonCount where starts[lesson + 1] - starts[lesson] > 1 {
            let range = starts[lesson] ..< starts[lesson + 1]
            let inOrder = zip(events[range], events[range].dropFirst()).allSatisfy { Self.precedes($0, $1) }
            if !inOrder { events[range].sort(by: Self.precedes) }
        }
        return Collected(events: events, lessonStarts: starts, unattributedAnalyses: unattributed)
    }

    static func precedes(_ lhs: LessonEvent, _ rhs: LessonEvent) -> Bool {
        lhs.second < rhs.second || (lhs.second == rhs.second && lhs.order < rhs.order)
    }

    /// Links analyses to the sessions they describe: by the session's `analysisId`, else by the
    /// analysis's `sessionId`. Returns each session's analysis (-1: none; empty when there are
    /// no analyses) and the analyses that describe no session, in input order.
    private func linkAnalyses() -> (sessionAnalysis: [Int32], standalone: [Int]) {
        let sessions = input.sessions
        let analyses = input.analyses
        guard !analyses.isEmpty else { return ([], []) }
        var sessionAnalysis = [Int32](repeating: -1, count: sessions.count)
        var linked = [Bool](repeating: false, count: analyses.count)
        if sessions.contains(where: { $0.analysisId != nil }) {
            var analysisById: [String: Int32] = [:]
            analysisById.reserveCapacity(analyses.count)
            for (index, analysis) in analyses.enumerated() where analysisById[analysis.id] == nil {
                analysisById[analysis.id] = Int32(index)
            }
            for (index, session) in sessions.enumerated() {
                if let id = session.analysisId, let analysis = analysisById[id] {
                    sessionAnalysis[index] = analysis
                    linked[Int(analysis)] = true
                }
            }
        }
        if analyses.contains(where: { $0.sessionId != nil }) {
            var sessionById: [String: Int32] = [:]
            sessionById.reserveCapacity(sessions.count)
            for (index, session) in sessions.enumerated() where sessionById[session.id] == nil {
                sessionById[session.id] = Int32(index)
            }
            for (index, analysis) in analyses.enumerated() where !linked[index] {
                guard let id = analysis.sessionId, let session = sessionById[id] else { continue }
                linked[index] = true
                if sessionAnalysis[Int(session)] < 0 { sessionAnalysis[Int(session)] = Int32(index) }
            }
        }
        return (sessionAnalysis, linked.indices.filter { !linked[$0] })
    }
}

/// An event with the lesson it belongs to, before grouping.
struct LessonEventWithLesson: Sendable {
    var lesson: Int32
    var event: LessonEvent
}
