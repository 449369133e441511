extension LearnerWording {
    /// The English table.
    public static let english = LearnerWording(
        language: .english,
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        shortDate: Sentence("{month} {day}"),
        dateWithWeekday: Sentence("{weekday} {date}"),

        today: "Today", tomorrow: "Tomorrow", thisWeek: "This week",
        groupSummary: Counted(one: "{count} task, about {minutes} min", other: "{count} tasks, about {minutes} min"),
        groupEmpty: "No reviews",
        taskMinutes: Sentence("{minutes} min"),
        plannedByServer: "Planned by the server.",
        untitledLesson: "Untitled lesson",
        offlineBanner: "The server cannot be reached: this plan was made on this device from your saved learning, and what you mark done is sent when the network is back.",
        waitingToSync: Counted(one: "{count} record waiting to be sent", other: "{count} records waiting to be sent"),
        taskGone: Sentence("The review “{title}” no longer exists and was removed from your plan."),
        actionNotSaved: "This could not be saved on the device; please try again.",

        retry: "Try again",
        unreachable: "The server cannot be reached and nothing is saved on this device yet. Check the network and try again.",
        serverError: "The server has a problem; please try again later.",
        malformedAnswer: "The server's answer could not be read; please try again later.",
        refused: "The server refused the request; please try again later.",
        storageFailure: "The device's storage failed; check the free space and try again.",
        notFound: "This lesson cannot be found; it may have been removed.",
        signedOut: "Please sign in first.",

        todayWork: Sentence("Reviews today: about {minutes} of {budget} min"),
        todayWorkWithoutBudget: Sentence("Reviews today: about {minutes} min"),
        overBudget: "Today's reviews take longer than your daily study time; you can leave some for tomorrow.",
        dayWithoutStudy: "No study is planned today. Enjoy the rest.",
        continueReading: "Continue reading",
        readingProgress: Sentence("{percent}% read"),
        streak: Counted(one: "{days}-day streak", other: "{days}-day streak"),
        totalMinutes: Sentence("{minutes} min studied"),
        averageMastery: Sentence("Average mastery {score}"),
        dueReviews: Counted(one: "{count} review due", other: "{count} reviews due"),

        signInRefused: "Apple did not confirm your account; please sign in again.",
        signInUnavailable: "Sign in with Apple is not available on this device right now.",
        signInServerError: "Signing in failed on the server; please try again later.",
        signInStorage: "The session could not be saved on this device; check its storage and try again.",
        signInBusy: "Signing in, please wait.",

        recallPlaceholder: "Without looking, write down what you remember…",
        emptyRecall: "Write down what you remember first, then submit it.",
        analyzing: "The AI is analysing your answer…",
        masteryScore: Sentence("Mastery {score}"),
        masteryUnscored: "No mastery score was given this time.",
        weakPointsHeading: "Weak points",
        noWeakPoints: "No clear weak point was found.",
        suggestionsHeading: "Suggestions",
        nextReview: Sentence("Next review: {date} · {type}"),
        noNextReview: "No review of this lesson is planned yet."
    )
}
