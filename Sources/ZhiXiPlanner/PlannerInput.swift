import ZhiXiModel

/// What the planner plans from: one learner's lessons, learning sessions, AI analyses,
/// review tasks already done or pending, and profile.
public struct PlannerInput: Sendable {
    /// The learner's id, written into every task.
    public var userID: String
    /// Time zone, day-start hour, daily minutes and desired retention.
    public var profile: UserLearningProfile
    /// The lessons; sessions and analyses refer to them by id.
    public var lessons: [Lesson]
    /// Learning sessions, in any order.
    public var sessions: [LearningSession]
    /// AI analyses, in any order; one linked to a session (by the session's `analysisID` or the
    /// analysis's `sessionID`) describes that session, one without a session is a review of its
    /// lesson of its own.
    public var analyses: [AIAnalysis]
    /// Review tasks planned before; completed, skipped and cancelled ones shape the plan.
    public var reviewTasks: [ReviewTask]

    /// Creates an input.
    /// - Complexity: O(1): the arrays are shared, not copied.
    public init(userID: String, profile: UserLearningProfile, lessons: [Lesson], sessions: [LearningSession],
                analyses: [AIAnalysis] = [], reviewTasks: [ReviewTask] = []) {
        self.userID = userID
        self.profile = profile
        self.lessons = lessons
        self.sessions = sessions
        self.analyses = analyses
        self.reviewTasks = reviewTasks
    }

    /// The input held by a workspace file; the user id is the workspace user's, else the
    /// profile's; the profile's `preferredLanguage` is the learner's language, the user's first
    /// (`AppLanguage(user:profile:)`: the user's when it names a language with files, else the
    /// profile's).
    /// - Complexity: O(1): the workspace's arrays are shared, not copied.
    public init(workspace: LearnerWorkspace) {
        var profile = workspace.profile
        if let preferred = workspace.user?.preferredLanguage, AppLanguage.matching(preferred) != nil {
            profile.preferredLanguage = preferred
        }
        self.init(userID: workspace.user?.id ?? workspace.profile.userID, profile: profile,
                  lessons: workspace.lessons, sessions: workspace.sessions, analyses: workspace.analyses,
                  reviewTasks: workspace.reviewTasks)
    }
}
