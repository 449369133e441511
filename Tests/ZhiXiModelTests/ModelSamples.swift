import ZhiXiCore
import Foundation
import ZhiXiModel

/// The date an ISO-8601 timestamp names; stops the test run if the text is not one.
func timestamp(_ text: String) -> Date {
    guard let date = ISO8601Timestamp.date(from: text) else {
        preconditionFailure("not an ISO-8601 timestamp: \(text)")
    }
    return date
}

/// One value of every model type, with Chinese text, optional fields set and unset, and
/// enum values this version does not know.
enum ModelSamples {
    static let user = User(
        id: "u-1",
        appleUserID: "001234.abcdef.0987",
        displayName: "小明",
        email: "xiaoming@privaterelay.appleid.com",
        preferredLanguage: "zh-Hans",
        onboardingCompleted: true,
        createdAt: timestamp("2025-01-02T03:04:05Z"),
        lastLoginAt: timestamp("2025-03-14T09:30:00.250Z"),
        status: .active
    )

    static let suspendedUser = User(
        id: "u-2",
        appleUserID: "009999.x.1",
        createdAt: timestamp("2024-12-31T23:59:59.999Z"),
        status: .unknown("frozen")
    )

    static let knowledgeBase = KnowledgeBase(
        id: "kb-1",
        title: "高中物理",
        description: "力学、电磁学与热学",
        language: "zh-Hans",
        targetUser: "高中生",
        createdAt: timestamp("2025-01-01T00:00:00Z"),
        updatedAt: nil
    )

    static let learningPath = LearningPath(
        id: "lp-1",
        knowledgeBaseID: "kb-1",
        title: "力学入门",
        description: "从牛顿定律到动量",
        estimatedDays: 6,
        lessonIDs: ["l-1", "l-2"],
        order: 1
    )

    static let lesson = Lesson(
        id: "l-1",
        pathID: "lp-1",
        knowledgeBaseID: "kb-1",
        title: "动量守恒",
        content: "系统不受外力时总动量不变",
        objectives: ["说出动量守恒的条件"],
        keyPoints: ["动量 p = mv", "合外力为零"],
        recallQuestions: ["什么时候动量守恒？"],
        practicePrompt: "用自己的话解释碰撞前后的动量。",
        order: 2,
        estimatedMinutes: 15,
        createdAt: timestamp("2025-01-03T08:00:00+08:00"),
        updatedAt: timestamp("2025-02-03T08:00:00.5Z")
    )

    static let session = LearningSession(
        id: "s-1",
        userID: "u-1",
        lessonID: "l-1",
        startedAt: timestamp("2025-03-14T09:30:00Z"),
        endedAt: timestamp("2025-03-14T09:45:12.345Z"),
        userInput: "动量守恒是说：系统不受外力或合外力为零时，总动量保持不变。\"碰撞\"前后 p 相同。",
        aiAnalysis: "理解基本正确，但遗漏了守恒条件的细节。",
        analysisID: "a-1",
        masteryScore: 72,
        weakPoints: ["守恒条件", "矢量方向"],
        nextSuggestion: "用费曼法再讲一遍。",
        reviewAt: timestamp("2025-03-16T09:30:00Z"),
        reviewType: .feynman,
        createdAt: timestamp("2025-03-14T09:45:13Z")
    )

    static let bareSession = LearningSession(
        id: "s-2",
        userID: "u-1",
        lessonID: "l-2",
        startedAt: timestamp("2025-03-15T01:00:00Z"),
        userInput: ""
    )

    static let analysis = AIAnalysis(
        id: "a-1",
        sessionID: "s-1",
        userID: "u-1",
        lessonID: "l-1",
        inputText: "动量守恒是说……",
        outputJSON: #"{"masteryScore":72,"weakPoints":["守恒条件"]}"#,
        masteryScore: 72,
        weakPoints: ["守恒条件", "矢量方向"],
        suggestions: ["复习守恒条件", "画受力图"],
        modelName: "gpt-4o-mini",
        createdAt: timestamp("2025-03-14T09:45:12Z"),
        costEstimate: 0.00042
    )

    static let reviewTask = ReviewTask(
        id: "t-1",
        userID: "u-1",
        lessonID: "l-1",
        sourceSessionID: "s-1",
        reviewType: .spacedRepetition,
        scheduledAt: timestamp("2025-03-16T09:30:00Z"),
        completedAt: nil,
        status: .pending
    )

    static let futureTask = ReviewTask(
        id: "t-2",
        userID: "u-1",
        lessonID: "l-2",
        reviewType: .unknown("mindMap"),
        scheduledAt: timestamp("2025-03-20T00:00:00Z"),
        completedAt: timestamp("2025-03-20T00:10:00Z"),
        status: .unknown("archived")
    )

    static let feedback = Feedback(
        id: "f-1",
        userID: "u-1",
        category: .content,
        content: "分析很有帮助 👍",
        rating: 4,
        sessionID: "s-1",
        analysisID: "a-1",
        createdAt: timestamp("2025-03-14T10:00:00Z")
    )

    static let profile = UserLearningProfile(
        userID: "u-1",
        timeZone: "Asia/Shanghai",
        dayStartHour: 5,
        dailyMinutes: 45,
        desiredRetention: 0.85,
        preferredLanguage: "zh-Hans",
        firstWeekday: 2,
        updatedAt: timestamp("2025-03-01T00:00:00Z"),
        weekdayMinutes: WeekdayMinutes(saturday: 15, sunday: 0),
        breaks: [StudyBreak(from: CivilDate(year: 2025, month: 4, day: 3), to: CivilDate(year: 2025, month: 4, day: 6))]
    )

    static let explanation = ReviewTaskExplanation(
        predictedRecall: 0.8731,
        stability: 4.25,
        difficulty: 6.5,
        estimatedMinutes: 8,
        dueAt: timestamp("2025-03-15T09:30:00Z"),
        weakPoint: "守恒条件",
        sourceAnalysisID: "a-1",
        lessonTitle: "动量守恒",
        reason: "Recall is predicted to fall below 90 % on 15 March; moved to 16 March because 15 March was full.",
        deferredFrom: timestamp("2025-03-15T00:00:00Z"),
        movedFrom: timestamp("2025-03-14T00:00:00Z"),
        move: .afterBreak
    )

    static let plannedTask = PlannedReviewTask(task: reviewTask, explanation: explanation)

    // Samples with every member set, for the coding-key coverage tests.

    static let completedTask = ReviewTask(
        id: "t-3",
        userID: "u-1",
        lessonID: "l-1",
        sourceSessionID: "s-1",
        reviewType: .weakPoint,
        scheduledAt: timestamp("2025-03-17T00:00:00Z"),
        completedAt: timestamp("2025-03-17T08:12:00Z"),
        status: .completed
    )

    static let completePlannedTask = PlannedReviewTask(task: completedTask, explanation: explanation)

    static let plan = ReviewPlan(
        generatedAt: timestamp("2025-03-16T08:00:00Z"),
        timezone: "Asia/Shanghai",
        today: [plannedTask],
        tomorrow: [completePlannedTask],
        thisWeek: [
            PlannedReviewTask(
                task: futureTask,
                explanation: ReviewTaskExplanation(
                    predictedRecall: 0.9,
                    stability: 10,
                    difficulty: 5,
                    estimatedMinutes: 5,
                    dueAt: timestamp("2025-03-20T00:00:00Z"),
                    reason: "Due."
                )
            ),
        ],
        later: [completePlannedTask]
    )

    static let workspace = LearnerWorkspace(
        schemaVersion: 2,
        user: user,
        profile: profile,
        knowledgeBases: [knowledgeBase],
        learningPaths: [learningPath],
        lessons: [lesson],
        sessions: [session, bareSession],
        analyses: [analysis],
        reviewTasks: [reviewTask, futureTask],
        feedback: [feedback]
    )
}
