import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel

/// Every sentence and label the app's pages show a learner (the review plan, the study home,
/// the login page, the analysis page), read from the language's files (`ZhiXiLocalization`:
/// `<language>.lproj/Pages.strings` and `Pages.stringsdict`, dates from `Common.strings`),
/// parsed once per language. A translator edits the files and sees whole sentences with their
/// blanks (`{minutes}`, `{title}`, …) where the language puts them; each property's name is its key.
///
/// The planner's reasons come from the planner's own table (`PlanWording`); review type
/// names from `ReviewType.displayName(language:)`.
public struct LearnerWording: Sendable, Hashable {
    /// The blanks a sentence may have.
    public enum Blank: String, CaseIterable, Sendable {
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
    }

    /// A sentence with blanks.
    public typealias Sentence = TextTemplate<Blank>

    /// A sentence with a count: the form for exactly one, and for any other count.
    public typealias Counted = CountedTextTemplate<Blank>

    /// The language of the table.
    public let language: AppLanguage

    /// The lookup the table was read from (dates, numbers, plural rules).
    public let localization: Localization

    /// Weekday names, Sunday first (7).
    public var weekdayNames: [String] { localization.weekdayNames }

    // MARK: The review plan page

    /// The group titles: 今天, 明天, 本周.
    public var today: String
    /// Tomorrow's group.
    public var tomorrow: String
    /// The rest of the week's group.
    public var thisWeek: String
    /// A group's line: how many tasks and their minutes. Blanks: count, minutes.
    public var groupSummary: Counted
    /// A group without tasks.
    public var groupEmpty: String
    /// A task's minutes. Blank: minutes.
    public var taskMinutes: Sentence
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
    public var waitingToSync: Counted
    /// A completion or skip the server refused: the task is gone. Blank: title.
    public var taskGone: Sentence
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
    public var todayWork: Sentence
    /// Today's review work without a budget. Blank: minutes.
    public var todayWorkWithoutBudget: Sentence
    /// Today's work is more than the budget.
    public var overBudget: String
    /// Today is a day without study (a break, or a weekday at 0 minutes).
    public var dayWithoutStudy: String
    /// The heading of "continue reading".
    public var continueReading: String
    /// How far through a material. Blank: percent.
    public var readingProgress: Sentence
    /// The study streak. Blank: days.
    public var streak: Counted
    /// Minutes studied in all. Blank: minutes.
    public var totalMinutes: Sentence
    /// The average mastery. Blank: score.
    public var averageMastery: Sentence
    /// Reviews due. Blank: count.
    public var dueReviews: Counted

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
    public var masteryScore: Sentence
    /// No score was given.
    public var masteryUnscored: String
    /// The heading of the weak points.
    public var weakPointsHeading: String
    /// No weak point was found.
    public var noWeakPoints: String
    /// The heading of the suggestions.
    public var suggestionsHeading: String
    /// The lesson's next review. Blanks: date, type.
    public var nextReview: Sentence
    /// No review of the lesson is planned.
    public var noNextReview: String

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
    }

    // MARK: Filling sentences

    /// `sentence` with its blanks filled from `values` (a blank without a value stays empty).
    public func fill(_ sentence: Sentence, _ values: [Blank: String]) -> String {
        sentence.string { blank, text in text.append(values[blank] ?? "") }
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
