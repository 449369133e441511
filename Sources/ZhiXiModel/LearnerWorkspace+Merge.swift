import Foundation

extension LearnerWorkspace {
    /// The newest session of the workspace by the time the server recorded it (its
    /// `createdAt`, else when it ended or began): where an incremental pull starts asking
    /// (`GET learning/sessions?since=`). `nil` without sessions. O(sessions).
    public var newestSessionRecordedAt: Date? {
        sessions.lazy.map { $0.createdAt ?? $0.endedAt ?? $0.startedAt }.max()
    }

    /// The creation time of the newest analysis: where an incremental pull starts asking
    /// (`GET ai/analyses?since=`). `nil` without analyses. O(analyses).
    public var newestAnalysisCreatedAt: Date? {
        analyses.lazy.map(\.createdAt).max()
    }

    /// Merges records from the server into the workspace, by id: a record replaces the one
    /// with its id where it stands, a new one is appended (in the order given). The user and
    /// the profile are replaced when given; feedback is kept. The schema version becomes
    /// ``currentSchemaVersion`` (the workspace is written in the current names).
    /// O(records).
    public mutating func merge(user: User? = nil, profile: UserLearningProfile? = nil, knowledgeBases: [KnowledgeBase] = [],
                               learningPaths: [LearningPath] = [], lessons: [Lesson] = [], sessions: [LearningSession] = [],
                               analyses: [AIAnalysis] = [], reviewTasks: [ReviewTask] = []) {
        schemaVersion = Self.currentSchemaVersion
        if let user { self.user = user }
        if let profile { self.profile = profile }
        Self.merge(knowledgeBases, into: &self.knowledgeBases)
        Self.merge(learningPaths, into: &self.learningPaths)
        Self.merge(lessons, into: &self.lessons)
        Self.merge(sessions, into: &self.sessions)
        Self.merge(analyses, into: &self.analyses)
        Self.merge(reviewTasks, into: &self.reviewTasks)
    }

    /// `incoming` merged into `records` by id.
    private static func merge<Record: Identifiable>(_ incoming: [Record], into records: inout [Record]) {
        guard !incoming.isEmpty else { return }
        var position: [Record.ID: Int] = [:]
        for (index, record) in records.enumerated() where position[record.id] == nil { position[record.id] = index }
        for record in incoming {
            if let index = position[record.id] {
                records[index] = record
            } else {
                position[record.id] = records.count
                records.append(record)
            }
        }
    }
}
