extension PlanWording {
    /// The Simplified Chinese table (简体中文).
    public static let chinese = PlanWording(
        language: .simplifiedChinese,
        monthNames: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
        weekdayNames: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
        shortDate: Sentence("{month}月{day}日"),
        dateWithWeekday: Sentence("{date}（{weekday}）"),

        sentenceSeparator: "",
        weakPointReason: Sentence("薄弱点「{weakPoint}」（{date}指出）：单独练习。"),
        feynmanReason: Sentence("上次得分 {score}，理解尚不完整：用自己的话讲解一遍。"),
        feynmanReasonUnscored: Sentence("理解尚不完整：用自己的话讲解一遍。"),
        spacedRepetitionReason: Sentence("已经巩固（上次得分 {score}）：快速复习一遍即可保持。"),
        recallReason: Sentence("上次复习在{date}，得分 {score}：写下你记得的内容。"),
        recallReasonUnscored: Sentence("上次复习在{date}：写下你记得的内容。"),
        afterFailure: Sentence("上次没有答好，一天之内再复习。"),
        predictedRecall: Sentence("预计{date}还能记住约 {recall}%（记忆强度：{strength}）。"),
        strengthDays: Counted("约 {days} 天"),
        strengthHours: Counted("约 {hours} 小时"),
        strengthUnderAnHour: Sentence("不到 1 小时"),
        suggestedReview: Sentence("AI 分析建议在{date}之前复习。"),
        overdue: Counted("已逾期 {days} 天。"),
        deferred: Sentence("{date}已经排满，顺延到这一天。"),

        planTitle: Sentence("复习计划 · {name} · {date} · {zone} · 每日 {minutes} 分钟"),
        today: "今天", tomorrow: "明天", thisWeek: "本周", later: "以后",
        groupEmpty: Sentence("{title}：没有复习任务"),
        groupSummary: Counted("{title}（{count} 项，约 {minutes} 分钟）"),
        taskMinutes: Sentence("{minutes} 分钟"),
        beyondShownDays: Counted("另有 {count} 项，从{date}开始"),
        minutesPerDay: "每日分钟：",
        notesHeading: "说明：",
        calendarName: "知习复习计划",

        noteOverBudget: Sentence("{date}：单个任务需要 {minutes} 分钟，超过了每日 {budget} 分钟的时间预算。"),
        noteDeferred: Counted("为了让每天不超过 {budget} 分钟，{count} 个任务顺延到了之后的日子，最紧急的排在最前。"),
        noteBacklog: Counted("有积压：按每日 {budget} 分钟，到期的 {count} 个任务（共 {minutes} 分钟）需要 {days} 天才能完成，至{date}。"),
        noteSuperseded: Counted("{count} 个待办任务已被之后的学习记录取代。"),
        noteRetiredWeakPoints: Counted("最新的分析不再指出 {count} 个原有薄弱点，已停止专项练习。"),
        noteUnattributedAnalyses: Counted("{count} 个分析既没有对应的学习记录也没有课程，未被使用。"),
        noteForeignTasks: Counted("{count} 个已完成、跳过或取消的任务的编号不是本规划器生成的，未计入复习。"),
        noteFutureRecords: Counted("{count} 个学习记录或分析的时间晚于规划时间（{date}），未被使用。"),
        noteDuplicateIDs: Counted("{count} 个{name}的编号与之前的重复，每个编号只使用第一个。"),
        noteScoreDisagreement: Counted(
            one: "学习记录 {sessionID} 的得分是 {sessionScore}，而它的分析 {analysisID} 给出 {analysisScore}；以学习记录的得分为准。",
            other: "{count} 个学习记录的得分与其分析不一致（例如学习记录 {sessionID}：{sessionScore}，分析 {analysisID}：{analysisScore}）；"
                + "以学习记录的得分为准。"),
        noteAnalysisOfOtherLesson: Counted(
            one: "分析 {analysisID} 写的课程与其学习记录 {sessionID} 不同；以学习记录的课程为准。",
            other: "{count} 个分析写的课程与其学习记录不同（例如学习记录 {sessionID} 的分析 {analysisID}）；以学习记录的课程为准。"),
        sessionsName: "学习记录", analysesName: "分析", lessonsName: "课程")
}
