import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// `zhixi-review lessons WORKSPACE.json`: a workspace's lessons with their ids, titles and
/// next reviews, so that `record --lesson` can be given either.
enum LessonsCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let now = SharedOptions.now
        let timeZone = SharedOptions.timeZone()
        let dayStart = SharedOptions.dayStart()
        let format = SharedOptions.format([.text, .json, .csv])
        let language = LanguageChoice.standard
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "lessons",
        arguments: [.init(placeholder: "WORKSPACE.json")],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let path = try arguments.singleInput()
        let format = try arguments.value(of: options.format)
        let (workspace, _) = try WorkspaceFile.read(path, context: context)
        var configuration = PlannerConfiguration()
        configuration.timeZoneIdentifier = try arguments.value(of: options.timeZone)
        configuration.dayStartHour = try arguments.value(of: options.dayStart)
        configuration.language = LanguageChoice.language(try arguments.value(of: options.language), context: context, workspace: workspace)
        let now = try arguments.value(of: options.now)
            .date(for: workspace, timeZone: configuration.timeZoneIdentifier, dayStart: configuration.dayStartHour)
        let result: PlannerResult
        do {
            result = try ReviewPlanner(configuration: configuration).plan(PlannerInput(workspace: workspace), now: now)
        } catch {
            throw .dataError("\(FileAccess.displayName(path)): " + (error.path.map { "\($0): " } ?? "") + error.description)
        }
        let overviews = LessonOverview.overviews(of: workspace, plan: result)
        let listing = Listing(overviews: overviews, calendar: result.calendar, language: result.language, now: now)
        switch format {
        case .json: context.write(try OutputJSON.report(overviews.map(listing.entry), style: .elementPerLine, command: "lessons"))
        case .csv: context.write(listing.csv())
        default:
            let name = workspace.user?.displayName ?? workspace.profile.userID
            context.write(listing.text(title: listing.words.counted("lessons.title", in: .commands, count: overviews.count, [
                "name": name.escapingControlCharacters(), "count": String(overviews.count),
                "date": listing.day(now, withWeekday: true), "zone": result.calendar.timeZoneIdentifier.escapingControlCharacters(),
            ])))
        }
    }

    /// The lessons written out, every date a study day of the plan's calendar, in the
    /// language's words (a date in another year than the listing's with its year).
    struct Listing {
        let overviews: [LessonOverview]
        let calendar: StudyCalendar
        let language: AppLanguage
        /// The year of the day the listing is as of.
        let year: Int

        init(overviews: [LessonOverview], calendar: StudyCalendar, language: AppLanguage, now: Date) {
            self.overviews = overviews
            self.calendar = calendar
            self.language = language
            year = calendar.localDate(ofDay: calendar.dayNumber(of: now)).year
        }

        var words: Localization { language.localization }

        func day(_ date: Date, withWeekday: Bool) -> String {
            let local = calendar.localDate(ofDay: calendar.dayNumber(of: date))
            return words.date(local, weekday: withWeekday, year: local.year != year)
        }

        func local(_ date: Date) -> String { TextFormatting.iso8601(date, on: calendar) }

        func text(title: String) -> String {
            let rows = overviews.map { overview -> [String] in
                let next = overview.nextReview.map {
                    words.sentence("lessons.nextReview", in: .commands, [
                        "date": day($0.task.scheduledAt, withWeekday: true), "type": $0.task.reviewType.displayName(language: language),
                    ])
                } ?? words.text(overview.sessionCount == 0 ? "lessons.notStudied" : "lessons.nonePlanned", in: .commands)
                return [overview.lesson.id, overview.lesson.title, String(overview.sessionCount),
                        overview.lastStudied.map { day($0, withWeekday: false) } ?? "–", next,
                        overview.weakPointDrillCount == 0 ? "–" : String(overview.weakPointDrillCount)]
            }.map { $0.map { $0.escapingControlCharacters() } }
            let header = ["id", "title", "sessions", "lastStudied", "nextReview", "weakPoints"].map {
                words.text("lessons.column." + $0, in: .commands)
            }
            return title + "\n\n" + TextFormatting.table(header: header, rows: rows, rightAligned: [2])
        }

        func csv() -> String {
            var output = "id,title,sessions,last_studied,next_review_date,next_review_type,next_review_at,next_review_at_utc,task_id,"
                + "weak_point_drills\n"
            for overview in overviews {
                let next = overview.nextReview
                let fields = [
                    overview.lesson.id, overview.lesson.title, String(overview.sessionCount), overview.lastStudied.map(local) ?? "",
                    next.map { calendar.localDate(ofDay: calendar.dayNumber(of: $0.task.scheduledAt)).description } ?? "",
                    next?.task.reviewType.rawValue ?? "", next.map { local($0.task.scheduledAt) } ?? "",
                    next.map { TextFormatting.iso8601UTC($0.task.scheduledAt.timeIntervalSince1970) } ?? "", next?.task.id ?? "",
                    String(overview.weakPointDrillCount),
                ]
                output += fields.map(TextFormatting.csvField).joined(separator: ",") + "\n"
            }
            return output
        }

        /// A lesson in the JSON array.
        struct Entry: Encodable {
            struct NextReview: Encodable {
                var date: String
                var scheduledAt: String
                var reviewType: String
                var taskId: String
            }
            var id: String
            var title: String
            var sessions: Int
            var lastStudied: String?
            var nextReview: NextReview?
            var weakPointDrills: Int

            private enum CodingKeys: String, CodingKey { case id, title, sessions, lastStudied, nextReview, weakPointDrills }

            /// Every member written, `null` for a lesson never studied or without a review planned.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode(title, forKey: .title)
                try container.encode(sessions, forKey: .sessions)
                if let lastStudied { try container.encode(lastStudied, forKey: .lastStudied) } else { try container.encodeNil(forKey: .lastStudied) }
                if let nextReview { try container.encode(nextReview, forKey: .nextReview) } else { try container.encodeNil(forKey: .nextReview) }
                try container.encode(weakPointDrills, forKey: .weakPointDrills)
            }
        }

        func entry(_ overview: LessonOverview) -> Entry {
            Entry(id: overview.lesson.id, title: overview.lesson.title, sessions: overview.sessionCount,
                  lastStudied: overview.lastStudied.map { ISO8601Timestamp.string(from: $0) },
                  nextReview: overview.nextReview.map {
                      Entry.NextReview(date: calendar.localDate(ofDay: calendar.dayNumber(of: $0.task.scheduledAt)).description,
                                       scheduledAt: ISO8601Timestamp.string(from: $0.task.scheduledAt),
                                       reviewType: $0.task.reviewType.rawValue, taskId: $0.task.id)
                  },
                  weakPointDrills: overview.weakPointDrillCount)
        }
    }
}
