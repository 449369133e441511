extension LearnerWording {
    /// The Simplified Chinese table (简体中文), the app's default.
    public static let chinese = LearnerWording(
        language: .simplifiedChinese,
        months: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"],
        weekdayNames: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
        shortDate: Sentence("{month}月{day}日"),
        dateWithWeekday: Sentence("{date}（{weekday}）"),

        today: "今天", tomorrow: "明天", thisWeek: "本周",
        groupSummary: Counted("{count} 项，约 {minutes} 分钟"),
        groupEmpty: "没有复习任务",
        taskMinutes: Sentence("{minutes} 分钟"),
        plannedByServer: "按服务器的计划复习。",
        untitledLesson: "未命名课程",
        offlineBanner: "暂时连不上服务器：这是本机根据已保存的学习记录排出的计划，完成记录会在联网后自动同步。",
        waitingToSync: Counted("{count} 条记录待同步"),
        taskGone: Sentence("「{title}」这项复习任务已不存在，已从计划中移除。"),
        actionNotSaved: "没能在本机保存这条记录，请重试。",

        retry: "重试",
        unreachable: "连不上服务器，本机也还没有保存的学习记录。请检查网络后重试。",
        serverError: "服务器暂时出了问题，请稍后重试。",
        malformedAnswer: "服务器返回的数据无法读取，请稍后重试。",
        refused: "服务器拒绝了这次请求，请稍后重试。",
        storageFailure: "本机存储出错，请检查剩余空间后重试。",
        notFound: "找不到这节课，它可能已被移除。",
        signedOut: "请先登录。",

        todayWork: Sentence("今日复习约 {minutes} 分钟 / 每日 {budget} 分钟"),
        todayWorkWithoutBudget: Sentence("今日复习约 {minutes} 分钟"),
        overBudget: "今天的复习超出了每日学习时间，可以把一部分留到明天。",
        dayWithoutStudy: "今天没有安排学习时间，好好休息。",
        continueReading: "继续阅读",
        readingProgress: Sentence("已读 {percent}%"),
        streak: Counted("连续学习 {days} 天"),
        totalMinutes: Sentence("累计学习 {minutes} 分钟"),
        averageMastery: Sentence("平均掌握度 {score}"),
        dueReviews: Counted("{count} 项待复习"),

        signInRefused: "Apple 账号验证未通过，请重新登录。",
        signInUnavailable: "这台设备暂时无法使用“通过 Apple 登录”。",
        signInServerError: "登录服务暂时出了问题，请稍后重试。",
        signInStorage: "无法在本机保存登录状态，请检查设备存储后重试。",
        signInBusy: "正在登录，请稍候。",

        recallPlaceholder: "不看资料，写下你记得的内容……",
        emptyRecall: "先写下你记得的内容，再提交分析。",
        analyzing: "AI 正在分析你的回答……",
        masteryScore: Sentence("掌握度 {score}"),
        masteryUnscored: "这次没有给出掌握度评分。",
        weakPointsHeading: "薄弱点",
        noWeakPoints: "没有发现明显的薄弱点。",
        suggestionsHeading: "建议",
        nextReview: Sentence("下次复习：{date} · {type}"),
        noNextReview: "这节课暂时没有安排复习。"
    )
}
