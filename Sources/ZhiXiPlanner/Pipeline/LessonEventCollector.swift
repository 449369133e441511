import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiScheduler

/// Finds every review of every lesson in a planner input — sessions (with the analysis that
/// describes each, if any) and analyses without a session — checks them, and groups them by
/// lesson in time order.
struct LessonEventCollector {
    let records: PlannerRecords
    let calendar: StudyCalendar
    let lessonIndexByID: LessonIDIndex
    /// Records after this instant (seconds since 1970) have not happened yet and are left out.
    let nowSecond: Double

    /// What the collector noticed about the records, for the plan's notes.
    struct Findings: Sendable {
        /// Analyses with neither a session nor a lesson.
        var unattributedAnalyses = 0
        /// Sessions and analyses dated after the planning time.
        var futureRecords = 0
        /// Sessions and standalone analyses whose id an earlier one has; only the first counts.
        var duplicateSessionIDs = 0
        var duplicateAnalysisIDs = 0
        /// Sessions whose score differs from their analysis's (the session's counts), with the
        /// first in input order.
        var scoreDisagreements = 0
        var firstDisagreement: (session: Int32, analysis: Int32)?
        /// Analyses whose lesson is not their session's (the session's counts), with the first.
        var analysesOfOtherLessons = 0
        var firstAnalysisOfOtherLesson: (session: Int32, analysis: Int32)?

        mutating func add(_ other: Findings) {
            unattributedAnalyses += other.unattributedAnalyses
            futureRecords += other.futureRecords
            duplicateSessionIDs += other.duplicateSessionIDs
            duplicateAnalysisIDs += other.duplicateAnalysisIDs
            scoreDisagreements += other.scoreDisagreements
            firstDisagreement = firstDisagreement ?? other.firstDisagreement
            analysesOfOtherLessons += other.analysesOfOtherLessons
            firstAnalysisOfOtherLesson = firstAnalysisOfOtherLesson ?? other.firstAnalysisOfOtherLesson
        }
    }

    /// The events grouped by lesson: lesson `i`'s events, oldest first, are
    /// `events[lessonStarts[i] ..< lessonStarts[i + 1]]`.
    struct Collected: Sendable {
        var events: [LessonEvent]
        var lessonStarts: [Int]
        /// The weak points the events named (see ``LessonEvent/mentionStart``).
        var mentions: [WeakPointMention]
        var findings: Findings
    }

    /// Collects and checks the events. O(n log n); the per-session work runs on all cores.
    ///
    /// Left out, and counted in the findings: sessions and analyses after the planning time,
    /// and records whose id an earlier record of the same kind has. A session's own score
    /// counts over its analysis's, and its lesson over the analysis's.
    /// - Throws: ``PlannerError`` for an unknown lesson or a score outside 0–100 (the first in
    ///   input order).
    func collect() throws(PlannerError) -> Collected {
        let links = linkAnalyses()
        var (parts, findings) = try sessionEvents(analysisOfSession: links.sessionAnalysis)
        let standalone = try standaloneAnalysisEvents(links.standalone, findings: &findings)
        if !standalone.events.isEmpty { parts.append(standalone) }
        let (events, lessonStarts, mentions) = Self.groupByLesson(parts, lessonCount: records.lessons.count)
        return Collected(events: events, lessonStarts: lessonStarts, mentions: mentions, findings: findings)
    }

    /// The error for an analysis whose score is outside 0–100, or `nil`: one check for the
    /// analyses linked to a session and those without one.
    private static func analysisScoreRefusal(_ analysis: AIAnalysis, index: Int) -> PlannerError? {
        guard let score = analysis.masteryScore, !(0...100).contains(score) else { return nil }
        return .analysisScoreOutOfRange(index: index, analysisID: analysis.id, score: score)
    }

    /// The events of one part of the records (a chunk of sessions, or the analyses without a
    /// session), each with its lesson, and the weak points they name.
    private typealias Part = (events: [LessonEventWithLesson], mentions: [WeakPointMention])

    /// Phase 1: every session (with the analysis linked to it: `analysisOfSession`, empty when
    /// there are no analyses) as an event, in parallel chunks, one part per chunk in session
    /// order; what was left out, in the findings.
    private func sessionEvents(analysisOfSession sessionAnalysis: [Int32]) throws(PlannerError) -> (parts: [Part], findings: Findings) {
        let records = records
        let lessonIndexByID = lessonIndexByID
        let calendar = calendar
        let nowSecond = nowSecond
        let duplicateSessions = Self.laterDuplicates(count: records.sessions.count) { records.sessions[$0].id }

        typealias Chunk = (events: [LessonEventWithLesson], mentions: [WeakPointMention], findings: Findings)
        let chunks = ParallelChunks.map(count: records.sessions.count, minimumChunk: 20_000) { range -> Result<Chunk, PlannerError> in
            var events: [LessonEventWithLesson] = []
            var mentions: [WeakPointMention] = []
            var findings = Findings()
            events.reserveCapacity(range.count)
            mentions.reserveCapacity(range.count * 2)
            for index in range {
                let session = records.sessions[index]
                guard let lesson = lessonIndexByID.position(of: session.lessonID) else {
                    return .failure(.unknownLessonInSession(index: index, sessionID: session.id, lessonID: session.lessonID))
                }
                let analysis = sessionAnalysis.isEmpty ? -1 : sessionAnalysis[index]
                var score = -1
                if let value = session.masteryScore {
                    guard (0...100).contains(value) else {
                        return .failure(.sessionScoreOutOfRange(index: index, sessionID: session.id, score: value))
                    }
                    score = value
                }
                if analysis >= 0, let value = records.analyses[Int(analysis)].masteryScore {
                    if let refusal = Self.analysisScoreRefusal(records.analyses[Int(analysis)], index: Int(analysis)) {
                        return .failure(refusal)
                    }
                    if score < 0 {
                        score = value
                    } else if score != value {
                        findings.scoreDisagreements += 1
                        if findings.firstDisagreement == nil { findings.firstDisagreement = (Int32(index), analysis) }
                    }
                }
                if analysis >= 0, let analysisLesson = records.analyses[Int(analysis)].lessonID, analysisLesson != session.lessonID {
                    findings.analysesOfOtherLessons += 1
                    if findings.firstAnalysisOfOtherLesson == nil { findings.firstAnalysisOfOtherLesson = (Int32(index), analysis) }
                }
                let second = (session.endedAt ?? session.startedAt).timeIntervalSince1970
                guard second <= nowSecond else {
                    findings.futureRecords += 1
                    continue
                }
                guard !duplicateSessions.contains(index) else {
                    findings.duplicateSessionIDs += 1
                    continue
                }
                var event = LessonEvent(second: second, day: calendar.dayNumber(ofSecondsSince1970: second), order: Int32(index),
                                        score: Int16(score), sessionIndex: Int32(index), analysisIndex: analysis)
                event.mentionStart = Int32(mentions.count)
                Self.mention(session.weakPoints, isAnalysis: false, recordIndex: Int32(index), into: &mentions, from: mentions.count)
                if analysis >= 0 {
                    Self.mention(records.analyses[Int(analysis)].weakPoints, isAnalysis: true, recordIndex: analysis,
                                 into: &mentions, from: Int(event.mentionStart))
                }
                event.mentionCount = Int32(mentions.count) - event.mentionStart
                events.append(LessonEventWithLesson(lesson: lesson, event: event))
            }
            return .success((events, mentions, findings))
        }
        var parts: [Part] = []
        parts.reserveCapacity(chunks.count + 1)
        var findings = Findings()
        for chunk in chunks {
            switch chunk {
            case .success(let chunk):
                parts.append((chunk.events, chunk.mentions))
                findings.add(chunk.findings)
            case .failure(let error): throw error
            }
        }
        return (parts, findings)
    }

    /// Phase 2: the analyses without a session, each a review of its lesson of its own (the
    /// last part); those of no lesson, after `now` or with a repeated id are counted in
    /// `findings` and left out.
    private func standaloneAnalysisEvents(_ standaloneAnalyses: [Int], findings: inout Findings) throws(PlannerError) -> Part {
        let records = records
        var standalone: Part = ([], [])
        let duplicateAnalyses = Self.laterDuplicates(count: records.analyses.count) { records.analyses[$0].id }
        for index in standaloneAnalyses {
            let analysis = records.analyses[index]   // few: analyses without a session
            guard let lessonID = analysis.lessonID else {
                findings.unattributedAnalyses += 1
                continue
            }
            guard let lesson = lessonIndexByID.position(of: lessonID) else {
                throw .unknownLessonInAnalysis(index: index, analysisID: analysis.id, lessonID: lessonID)
            }
            var score = -1
            if let value = analysis.masteryScore {
                if let refusal = Self.analysisScoreRefusal(analysis, index: index) { throw refusal }
                score = value
            }
            let second = analysis.createdAt.timeIntervalSince1970
            guard second <= nowSecond else {
                findings.futureRecords += 1
                continue
            }
            guard !duplicateAnalyses.contains(index) else {
                findings.duplicateAnalysisIDs += 1
                continue
            }
            var event = LessonEvent(second: second, day: calendar.dayNumber(ofSecondsSince1970: second),
                                    order: Int32(records.sessions.count + index), score: Int16(score),
                                    sessionIndex: -1, analysisIndex: Int32(index))
            event.mentionStart = Int32(standalone.mentions.count)
            Self.mention(analysis.weakPoints, isAnalysis: true, recordIndex: Int32(index), into: &standalone.mentions,
                         from: standalone.mentions.count)
            event.mentionCount = Int32(standalone.mentions.count) - event.mentionStart
            standalone.events.append(LessonEventWithLesson(lesson: lesson, event: event))
        }
        return standalone
    }

    /// Phase 3: the parts' events grouped by lesson, each lesson's in time order, and the
    /// parts' weak-point mentions in one array (each event's `mentionStart` moved with it).
    private static func groupByLesson(_ parts: [Part], lessonCount: Int)
        -> (events: [LessonEvent], lessonStarts: [Int], mentions: [WeakPointMention]) {
        // Group by lesson with a counting sort: each part counts its lessons, every (part,
        // lesson) gets its place, the parts scatter their events in parallel, and each
        // lesson's events are put in time order (usually they already are).
        let partList = parts
        let counts = ParallelChunks.array(count: partList.count, minimumChunk: 1) { part -> [Int32] in
            var counts = [Int32](repeating: 0, count: lessonCount)
            for item in partList[part].events { counts[Int(item.lesson)] += 1 }
            return counts
        }
        var starts = [Int](repeating: 0, count: lessonCount + 1)
        var places = [[Int]](repeating: [], count: partList.count)
        for part in partList.indices { places[part].reserveCapacity(lessonCount) }
        var total = 0
        for lesson in 0..<lessonCount {
            starts[lesson] = total
            for part in partList.indices {
                places[part].append(total)
                total += Int(counts[part][lesson])
            }
        }
        starts[lessonCount] = total
        var mentionBases: [Int32] = []
        var mentions: [WeakPointMention] = []
        mentions.reserveCapacity(partList.reduce(0) { $0 + $1.mentions.count })
        for part in partList {
            mentionBases.append(Int32(mentions.count))
            mentions.append(contentsOf: part.mentions)
        }
        let placeList = places, bases = mentionBases
        // No events: not `unsafeUninitializedCapacity: 0`, which writes the count of the
        // standard library's shared empty array (a data race with every thread reading one).
        guard total > 0 else { return ([], starts, mentions) }
        let events = [LessonEvent](unsafeUninitializedCapacity: total) { buffer, initialized in
            let target = SendableBuffer(buffer)
            _ = ParallelChunks.map(count: partList.count, minimumChunk: 1) { range in
                for part in range {
                    var next = placeList[part]
                    for item in partList[part].events {
                        var event = item.event
                        event.mentionStart += bases[part]
                        target.buffer.initializeElement(at: next[Int(item.lesson)], to: event)
                        next[Int(item.lesson)] += 1
                    }
                }
            }
            let lessonStarts = starts
            _ = ParallelChunks.map(count: lessonCount, minimumChunk: 5_000) { lessons in
                for lesson in lessons where lessonStarts[lesson + 1] - lessonStarts[lesson] > 1 {
                    var range = UnsafeMutableBufferPointer(rebasing: target.buffer[lessonStarts[lesson] ..< lessonStarts[lesson + 1]])
                    let inOrder = zip(range, range.dropFirst()).allSatisfy { Self.precedes($0, $1) }
                    if !inOrder { range.sort(by: Self.precedes) }
                }
            }
            initialized = total
        }
        return (events, starts, mentions)
    }

    /// The positions of records whose id an earlier record has (the first keeps it), found by
    /// hashing every id on all cores into an open-addressed table of positions and comparing
    /// the texts only where the hashes are equal. O(n) expected, two small arrays.
    static func laterDuplicates(count: Int, id: @Sendable (Int) -> String) -> Set<Int> {
        guard count > 1 else { return [] }
        let hashes = ParallelChunks.array(count: count, minimumChunk: 50_000) { StableHash.fnv1a64(id($0)) }
        var capacity = 2
        while capacity < count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var slots = [Int32](repeating: -1, count: capacity)
        var later: Set<Int> = []
        for index in 0 ..< count {
            let hash = hashes[index]
            var slot = Int(truncatingIfNeeded: SplitMix64.mix(hash)) & mask
            while true {
                let occupant = Int(slots[slot])
                if occupant < 0 {
                    slots[slot] = Int32(index)
                    break
                }
                if hashes[occupant] == hash, id(occupant) == id(index) {
                    later.insert(index)
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        return later
    }

    /// Appends the weak points of a record that are not already in `mentions[first...]`.
    private static func mention(_ texts: [String], isAnalysis: Bool, recordIndex: Int32,
                                into mentions: inout [WeakPointMention], from first: Int) {
        for position in texts.indices {
            guard let hash = WeakPointKey.hash(texts[position]),
                  !mentions[first...].contains(where: { $0.hash == hash }) else { continue }
            mentions.append(WeakPointMention(hash: hash, source: WeakPointSource(isAnalysis: isAnalysis, recordIndex: recordIndex,
                                                                                 position: Int32(position))))
        }
    }

    static func precedes(_ lhs: LessonEvent, _ rhs: LessonEvent) -> Bool {
        lhs.second < rhs.second || (lhs.second == rhs.second && lhs.order < rhs.order)
    }

    /// Links analyses to the sessions they describe: by the session's `analysisID`, else by the
    /// analysis's `sessionID`. Returns each session's analysis (-1: none; empty when there are
    /// no analyses) and the analyses that describe no session, in input order.
    private func linkAnalyses() -> (sessionAnalysis: [Int32], standalone: [Int]) {
        let sessions = records.sessions
        let analyses = records.analyses
        guard !analyses.isEmpty else { return ([], []) }
        var sessionAnalysis = [Int32](repeating: -1, count: sessions.count)
        var linked = [Bool](repeating: false, count: analyses.count)
        if sessions.contains(where: { $0.analysisID != nil }) {
            var analysisByID: [String: Int32] = [:]
            analysisByID.reserveCapacity(analyses.count)
            for index in analyses.indices where analysisByID[analyses[index].id] == nil {
                analysisByID[analyses[index].id] = Int32(index)
            }
            for index in sessions.indices {
                if let id = sessions[index].analysisID, let analysis = analysisByID[id] {
                    sessionAnalysis[index] = analysis
                    linked[Int(analysis)] = true
                }
            }
        }
        if analyses.contains(where: { $0.sessionID != nil }) {
            var sessionByID: [String: Int32] = [:]
            sessionByID.reserveCapacity(sessions.count)
            for index in sessions.indices where sessionByID[sessions[index].id] == nil {
                sessionByID[sessions[index].id] = Int32(index)
            }
            for index in analyses.indices where !linked[index] {
                guard let id = analyses[index].sessionID, let session = sessionByID[id] else { continue }
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
