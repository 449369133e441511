import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// Writes a planner result as text for people, CSV, iCalendar or JSON. Every date is the
/// learner's study day on the plan's calendar (time zone and day-start hour); every word comes
/// from the `PlanWording` table of the language.
struct PlanFormatter {
    let result: PlannerResult
    let workspace: LearnerWorkspace
    let wording: PlanWording
    /// The days shown in detail, today first.
    let shownDays: Int

    init(result: PlannerResult, workspace: LearnerWorkspace, language: AppLanguage) {
        self.result = result
        self.workspace = workspace
        self.wording = result.wording(language)
        self.shownDays = max(1, result.days.count)
    }

    private var calendar: StudyCalendar { result.calendar }

    // MARK: JSON

    /// The plan as the JSON contract's `ReviewPlan` (compact, its keys sorted), then the
    /// plan's notes as `"notes": [sentences]` (empty when there are none): one line, ended by
    /// a line break. Every byte before `,"notes"` is the `ReviewPlan`'s own JSON. Handed to
    /// `write` in pieces of about 1 MiB, in order, so that no buffer the size of the output is
    /// held. O(size of the output).
    /// - Throws: ``CommandError/ioError(_:)`` when the plan cannot be encoded (a number JSON
    ///   cannot hold); the pieces before were written.
    func writeJSON(to write: (UnsafeRawBufferPointer) -> Void) throws(CommandError) {
        do {
            try result.plan.writeJSON(moreMembers: { Self.appendNotesMember(result.notes, wording: wording, to: &$0) }, to: write)
        } catch {
            throw .ioError("cannot encode the plan as JSON (\(error))")
        }
        withUnsafeBytes(of: UInt8(ascii: "\n")) { write($0) }
    }

    /// The plan's JSON member after its own: `,"notes":[sentences]` (`[]` when there are
    /// none). `plan --format json` and each line of `plan --batch` write it alike.
    static func appendNotesMember(_ notes: [PlanNote], wording: PlanWording, to text: inout UTF8Text) {
        text.append(",\"notes\":[")
        for (index, note) in notes.enumerated() {
            if index > 0 { text.append(byte: UInt8(ascii: ",")) }
            text.appendJSONString(note.text(wording: wording))
        }
        text.append(byte: UInt8(ascii: "]"))
    }

    // MARK: Text

    private func label(_ type: ReviewType) -> String { type.displayName(language: wording.language) }

    /// The study day of an instant of the plan.
    private func studyDay(_ date: Date) -> Int { calendar.dayNumber(of: date) }

    private func dateText(_ date: Date, withWeekday: Bool) -> String {
        let local = calendar.localDate(ofDay: studyDay(date))
        return withWeekday ? wording.dateWithWeekday(local) : wording.date(local)
    }

    private func title(_ task: PlannedReviewTask) -> String {
        let lesson = task.explanation.lessonTitle ?? task.task.lessonID
        guard let weakPoint = task.explanation.weakPoint else { return lesson }
        return lesson + " · " + weakPoint
    }

    /// Text from the workspace (titles, weak points, names, reasons that quote them) for a
    /// terminal: control characters made visible, so none can move the cursor, clear the
    /// screen or forge a line.
    private func shown(_ text: String) -> String { text.escapingControlCharacters() }

    private func minutesText(_ minutes: Int) -> String {
        wording.taskMinutes.string { _, text in text.append(minutes) }
    }

    /// Tasks grouped under 今天 / 明天 / 本周 (Today / Tomorrow / This week), then the later
    /// tasks of the days shown by date, each with its type, lesson, minutes and reason; tasks
    /// beyond the days shown are counted with their first date. Nothing planned is left out.
    func text() -> String {
        let plan = result.plan
        let name = workspace.user?.displayName ?? workspace.profile.userID
        var output = wording.planTitle.string { blank, text in
            switch blank {
            case .name: text.append(shown(name))
            case .date: text.append(dateText(plan.generatedAt, withWeekday: true))
            case .zone: text.append(shown(plan.timezone))
            default: text.append(result.dailyMinutes)
            }
        } + weekdayMinutesText() + "\n"
        let today = studyDay(plan.generatedAt)
        let shownEnd = today + shownDays
        let laterShown = plan.later.filter { studyDay($0.task.scheduledAt) < shownEnd }
        let beyond = plan.later.count - laterShown.count
        var groups: [(String, [PlannedReviewTask], Bool)] = [
            (wording.today, plan.today, false), (wording.tomorrow, plan.tomorrow, false), (wording.thisWeek, plan.thisWeek, true),
        ]
        if !laterShown.isEmpty { groups.append((wording.later, laterShown, true)) }
        for (heading, tasks, showDate) in groups {
            let minutes = tasks.reduce(0) { $0 + $1.explanation.estimatedMinutes }
            output += "\n"
            if tasks.isEmpty {
                output += wording.groupEmpty.string { _, text in text.append(heading) } + "\n"
                continue
            }
            output += wording.groupSummary.form(tasks.count).string { blank, text in
                switch blank {
                case .title: text.append(heading)
                case .count: text.append(tasks.count)
                default: text.append(minutes)
                }
            } + "\n"
            let labelWidth = tasks.map { TextFormatting.displayWidth(label($0.task.reviewType)) }.max() ?? 0
            let dateWidth = tasks.map { TextFormatting.displayWidth(dateText($0.task.scheduledAt, withWeekday: true)) }.max() ?? 0
            for task in tasks {
                var line = "  "
                if showDate { line += TextFormatting.padded(dateText(task.task.scheduledAt, withWeekday: true), to: dateWidth) + "  " }
                line += TextFormatting.padded("[" + shown(label(task.task.reviewType)) + "]", to: labelWidth + 2) + "  " + shown(title(task))
                line += " · " + minutesText(task.explanation.estimatedMinutes)
                output += line + "\n      " + shown(task.explanation.reason) + "\n"
            }
        }
        if beyond > 0, let first = plan.later.first(where: { studyDay($0.task.scheduledAt) >= shownEnd }) {
            output += "\n" + wording.beyondShownDays.form(beyond).string { blank, text in
                if blank == .count { text.append(beyond) } else { text.append(dateText(first.task.scheduledAt, withWeekday: false)) }
            } + "\n"
        }
        let loads = result.days.map { day -> String in
            let marker = day.budgetMinutes.map { day.minutes > $0 } ?? false ? "!" : ""
            return "\(day.date.month)/\(day.date.day) \(day.minutes)\(marker)"
        }
        output += "\n" + wording.minutesPerDay + loads.joined(separator: "  ") + "\n"
        if !result.notes.isEmpty {
            output += wording.notesHeading + "\n"
            for note in result.notes { output += "  - " + shown(note.text(wording: wording)) + "\n" }
        }
        return output
    }

    /// The weekdays whose minutes differ from the daily minutes, Monday first, for the title:
    /// ` (Sat 15, Sun 0)`; empty when every day has the daily minutes.
    private func weekdayMinutesText() -> String {
        guard let table = result.schedule.weekdayMinutes else { return "" }
        let entries = [2, 3, 4, 5, 6, 7, 1].compactMap { weekday -> String? in
            guard let minutes = table[weekday: weekday], minutes != result.dailyMinutes else { return nil }
            return wording.weekdayMinutesEntry.string { blank, text in
                if blank == .weekday { text.append(wording.localization.weekdayNames[weekday - 1]) } else { text.append(minutes) }
            }
        }
        guard !entries.isEmpty else { return "" }
        return wording.weekdayMinutesList.string { _, text in text.append(entries.joined(separator: wording.listSeparator)) }
    }

    // MARK: CSV

    /// One row per task, every group, with a header. Times are in the learner's time zone:
    /// `date` is the task's study day, `scheduled_at`, `due_at`, `deferred_from` and
    /// `moved_from` are ISO-8601 with the zone's offset (the same instants as the JSON's), and
    /// the last column, `scheduled_at_utc`, is the start of the task's day in UTC for programs
    /// that want it; `moved_from` and `move` say when and why a task was moved for a break or
    /// on request.
    func csv() -> String {
        var output = "group,date,scheduled_at,review_type,lesson_id,lesson_title,weak_point,estimated_minutes,"
            + "predicted_recall,stability,difficulty,due_at,deferred_from,task_id,source_session_id,reason,moved_from,move,"
            + "scheduled_at_utc\n"
        let plan = result.plan
        func local(_ date: Date) -> String { TextFormatting.iso8601(date, on: calendar) }
        for (group, tasks) in [("today", plan.today), ("tomorrow", plan.tomorrow), ("thisWeek", plan.thisWeek), ("later", plan.later)] {
            for task in tasks {
                let fields = [
                    group, calendar.localDate(ofDay: studyDay(task.task.scheduledAt)).description, local(task.task.scheduledAt),
                    task.task.reviewType.rawValue,
                    task.task.lessonID, task.explanation.lessonTitle ?? "", task.explanation.weakPoint ?? "",
                    String(task.explanation.estimatedMinutes), TextFormatting.fixed(task.explanation.predictedRecall, 4),
                    TextFormatting.fixed(task.explanation.stability, 4), TextFormatting.fixed(task.explanation.difficulty, 4),
                    local(task.explanation.dueAt), task.explanation.deferredFrom.map(local) ?? "",
                    task.task.id, task.task.sourceSessionID ?? "", task.explanation.reason,
                    task.explanation.movedFrom.map(local) ?? "", task.explanation.move?.rawValue ?? "",
                    TextFormatting.iso8601UTC(task.task.scheduledAt.timeIntervalSince1970),
                ]
                output += fields.map(TextFormatting.csvField).joined(separator: ",") + "\n"
            }
        }
        return output
    }

    // MARK: iCalendar

    /// An iCalendar (RFC 5545) file: one all-day event per task on its local date, with the
    /// reason as description; the task id makes the event's UID, so importing a new plan
    /// updates events instead of duplicating them. A task moved for a break or on request
    /// carries `X-ZHIXI-MOVED-FROM` (the date it fell on) and `X-ZHIXI-MOVE` (why).
    func iCalendar() -> String {
        let stamp = compactUTC(result.plan.generatedAt)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ZhiXi//zhixi-review \(ZhiXiReview.version)//EN",
                     "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:" + escape(wording.calendarName),
                     "X-WR-TIMEZONE:" + escape(result.plan.timezone)]
        let plan = result.plan
        for task in plan.today + plan.tomorrow + plan.thisWeek + plan.later {
            let day = studyDay(task.task.scheduledAt)
            let date = calendar.localDate(ofDay: day)
            let next = calendar.localDate(ofDay: day + 1)
            lines += [
                "BEGIN:VEVENT",
                "UID:" + escape(task.task.id) + "@zhixi-review",
                "DTSTAMP:\(stamp)",
                "DTSTART;VALUE=DATE:\(compactDate(date))",
                "DTEND;VALUE=DATE:\(compactDate(next))",
                "SUMMARY:" + escape("[\(label(task.task.reviewType))] " + title(task) + " (" + minutesText(task.explanation.estimatedMinutes) + ")"),
                "DESCRIPTION:" + escape(task.explanation.reason),
                "CATEGORIES:" + escape(label(task.task.reviewType)),
                "TRANSP:TRANSPARENT",
            ]
            if let movedFrom = task.explanation.movedFrom, let move = task.explanation.move {
                lines += ["X-ZHIXI-MOVED-FROM;VALUE=DATE:" + compactDate(calendar.localDate(ofDay: studyDay(movedFrom))),
                          "X-ZHIXI-MOVE:" + escape(move.rawValue)]
            }
            lines.append("END:VEVENT")
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

    /// A TEXT value as RFC 5545 (§ 3.3.11) writes it, after the package's rule has made
    /// everything hidden visible (``ZhiXiCore/VisibleText``: control characters, line breaks,
    /// bidirectional overrides, as `\u{1B}`, `\n`; so none is left that a TEXT value may not
    /// hold, and none can reorder or break what a calendar shows): `\` `;` `,` escaped with a
    /// backslash.
    func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.escapingControlCharacters().unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Folds a content line as RFC 5545 (§ 3.1) asks: lines of at most 75 octets, each
    /// continuation starting with a space, never splitting a UTF-8 sequence (it folds between
    /// Unicode scalars, so even a long run of combining marks folds).
    func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var output = ""
        var count = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if count + size > limit {
                output += "\r\n "
                count = 0
                limit = 74
            }
            output.unicodeScalars.append(scalar)
            count += size
        }
        return output
    }
}
