extension PlanWording {
    /// The English table.
    public static let english = PlanWording(
        language: .english,
        monthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        weekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        shortDate: Sentence("{monthName} {day}"),
        dateWithWeekday: Sentence("{weekday} {date}"),

        sentenceSeparator: " ",
        weakPointReason: Sentence("Weak point “{weakPoint}”, named on {date}: practise it on its own."),
        feynmanReason: Sentence("Last score {score}, so the understanding is partial: explain it in your own words."),
        feynmanReasonUnscored: Sentence("The understanding is partial: explain it in your own words."),
        spacedRepetitionReason: Sentence("Well consolidated (last score {score}): a quick review keeps it."),
        recallReason: Sentence("Last reviewed on {date} with a score of {score}: write down what you remember."),
        recallReasonUnscored: Sentence("Last reviewed on {date}: write down what you remember."),
        afterFailure: Sentence("The last attempt did not succeed, so it comes back within a day."),
        predictedRecall: Sentence("On {date} you should still recall about {recall}% of it (memory strength: {strength})."),
        strengthDays: Counted(one: "about a day", other: "about {days} days"),
        strengthHours: Counted(one: "about an hour", other: "about {hours} hours"),
        strengthUnderAnHour: Sentence("under an hour"),
        suggestedReview: Sentence("The analysis suggested reviewing it by {date}."),
        overdue: Counted(one: "It is a day overdue.", other: "It is {days} days overdue."),
        deferred: Sentence("Moved here from {date}, which was already full."),
        deferredFromDayWithoutStudy: Sentence("Moved here from {date}, a day without study time."),
        movedBeforeBreak: Sentence(
            "Brought forward from {date}, when you are away: waiting until {endDate} would let recall fall to about {recall}%, "
                + "too far below the {target}% aimed at."),
        movedAfterBreak: Sentence("Moved from {date}, when you are away: it still holds about {recall}% on {endDate}, so it can wait."),
        movedAfterBreakWithoutRoom: Sentence(
            "Moved from {date}, when you are away: it could not be fitted in before your break, so it waits until {endDate} "
                + "(about {recall}% by then)."),
        postponedOnRequest: Sentence("Postponed from {date}, as asked: of the reviews due, waiting costs this one least."),
        advancedOnRequest: Sentence("Brought forward from {date}, as asked: of the reviews not yet due, this one is most at risk."),
        shiftedByBreak: Sentence("Without your break ({startDate}–{endDate}) it would be on {date}."),
        shiftedByWeekdayMinutes: Sentence("With the same minutes every day it would be on {date}."),
        shiftedByRequests: Sentence("Without the reviews you asked to move it would be on {date}."),

        planTitle: Sentence("Review plan · {name} · {date} · {zone} · {minutes} min a day"),
        weekdayMinutesList: Sentence(" ({list})"),
        weekdayMinutesEntry: Sentence("{weekday} {minutes}"),
        listSeparator: ", ",
        today: "Today", tomorrow: "Tomorrow", thisWeek: "This week", later: "Later",
        groupEmpty: Sentence("{title}: nothing to review"),
        groupSummary: Counted(one: "{title} (1 task, about {minutes} min)", other: "{title} ({count} tasks, about {minutes} min)"),
        taskMinutes: Sentence("{minutes} min"),
        beyondShownDays: Counted(one: "1 more task on {date}", other: "{count} more tasks from {date} on"),
        minutesPerDay: "Minutes per day: ",
        notesHeading: "Notes:",
        calendarName: "ZhiXi reviews",

        noteOverBudget: Sentence("{date}: a single task of {minutes} min is longer than the {budget}-minute daily budget."),
        noteDeferred: Counted(
            one: "1 task was moved to a later day to keep each day within the {budget}-minute budget.",
            other: "{count} tasks were moved to later days to keep each day within the {budget}-minute budget; the most urgent stayed first."),
        noteBacklog: Counted(
            one: "There is a backlog: 1 task ({minutes} min) waits beyond the first day.",
            other: "There is a backlog: at {budget} minutes a day the {count} tasks due ({minutes} min) take {days} days, until {date}."),
        noteDeferredWithinWeek: Counted(
            one: "1 task was moved to a later day to keep each day within its minutes.",
            other: "{count} tasks were moved to later days to keep each day within its minutes; the most urgent stayed first."),
        noteBacklogWithinWeek: Counted(
            one: "There is a backlog: 1 task ({minutes} min) waits beyond the first day.",
            other: "There is a backlog: with your minutes per weekday the {count} tasks due ({minutes} min) take {days} days, "
                + "until {date}."),
        noteBreak: Counted(
            one: "Away {date}–{endDate}: 1 task before your break, {laterCount} after; at worst {recall}% recall on {recallDate}.",
            other: "Away {date}–{endDate}: {count} tasks before your break, {laterCount} after; at worst {recall}% recall on {recallDate}."),
        noteBreakAllBefore: Counted(one: "Away {date}–{endDate}: the 1 task due then comes before your break.",
                                    other: "Away {date}–{endDate}: all {count} tasks due then come before your break."),
        noteBreakShifts: Counted(
            one: "Away {date}–{endDate}: 1 task is on another day than it would be without your break.",
            other: "Away {date}–{endDate}: {count} tasks are on other days than they would be without your break "
                + "({earlierCount} earlier, {laterCount} later)."),
        noteBreakShiftsInAll: Counted(
            one: "In all, 1 task is on another day because of the break.",
            other: "In all, {count} tasks are on other days because of the break ({earlierCount} earlier, {laterCount} later)."),
        notePostponed: Counted(
            one: "1 due task was postponed, as asked: the one whose delay costs least; at worst {recall}% recall on its new day.",
            other: "{count} due tasks were postponed, as asked: those whose delay costs least; at worst {recall}% recall on their new days."),
        notePostponeShortfall: Counted(
            one: "Only 1 of the {requested} tasks asked for could be postponed: no other review due today can wait.",
            other: "Only {count} of the {requested} tasks asked for could be postponed: no other review due today can wait."),
        noteAdvanced: Counted(one: "1 task not yet due was brought forward to today, as asked: the one most at risk.",
                              other: "{count} tasks not yet due were brought forward to today, as asked: those most at risk."),
        noteAdvanceShortfall: Counted(
            one: "Only 1 of the {requested} tasks asked for could be brought forward: today has no room for more, "
                + "or no other review can be done yet.",
            other: "Only {count} of the {requested} tasks asked for could be brought forward: today has no room for more, "
                + "or no other review can be done yet."),
        noteSuperseded: Counted(one: "1 pending task was replaced by a later session.",
                                other: "{count} pending tasks were replaced by later sessions."),
        noteRetiredWeakPoints: Counted(
            one: "1 weak point was not named again by the latest analysis and is no longer drilled.",
            other: "{count} weak points were not named again by the latest analyses and are no longer drilled."),
        noteUnattributedAnalyses: Counted(one: "1 analysis has neither a session nor a lesson and was left out.",
                                          other: "{count} analyses have neither a session nor a lesson and were left out."),
        noteForeignTasks: Counted(
            one: "1 completed, skipped or cancelled task has an id this planner did not make; it was not counted.",
            other: "{count} completed, skipped or cancelled tasks have ids this planner did not make; they were not counted."),
        noteFutureRecords: Counted(one: "1 session or analysis dated after {date} (the planning time) was left out.",
                                   other: "{count} sessions or analyses dated after {date} (the planning time) were left out."),
        noteDuplicateIDs: Counted(one: "1 of the {name} repeats an id used before; only the first with that id counted.",
                                  other: "{count} of the {name} repeat ids used before; only the first with each id counted."),
        noteScoreDisagreement: Counted(
            one: "Session {sessionID} scored {sessionScore} but its analysis {analysisID} says {analysisScore}; the session's score counted.",
            other: "{count} sessions have a score other than their analysis's (e.g. session {sessionID}: {sessionScore}, "
                + "analysis {analysisID}: {analysisScore}); the sessions' scores counted."),
        noteAnalysisOfOtherLesson: Counted(
            one: "Analysis {analysisID} names another lesson than its session {sessionID}; the session's lesson counted.",
            other: "{count} analyses name another lesson than their sessions (e.g. analysis {analysisID} of session {sessionID}); "
                + "the sessions' lessons counted."),
        sessionsName: "sessions", analysesName: "analyses", lessonsName: "lessons")
}
