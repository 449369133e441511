/// Everything the planner needs about one learner, in one file: the input of
/// `zhixi-review plan WORKSPACE.json`.
///
/// Every array may be absent (it decodes as `[]`); absent `schemaVersion` is 1; absent
/// `profile` is a default ``UserLearningProfile`` for the user's id (or `""` without a
/// user). For large files, `LearnerWorkspace(jsonData:)` decodes the same JSON about twelve
/// times faster than `JSONDecoder`, with identical results. To write a workspace, encode it
/// with `ZhiXiJSON.makeEncoder()`; `zhixi-review record` instead splices the new session into
/// the file's bytes, so that keys this library does not know survive.
public struct LearnerWorkspace: Sendable, Codable, Hashable {
    /// The version of the workspace format this library writes, 1.
    public static let currentSchemaVersion = 1

    /// The version of the workspace format the file was written in.
    public var schemaVersion: Int
    /// The learner's account, if included.
    public var user: User?
    /// The learner's study settings.
    public var profile: UserLearningProfile
    /// The knowledge bases the lessons come from.
    public var knowledgeBases: [KnowledgeBase]
    /// The learning paths through the lessons.
    public var learningPaths: [LearningPath]
    /// The lessons.
    public var lessons: [Lesson]
    /// The learner's sessions, the history the planner schedules from.
    public var sessions: [LearningSession]
    /// The full AI analyses of the sessions.
    public var analyses: [AIAnalysis]
    /// Review tasks already planned, done or skipped.
    public var reviewTasks: [ReviewTask]
    /// The learner's feedback.
    public var feedback: [Feedback]

    /// Creates a workspace.
    public init(
        schemaVersion: Int = LearnerWorkspace.currentSchemaVersion,
        user: User? = nil,
        profile: UserLearningProfile,
        knowledgeBases: [KnowledgeBase] = [],
        learningPaths: [LearningPath] = [],
        lessons: [Lesson] = [],
        sessions: [LearningSession] = [],
        analyses: [AIAnalysis] = [],
        reviewTasks: [ReviewTask] = [],
        feedback: [Feedback] = []
    ) {
        self.schemaVersion = schemaVersion
        self.user = user
        self.profile = profile
        self.knowledgeBases = knowledgeBases
        self.learningPaths = learningPaths
        self.lessons = lessons
        self.sessions = sessions
        self.analyses = analyses
        self.reviewTasks = reviewTasks
        self.feedback = feedback
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, user, profile, knowledgeBases, learningPaths, lessons, sessions
        case analyses, reviewTasks, feedback
    }

    /// The profile of a workspace without one: the defaults, for the user's id if known.
    static func defaultProfile(for user: User?) -> UserLearningProfile {
        UserLearningProfile(userID: user?.id ?? "")
    }

    /// Decodes a workspace; absent arrays are `[]`, absent `schemaVersion` is 1, absent
    /// `profile` is the default profile.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let user = try container.decodeIfPresent(User.self, forKey: .user)
        self.init(
            schemaVersion: try container.decodeIfPresent(Int.self, forKey: .schemaVersion)
                ?? Self.currentSchemaVersion,
            user: user,
            profile: try container.decodeIfPresent(UserLearningProfile.self, forKey: .profile)
                ?? Self.defaultProfile(for: user),
            knowledgeBases: try container.decodeIfPresent([KnowledgeBase].self, forKey: .knowledgeBases) ?? [],
            learningPaths: try container.decodeIfPresent([LearningPath].self, forKey: .learningPaths) ?? [],
            lessons: try container.decodeIfPresent([Lesson].self, forKey: .lessons) ?? [],
            sessions: try container.decodeIfPresent([LearningSession].self, forKey: .sessions) ?? [],
            analyses: try container.decodeIfPresent([AIAnalysis].self, forKey: .analyses) ?? [],
            reviewTasks: try container.decodeIfPresent([ReviewTask].self, forKey: .reviewTasks) ?? [],
            feedback: try container.decodeIfPresent([Feedback].self, forKey: .feedback) ?? []
        )
    }
}
