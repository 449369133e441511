import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// Writes a planner result as text for people, CSV, iCalendar or JSON.
struct PlanFormatter {
    let result: PlannerResult
    let workspace: LearnerWorkspace
    let language: AppLanguage
    var chinese: Bool { language == .simplifiedChinese }

    private var calendar: StudyCalendar {
        (try? StudyCalendar(timeZoneIdentifier: result.plan.timezone)) ?? .utc
    }

    // MARK: JSON

    /// The plan as the JSON contract's `ReviewPlan`: compact, sorted keys, one line, ended by
    /// a line break.
    func json() throws(CommandError) -> Data {
        do {
            var data = try result.plan.jsonData()
            data.append(UInt8(ascii: "\n"))
            return data
        } catch {
            throw .ioError("cannot encode the plan as JSON (\(error))")
        }
    }

    // MARK: Text

    private func label(_ type: ReviewType) -> String { type.displayName(language: language) }

    private func dateText(_ date: Date, withWeekday: Bool) -> String {
        let calendar = calendar
        let day = calendar.dayNumber(of: date)
        let local = calendar.localDate(ofDay: day)
        let weekdays = chinese ? ["周日", "周一", "周二", "周三", "周四", "周五", "周六"]
                               : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let text = chinese ? "\(local.month)月\(local.day)日" : "\(months[local.month - 1]) \(local.day)"
        guard withWeekday else { return text }
        let weekday = weekdays[calendar.weekday(ofDay: day) - 1]
        return chinese ? text + "（\(weekday)）" : "\(weekday) " + text
    }

    private func title(_ task: PlannedReviewTask) -> String {
        let lesson = task.explanation.lessonTitle ?? task.task.lessonID
        guard let weakPoint = task.explanation.weakPoint else { return lesson }
        return lesson + " · " + weakPoint
    }

    private func minutesText(_ minutes: Int) -> String { chinese ? "\(minutes) 分钟" : "\(minutes) min" }

    /// Tasks grouped under 今天 / 明天 / 本周 (Today / Tomorrow / This week), each with its type,
    /// lesson, minutes and reason; later tasks are counted.
    func text() -> String {
        let plan = result.plan
        let name = workspace.user?.displayName ?? workspace.profile.userID
        var output = (chinese ? "复习计划 · " : "Review plan · ") + name + " · "
            + dateText(plan.generatedAt, withWeekday: true) + " · " + plan.timezone + " · "
            + (chinese ? "每日 \(result.dailyMinutes) 分钟" : "\(result.dailyMinutes) min a day") + "\n"
        let groups: [(String, [PlannedReviewTask], Bool)] = [
            (chinese ? "今天" : "Today", plan.today, false),
            (chinese ? "明天" : "Tomorrow", plan.tomorrow, false),
            (chinese ? "本周" : "This week", plan.thisWeek, true),
        ]
        for (heading, tasks, showDate) in groups {
            let minutes = tasks.reduce(0) { $0 + $1.explanation.estimatedMinutes }
            output += "\n" + heading
            if tasks.isEmpty {
                output += chinese ? "：没有复习任务\n" : ": nothing to review\n"
                continue
            }
            output += chinese ? "（\(tasks.count) 项，约 \(minutes) 分钟）\n" : " (\(tasks.count) task\(tasks.count == 1 ? "" : "s"), about \(minutes) min)\n"
            let labelWidth = tasks.map { TextFormatting.displayWidth(label($0.task.reviewType)) }.max() ?? 0
            for task in tasks {
                var line = "  "
                if showDate { line += TextFormatting.padded(dateText(task.task.scheduledAt, withWeekday: true), to: chinese ? 13 : 10) + "  " }
                line += TextFormatting.padded("[" + label(task.task.reviewType) + "]", to: labelWidth + 2) + "  " + title(task)
                line += " · " + minutesText(task.explanation.estimatedMinutes)
                output += line + "\n      " + task.explanation.reason + "\n"
            }
        }
        if let first = plan.later.first {
            output += "\n" + (chinese
                ? "以后：\(plan.later.count) 项，最早 \(dateText(first.task.scheduledAt, withWeekday: false))\n"
                : "Later: \(plan.later.count) task\(plan.later.count == 1 ? "" : "s"), the first on \(dateText(first.task.scheduledAt, withWeekday: false))\n")
        }
        let loads = result.days.map { day -> String in
            let date = calendar.localDate(ofDay: calendar.dayNumber(of: day.start))
            let marker = day.minutes > result.dailyMinutes ? "!" : ""
            return "\(date.month)/\(date.day) \(day.minutes)\(marker)"
        }
        output += "\n" + (chinese ? "每日分钟：" : "Minutes per day: ") + loads.joined(separator: "  ") + "\n"
        if !result.notes.isEmpty {
            output += (chinese ? "说明：\n" : "Notes:\n")
            for note in result.notes { output += "  - " + note.text(language: language) + "\n" }
        }
        return output
    }

    // MARK: CSV

    /// One row per task, every group, with a header.
    func csv() -> String {
        var output = "group,scheduled_at,review_type,lesson_id,lesson_title,weak_point,estimated_minutes,"
            + "predicted_recall,stability,difficulty,due_at,deferred_from,task_id,source_session_id,reason\n"
        let plan = result.plan
        for (group, tasks) in [("today", plan.today), ("tomorrow", plan.tomorrow), ("thisWeek", plan.thisWeek), ("later", plan.later)] {
            for task in tasks {
                let fields = [
                    group, TextFormatting.iso8601UTC(task.task.scheduledAt.timeIntervalSince1970), task.task.reviewType.rawValue,
                    task.task.lessonID, task.explanation.lessonTitle ?? "", task.explanation.weakPoint ?? "",
                    String(task.explanation.estimatedMinutes), TextFormatting.fixed(task.explanation.predictedRecall, 4),
                    TextFormatting.fixed(task.explanation.stability, 4), TextFormatting.fixed(task.explanation.difficulty, 4),
                    TextFormatting.iso8601UTC(task.explanation.dueAt.timeIntervalSince1970),
                    task.explanation.deferredFrom.map { TextFormatting.iso8601UTC($0.timeIntervalSince1970) } ?? "",
                    task.task.id, task.task.sourceSessionID ?? "", task.explanation.reason,
                ]
                output += fields.map(TextFormatting.csvField).joined(separator: ",") + "\n"
            }
        }
        return output
    }

    // MARK: iCalendar

    /// An iCalendar (RFC 5545) file: one all-day event per task on its local date, with the
    /// reason as description; the task id makes the event's UID, so importing a new plan
    /// updates events instead of duplicating them.
    func iCalendar() -> String {
        let calendar = calendar
        let stamp = compactUTC(result.plan.generatedAt)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ZhiXi//zhixi-review \(ZhiXiReview.version)//EN",
                     "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:" + escape(chinese ? "知习复习计划" : "ZhiXi reviews"),
                     "X-WR-TIMEZONE:" + result.plan.timezone]
        let plan = result.plan
        for task in plan.today + plan.tomorrow + plan.thisWeek + plan.later {
            let day = calendar.dayNumber(of: task.task.scheduledAt)
            let date = calendar.localDate(ofDay: day)
            let next = calendar.localDate(ofDay: day + 1)
            lines += [
                "BEGIN:VEVENT",
                "UID:\(task.task.id)@zhixi-review",
                "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(compactDate(date))",
                "DTEND;VALUE=DATE:\(compactDate(next))",
                "SUMMARY:" + escape("[\(label(task.task.reviewType))] " + title(task) + " (" + minutesText(task.explanation.estimatedMinutes) + ")"),
                "DESCRIPTION:" + escape(task.explanation.reason),
                "CATEGORIES:" + escape(label(task.task.reviewType)),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    private func compactDate(_ date: CivilDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    private func compactUTC(_ date: Date) -> String {
        TextFormatting.iso8601UTC(date.timeIntervalSince1970).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "")
    }

    /// RFC 5545 text escaping: backslash, semicolon, comma and line breaks.
    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a content line at 75 octets without splitting a UTF-8 character.
    private func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var output = ""
        var count = 0
        var limit = 75
        for character in line {
            let size = String(character).utf8.count
            if count + size > limit {
                output += "\r\n "
                count = 0
                limit = 74
            }
            output.append(character)
            count += size
        }
        return output
    }
}
