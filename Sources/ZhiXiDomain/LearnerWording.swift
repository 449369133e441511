import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel

/// Every sentence and label the app's pages show a learner (the review plan, the study home,
/// the login page, the analysis page, the AI tutor, the library and its learning paths,
/// feedback, progress, reading, onboarding), read from the language's files (`ZhiXiLocalization`:
/// `<language>.lproj/Pages.strings` and `Pages.stringsdict`, dates from `Common.strings`),
/// parsed once per language. A translator edits the files and sees whole sentences with their
/// blanks (`{minutes}`, `{title}`, …) where the language puts them; each property's name is its key.
///
/// The planner's reasons come from the planner's own table (`PlanWording`); review type
/// names from `ReviewType.displayName(language:)`.
public struct LearnerWording: Sendable, Hashable {
    /// The blanks a sentence may have.
    package enum Blank: String, CaseIterable, Sendable {
        /// A lesson's or material's title.
        case title
        /// A count of tasks or actions; a number of days.
        case count, days
        /// Minutes, and a budget in minutes.
        case minutes, budget
        /// A date (``date(_:)``), a weekday's name, a month (a number or a name), a day of the month.
        case date, weekday, month, day
        /// A mastery score 0–100; a percentage 0–100.
        case score, percent
        /// A review type's name.
        case type
        /// The whole a count is out of (`3/6`), a limit.
        case total
    }

    /// A sentence with blanks.
    package typealias Sentence = TextTemplate<Blank>

    /// A sentence with a count: the form for exactly one, and for any other count.
    package typealias Counted = CountedTextTemplate<Blank>

    /// The language of the table.
    public let language: AppLanguage

    /// The lookup the table was read from (dates, numbers, plural rules).
    package let localization: Localization

    // MARK: The review plan page

    /// The group titles: 今天, 明天, 本周.
    public var today: String
    /// Tomorrow's group.
    public var tomorrow: String
    /// The rest of the week's group.
    public var thisWeek: String
    /// A group's line: how many tasks and their minutes. Blanks: count, minutes.
    package var groupSummary: Counted
    /// A group without tasks.
    public var groupEmpty: String
    /// A task's minutes. Blank: minutes.
    package var taskMinutes: Sentence
    /// The reason of a task the planner on the device does not know (the server planned it).
    public var plannedByServer: String
    /// The title of a lesson the device does not know.
    public var untitledLesson: String
    /// Shown while the plan was made on the device because the server could not be reached.
    public var offlineBanner: String
    /// Shown while the plan was made on the device because the server failed (a 5xx).
    public var offlineBannerServerError: String
    /// Shown while the plan was made on the device because the server refused a request.
    public var offlineBannerRefused: String
    /// Shown while the plan was made on the device because the server's answer was unreadable.
    public var offlineBannerMalformedAnswer: String
    /// Completions and skips waiting to be sent. Blank: count.
    package var waitingToSync: Counted
    /// A completion or skip the server refused: the task is gone. Blank: title.
    package var taskGone: Sentence
    /// A completion or skip that could not be kept on the device.
    public var actionNotSaved: String

    // MARK: Errors

    /// The label of a retry button.
    public var retry: String
    /// The server cannot be reached and nothing is kept on the device.
    public var unreachable: String
    /// The server failed.
    public var serverError: String
    /// The server's answer cannot be read.
    public var malformedAnswer: String
    /// The server refused the request.
    public var refused: String
    /// The device's files failed.
    public var storageFailure: String
    /// The lesson (or whatever was asked for) does not exist.
    public var notFound: String
    /// Signed out (for pages that say it in words).
    public var signedOut: String

    // MARK: The study home

    /// Today's review work against the daily budget. Blanks: minutes, budget.
    package var todayWork: Sentence
    /// Today's review work without a budget. Blank: minutes.
    package var todayWorkWithoutBudget: Sentence
    /// Today's work is more than the budget.
    public var overBudget: String
    /// Today is a day without study (a break, or a weekday at 0 minutes).
    public var dayWithoutStudy: String
    /// The heading of "continue reading".
    public var continueReading: String
    /// How far through a material. Blank: percent.
    package var readingProgress: Sentence
    /// The study streak. Blank: days.
    package var streak: Counted
    /// Minutes studied in all. Blank: minutes.
    package var totalMinutes: Sentence
    /// The average mastery. Blank: score.
    package var averageMastery: Sentence
    /// Reviews due. Blank: count.
    package var dueReviews: Counted

    // MARK: What the device keeps (the library, a learning path, progress)

    /// Shown over what the device keeps because the server could not be reached.
    public var savedOnDevice: String
    /// Shown over what the device keeps because the server failed (a 5xx).
    public var savedOnDeviceServerError: String
    /// Shown over what the device keeps because the server refused a request.
    public var savedOnDeviceRefused: String
    /// Shown over what the device keeps because the server's answer was unreadable.
    public var savedOnDeviceMalformedAnswer: String

    // MARK: The AI tutor page

    /// The page's title: AI 导师.
    public var chatTitle: String
    /// The title of a conversation about a lesson. Blank: title.
    package var chatAboutLesson: Sentence
    /// Shown in a conversation without messages.
    public var chatGreeting: String
    /// The text field's placeholder.
    public var chatPlaceholder: String
    /// The learner's name beside their messages.
    public var chatLearnerName: String
    /// While the tutor answers.
    public var chatReplying: String
    /// Sent without writing anything.
    public var chatEmptyMessage: String
    /// A message longer than the limit. Blank: count (the limit in characters).
    package var chatTooLong: Sentence
    /// The reply was cut off mid-way.
    public var chatInterrupted: String
    /// The learner's last message has no reply (an earlier reply failed).
    public var chatUnanswered: String
    /// The server cannot be reached: no reply.
    public var chatUnreachable: String
    /// The server or its tutor failed: no reply.
    public var chatServerError: String
    /// The message could not be kept on the device.
    public var chatNotSaved: String
    /// The button that starts a new conversation.
    public var chatNewConversation: String

    // MARK: The library and a learning path

    /// The library page's title: 知识库.
    public var libraryTitle: String
    /// A library without knowledge bases.
    public var libraryEmpty: String
    /// A knowledge base's paths. Blank: count.
    package var pathCount: Counted
    /// A path's lessons. Blank: count.
    package var lessonCount: Counted
    /// How many of a path's lessons were studied. Blanks: count, total.
    package var studiedLessons: Sentence
    /// How long a path takes. Blank: days.
    package var pathDays: Counted
    /// A path without lessons.
    public var pathEmpty: String
    /// The path does not exist.
    public var pathNotFound: String
    /// A lesson never studied.
    public var lessonNotStudied: String
    /// A lesson studied. Blanks: count, date (of the last time).
    package var lessonStudied: Counted
    /// The latest score of a lesson. Blank: score.
    package var lessonLastScore: Sentence
    /// A lesson's weak points waiting to be practised. Blank: count.
    package var weakPointDrills: Counted

    // MARK: The feedback page

    /// The page's title: 意见反馈.
    public var feedbackTitle: String
    /// The category "something does not work": 问题反馈.
    public var feedbackBug: String
    /// The category "a wish": 功能建议.
    public var feedbackFeature: String
    /// The category "a lesson's content": 内容问题.
    public var feedbackContent: String
    /// The category "anything else": 其他.
    public var feedbackOther: String
    /// The text field's placeholder.
    public var feedbackPlaceholder: String
    /// Above the rating's stars.
    public var feedbackRatingPrompt: String
    /// The characters written against the limit. Blanks: count, total.
    package var feedbackLength: Sentence
    /// The submit button.
    public var feedbackSubmit: String
    /// While it is sent.
    public var feedbackSubmitting: String
    /// Once the server has it.
    public var feedbackSent: String
    /// The button that starts another one.
    public var feedbackAnother: String
    /// Submitted without writing anything.
    public var feedbackEmpty: String
    /// Longer than the limit. Blank: count (the limit in characters).
    package var feedbackTooLong: Sentence
    /// The server cannot be reached: not sent.
    public var feedbackUnreachable: String

    // MARK: The progress page

    /// The page's title: 学习进度.
    public var progressTitle: String
    /// Sessions recorded. Blank: count.
    package var sessionCount: Counted
    /// Lessons studied. Blank: count.
    package var lessonsStudied: Counted
    /// No session has a mastery score.
    public var noMasteryYet: String
    /// The trend's heading: 近 7 天.
    public var trendHeading: String
    /// The minutes of the trend's days. Blank: minutes.
    package var trendTotal: Sentence
    /// The heat map's heading: 近一年.
    public var heatmapHeading: String
    /// The days with study in the heat map. Blank: count.
    package var heatmapActiveDays: Counted
    /// The legend's low end.
    public var heatmapLess: String
    /// The legend's high end.
    public var heatmapMore: String
    /// One day of the heat map, for its label and for VoiceOver. Blanks: date, minutes, count (sessions).
    package var heatmapDay: Counted
    /// A month's label above the heat map's weeks. Blank: month.
    package var heatmapMonth: Sentence

    // MARK: The login page

    /// The credential was refused.
    public var signInRefused: String
    /// Sign in with Apple is not available.
    public var signInUnavailable: String
    /// The server failed during sign-in.
    public var signInServerError: String
    /// The session could not be kept on the device.
    public var signInStorage: String
    /// Another sign-in is under way.
    public var signInBusy: String
    /// At launch: the server refused the saved session.
    public var restoreExpired: String
    /// At launch: the server could not be reached and the device does not remember the learner.
    public var restoreUnreachable: String
    /// At launch: the server failed while the session was restored.
    public var restoreServerError: String
    /// At launch: the saved session could not be read or changed on the device.
    public var restoreStorage: String

    // MARK: The analysis page

    /// The text field's placeholder.
    public var recallPlaceholder: String
    /// Submitted without writing anything.
    public var emptyRecall: String
    /// While the AI analyses.
    public var analyzing: String
    /// The mastery score. Blank: score.
    package var masteryScore: Sentence
    /// No score was given.
    public var masteryUnscored: String
    /// The heading of the weak points.
    public var weakPointsHeading: String
    /// No weak point was found.
    public var noWeakPoints: String
    /// The heading of the suggestions.
    public var suggestionsHeading: String
    /// The lesson's next review. Blanks: date, type.
    package var nextReview: Sentence
    /// No review of the lesson is planned.
    public var noNextReview: String

    // MARK: The reading page and its notices

    /// The title of a material the device does not know.
    public var untitledMaterial: String
    /// Where the reader resumes. Blank: percent.
    package var readerResume: Sentence
    /// A material never read: the reader starts at the beginning.
    public var readerFromStart: String
    /// The learner marked the material as read.
    public var readerFinished: String
    /// The server refused the learner's reading: no access to the material any more. Blank: title.
    package var readingAccessDenied: Sentence
    /// The server refused the learner's reading: the source was deleted. Blank: title.
    package var readingSourceDeleted: Sentence

    // MARK: The first-run pages (onboarding)

    /// The page's title.
    public var onboardingTitle: String
    /// The label of the learning direction.
    public var learningDirectionLabel: String
    /// The learning direction's placeholder.
    public var learningDirectionPlaceholder: String
    /// The label of the daily study time.
    public var dailyMinutesLabel: String
    /// The label of the language.
    public var languageLabel: String
    /// The label of the time zone.
    public var timeZoneLabel: String
    /// The submit button.
    public var onboardingSubmit: String
    /// While the choices are sent.
    public var onboardingSubmitting: String
    /// Submitted without a learning direction.
    public var learningDirectionMissing: String
    /// A daily study time out of range.
    public var dailyMinutesOutOfRange: String
    /// A time zone the device does not know.
    public var timeZoneUnknown: String

    /// The table of `language`, read from its files once and kept.
    /// - Complexity: O(size of the files) the first time, O(1) after.
    public static func forLanguage(_ language: AppLanguage) -> LearnerWording {
        language.localization.prepared(LearnerWording.init(localization:))
    }

    /// The Simplified Chinese table (简体中文), the app's default.
    public static var chinese: LearnerWording { forLanguage(.simplifiedChinese) }
    /// The English table.
    public static var english: LearnerWording { forLanguage(.english) }

    /// Reads every sentence of the table. Each key is the property's name.
    init(localization: Localization) {
        language = AppLanguage(tag: localization.language, files: localization.files)
        self.localization = localization
        today = localization.text("today", in: .pages)
        tomorrow = localization.text("tomorrow", in: .pages)
        thisWeek = localization.text("thisWeek", in: .pages)
        groupSummary = localization.counted("groupSummary", in: .pages)
        groupEmpty = localization.text("groupEmpty", in: .pages)
        taskMinutes = localization.template("taskMinutes", in: .pages)
        plannedByServer = localization.text("plannedByServer", in: .pages)
        untitledLesson = localization.text("untitledLesson", in: .pages)
        offlineBanner = localization.text("offlineBanner", in: .pages)
        offlineBannerServerError = localization.text("offlineBannerServerError", in: .pages)
        offlineBannerRefused = localization.text("offlineBannerRefused", in: .pages)
        offlineBannerMalformedAnswer = localization.text("offlineBannerMalformedAnswer", in: .pages)
        waitingToSync = localization.counted("waitingToSync", in: .pages)
        taskGone = localization.template("taskGone", in: .pages)
        actionNotSaved = localization.text("actionNotSaved", in: .pages)
        retry = localization.text("retry", in: .pages)
        unreachable = localization.text("unreachable", in: .pages)
        serverError = localization.text("serverError", in: .pages)
        malformedAnswer = localization.text("malformedAnswer", in: .pages)
        refused = localization.text("refused", in: .pages)
        storageFailure = localization.text("storageFailure", in: .pages)
        notFound = localization.text("notFound", in: .pages)
        signedOut = localization.text("signedOut", in: .pages)
        todayWork = localization.template("todayWork", in: .pages)
        todayWorkWithoutBudget = localization.template("todayWorkWithoutBudget", in: .pages)
        overBudget = localization.text("overBudget", in: .pages)
        dayWithoutStudy = localization.text("dayWithoutStudy", in: .pages)
        continueReading = localization.text("continueReading", in: .pages)
        readingProgress = localization.template("readingProgress", in: .pages)
        streak = localization.counted("streak", in: .pages)
        totalMinutes = localization.template("totalMinutes", in: .pages)
        averageMastery = localization.template("averageMastery", in: .pages)
        dueReviews = localization.counted("dueReviews", in: .pages)
        savedOnDevice = localization.text("savedOnDevice", in: .pages)
        savedOnDeviceServerError = localization.text("savedOnDeviceServerError", in: .pages)
        savedOnDeviceRefused = localization.text("savedOnDeviceRefused", in: .pages)
        savedOnDeviceMalformedAnswer = localization.text("savedOnDeviceMalformedAnswer", in: .pages)
        chatTitle = localization.text("chatTitle", in: .pages)
        chatAboutLesson = localization.template("chatAboutLesson", in: .pages)
        chatGreeting = localization.text("chatGreeting", in: .pages)
        chatPlaceholder = localization.text("chatPlaceholder", in: .pages)
        chatLearnerName = localization.text("chatLearnerName", in: .pages)
        chatReplying = localization.text("chatReplying", in: .pages)
        chatEmptyMessage = localization.text("chatEmptyMessage", in: .pages)
        chatTooLong = localization.template("chatTooLong", in: .pages)
        chatInterrupted = localization.text("chatInterrupted", in: .pages)
        chatUnanswered = localization.text("chatUnanswered", in: .pages)
        chatUnreachable = localization.text("chatUnreachable", in: .pages)
        chatServerError = localization.text("chatServerError", in: .pages)
        chatNotSaved = localization.text("chatNotSaved", in: .pages)
        chatNewConversation = localization.text("chatNewConversation", in: .pages)
        libraryTitle = localization.text("libraryTitle", in: .pages)
        libraryEmpty = localization.text("libraryEmpty", in: .pages)
        pathCount = localization.counted("pathCount", in: .pages)
        lessonCount = localization.counted("lessonCount", in: .pages)
        studiedLessons = localization.template("studiedLessons", in: .pages)
        pathDays = localization.counted("pathDays", in: .pages)
        pathEmpty = localization.text("pathEmpty", in: .pages)
        pathNotFound = localization.text("pathNotFound", in: .pages)
        lessonNotStudied = localization.text("lessonNotStudied", in: .pages)
        lessonStudied = localization.counted("lessonStudied", in: .pages)
        lessonLastScore = localization.template("lessonLastScore", in: .pages)
        weakPointDrills = localization.counted("weakPointDrills", in: .pages)
        feedbackTitle = localization.text("feedbackTitle", in: .pages)
        feedbackBug = localization.text("feedbackBug", in: .pages)
        feedbackFeature = localization.text("feedbackFeature", in: .pages)
        feedbackContent = localization.text("feedbackContent", in: .pages)
        feedbackOther = localization.text("feedbackOther", in: .pages)
        feedbackPlaceholder = localization.text("feedbackPlaceholder", in: .pages)
        feedbackRatingPrompt = localization.text("feedbackRatingPrompt", in: .pages)
        feedbackLength = localization.template("feedbackLength", in: .pages)
        feedbackSubmit = localization.text("feedbackSubmit", in: .pages)
        feedbackSubmitting = localization.text("feedbackSubmitting", in: .pages)
        feedbackSent = localization.text("feedbackSent", in: .pages)
        feedbackAnother = localization.text("feedbackAnother", in: .pages)
        feedbackEmpty = localization.text("feedbackEmpty", in: .pages)
        feedbackTooLong = localization.template("feedbackTooLong", in: .pages)
        feedbackUnreachable = localization.text("feedbackUnreachable", in: .pages)
        progressTitle = localization.text("progressTitle", in: .pages)
        sessionCount = localization.counted("sessionCount", in: .pages)
        lessonsStudied = localization.counted("lessonsStudied", in: .pages)
        noMasteryYet = localization.text("noMasteryYet", in: .pages)
        trendHeading = localization.text("trendHeading", in: .pages)
        trendTotal = localization.template("trendTotal", in: .pages)
        heatmapHeading = localization.text("heatmapHeading", in: .pages)
        heatmapActiveDays = localization.counted("heatmapActiveDays", in: .pages)
        heatmapLess = localization.text("heatmapLess", in: .pages)
        heatmapMore = localization.text("heatmapMore", in: .pages)
        heatmapDay = localization.counted("heatmapDay", in: .pages)
        heatmapMonth = localization.template("heatmapMonth", in: .pages)
        signInRefused = localization.text("signInRefused", in: .pages)
        signInUnavailable = localization.text("signInUnavailable", in: .pages)
        signInServerError = localization.text("signInServerError", in: .pages)
        signInStorage = localization.text("signInStorage", in: .pages)
        signInBusy = localization.text("signInBusy", in: .pages)
        restoreExpired = localization.text("restoreExpired", in: .pages)
        restoreUnreachable = localization.text("restoreUnreachable", in: .pages)
        restoreServerError = localization.text("restoreServerError", in: .pages)
        restoreStorage = localization.text("restoreStorage", in: .pages)
        recallPlaceholder = localization.text("recallPlaceholder", in: .pages)
        emptyRecall = localization.text("emptyRecall", in: .pages)
        analyzing = localization.text("analyzing", in: .pages)
        masteryScore = localization.template("masteryScore", in: .pages)
        masteryUnscored = localization.text("masteryUnscored", in: .pages)
        weakPointsHeading = localization.text("weakPointsHeading", in: .pages)
        noWeakPoints = localization.text("noWeakPoints", in: .pages)
        suggestionsHeading = localization.text("suggestionsHeading", in: .pages)
        nextReview = localization.template("nextReview", in: .pages)
        noNextReview = localization.text("noNextReview", in: .pages)
        untitledMaterial = localization.text("untitledMaterial", in: .pages)
        readerResume = localization.template("readerResume", in: .pages)
        readerFromStart = localization.text("readerFromStart", in: .pages)
        readerFinished = localization.text("readerFinished", in: .pages)
        readingAccessDenied = localization.template("readingAccessDenied", in: .pages)
        readingSourceDeleted = localization.template("readingSourceDeleted", in: .pages)
        onboardingTitle = localization.text("onboardingTitle", in: .pages)
        learningDirectionLabel = localization.text("learningDirectionLabel", in: .pages)
        learningDirectionPlaceholder = localization.text("learningDirectionPlaceholder", in: .pages)
        dailyMinutesLabel = localization.text("dailyMinutesLabel", in: .pages)
        languageLabel = localization.text("languageLabel", in: .pages)
        timeZoneLabel = localization.text("timeZoneLabel", in: .pages)
        onboardingSubmit = localization.text("onboardingSubmit", in: .pages)
        onboardingSubmitting = localization.text("onboardingSubmitting", in: .pages)
        learningDirectionMissing = localization.text("learningDirectionMissing", in: .pages)
        dailyMinutesOutOfRange = localization.text("dailyMinutesOutOfRange", in: .pages)
        timeZoneUnknown = localization.text("timeZoneUnknown", in: .pages)
    }

    // MARK: Filling sentences

    /// `sentence` with its blanks filled from `values` (a blank without a value stays empty).
    package func fill(_ sentence: Sentence, _ values: [Blank: String]) -> String {
        sentence.string { blank, text in text.append(values[blank] ?? "") }
    }

    /// `date` without its weekday: `11月30日`, `Nov 30`.
    public func shortDate(_ date: CivilDate) -> String {
        localization.date(date)
    }

    /// `date` with its weekday: `11月30日（周一）`, `Mon Nov 30`.
    public func date(_ date: CivilDate) -> String {
        localization.date(date, weekday: true)
    }

    /// A task's minutes: `12 分钟`, `12 min`.
    public func minutes(_ minutes: Int) -> String {
        fill(taskMinutes, [.minutes: String(minutes)])
    }

    /// The learner's words for a repository's failure.
    public func message(for failure: RepositoryFailure) -> String {
        switch failure {
        case .signedOut: signedOut
        case .unreachable, .cancelled: unreachable
        case .serverError: serverError
        case .refused: refused
        case .malformedAnswer: malformedAnswer
        case .storage: storageFailure
        case .notFound: notFound
        }
    }

    /// The banner of a plan made on the device, saying why: the server not reached (also
    /// for an unknown cause), its failure, its refusal, or its unreadable answer.
    public func offlineMessage(for cause: OfflineCause?) -> String {
        switch cause {
        case .unreachable?, nil: offlineBanner
        case .serverError?: offlineBannerServerError
        case .refused?: offlineBannerRefused
        case .malformedAnswer?: offlineBannerMalformedAnswer
        }
    }

    /// The banner over what the device keeps when the server did not answer, saying why: not
    /// reached (also for an unknown cause), its failure, its refusal, its unreadable answer.
    public func savedOnDeviceMessage(for cause: OfflineCause?) -> String {
        switch cause {
        case .unreachable?, nil: savedOnDevice
        case .serverError?: savedOnDeviceServerError
        case .refused?: savedOnDeviceRefused
        case .malformedAnswer?: savedOnDeviceMalformedAnswer
        }
    }

    /// A day as a page names it against `today`: 今天, 明天, else ``date(_:)``.
    public func day(_ date: CivilDate, today: CivilDate) -> String {
        switch date.daysSince1970 - today.daysSince1970 {
        case 0: self.today
        case 1: tomorrow
        default: self.date(date)
        }
    }

    /// The feedback page's name of `category` (an unknown one is 其他 / "Other").
    public func name(of category: FeedbackCategory) -> String {
        switch category {
        case .bug: feedbackBug
        case .feature: feedbackFeature
        case .content: feedbackContent
        case .other, .unknown: feedbackOther
        }
    }

    /// The login page's words for a session that could not be restored at launch.
    public func message(for failure: SessionRestoreFailure) -> String {
        switch failure {
        case .expired: restoreExpired
        case .unreachable: restoreUnreachable
        case .serverError: restoreServerError
        case .storage: restoreStorage
        }
    }

    /// The learner's words for a failed sign-in; `nil` when there is nothing to say (the
    /// learner closed the sheet).
    public func message(for failure: SignInFailure) -> String? {
        switch failure {
        case .cancelled: nil
        case .credentialUnavailable: signInUnavailable
        case .refused: signInRefused
        case .unreachable: unreachable
        case .serverError: signInServerError
        case .storage: signInStorage
        case .busy: signInBusy
        }
    }
}

#if DEBUG
extension LearnerWording {
    /// The login page's demo entry (debug builds only, as the design says: 跳过，进入演示模式),
    /// `demoMode` in `Pages.strings`.
    public var demoMode: String {
        localization.text("demoMode", in: .pages)
    }
}
#endif
