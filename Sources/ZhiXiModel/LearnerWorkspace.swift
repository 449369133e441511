/// Everything the planner needs about one learner, in one file: the input of
/// `zhixi-review plan WORKSPACE.json`, and what `zhixi-review pull` writes.
///
/// Every array may be absent (it decodes as `[]`); absent `schemaVersion` is 1 (files of the
/// first format did not always say); absent `profile` is a default ``UserLearningProfile``
/// for the user's id (or `""` without a user). For large files, `LearnerWorkspace(jsonData:)`
/// decodes the same JSON about twelve times faster than `JSONDecoder`, with identical results.
/// To write a workspace, encode it with `ZhiXiJSON.makeEncoder()`; `zhixi-review record`
/// instead splices the new session into the file's bytes, so that keys this library does not
/// know survive.
///
/// Schema versions: 1 wrote the fields the contract has since renamed (`summary` of
/// knowledge bases, paths and lessons, `learningPathId` of lessons, `comment` of feedback);
/// 2 writes the names of the app's design (`description`, `content`, `pathId`, `content`).
/// Both are read, by the same decoders: each type reads its former names where its own are
/// absent (see ``schemaVersion``).
public struct LearnerWorkspace: Sendable, Codable, Hashable {
    /// The version of the workspace format this library writes, 2.
    public static let currentSchemaVersion = 2

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

    /// The names of a workspace's top-level members (`schemaVersion`, `user`, `profile`, …): a
    /// file naming none of them is not a workspace, whatever else it holds.
    public static let memberNames: Set<String> = Set(CodingKeys.allCases.map(\.stringValue))

    /// The names this version reads in an element of the top-level array `member`
    /// (`sessions`, `lessons`, …), its own and their former ones; any other key of such an
    /// element is one this version does not know (a file's own, or a newer version's). `nil`
    /// for a member that is not an array of records.
    public static func recordKeyNames(ofArray member: String) -> Set<String>? {
        switch member {
        case "knowledgeBases": Set(KnowledgeBase.decoding.keys.names)
        case "learningPaths": Set(LearningPath.decoding.keys.names)
        case "lessons": Set(Lesson.decoding.keys.names)
        case "sessions": Set(LearningSession.decoding.keys.names)
        case "analyses": Set(AIAnalysis.decoding.keys.names)
        case "reviewTasks": Set(ReviewTask.decoding.keys.names)
        case "feedback": Set(Feedback.decoding.keys.names)
        default: nil
        }
    }

    /// The profile of a workspace without one: the defaults, for the user's id if known.
    static func defaultProfile(for user: User?) -> UserLearningProfile {
        UserLearningProfile(userID: user?.id ?? "")
    }
}

extension LearnerWorkspace: ModelDecodable {
    static let decoding = ModelDecoding(template: LearnerWorkspace(schemaVersion: 1, profile: defaultProfile(for: nil)))

    mutating func decodeField<Source: ModelFieldSource>(_ key: CodingKeys, from source: inout Source) throws(Source.Failure) {
        switch key {
        case .schemaVersion: schemaVersion = try source.read()
        case .user: user = try source.read()
        case .profile: profile = try source.read()
        case .knowledgeBases: knowledgeBases = try source.read()
        case .learningPaths: learningPaths = try source.read()
        case .lessons: lessons = try source.read()
        case .sessions: sessions = try source.read()
        case .analyses: analyses = try source.read()
        case .reviewTasks: reviewTasks = try source.read()
        case .feedback: feedback = try source.read()
        }
    }

    /// A workspace without a profile gets the default profile of its user.
    mutating func finishDecoding(isPresent: (CodingKeys) -> Bool) {
        if !isPresent(.profile) { profile = Self.defaultProfile(for: user) }
    }
}
