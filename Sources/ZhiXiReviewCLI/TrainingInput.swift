import Foundation
import ZhiXiLocalization
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler
import ZhiXiTraining
import ZhiXiAnki

/// The input of `optimize` and `evaluate`: a review log (CSV) or a learner workspace (JSON),
/// turned into fsrs-rs's items. A workspace's lessons and weak points become the cards of the
/// dataset through the library's door (`WorkspaceTrainingData`), with the reviews the
/// planner replays.
enum TrainingInput {
    /// The one argument of both commands.
    static let argument = CommandSpecification.Argument(
        placeholder: "REVLOG.csv|COLLECTION|WORKSPACE.json")
    static let timeZone = SharedOptions.timeZone()
    static let dayStart = SharedOptions.dayStart()
    static let skipBadRows = CommandOption<Bool>.flag(
        "skip-bad-rows")
    static let elapsed = CommandOption<StatesCommand.ElapsedChoice>.choice(
        "elapsed", ["anki": .anki, "calendar": .calendar])
    static let now = CommandOption<Date>.timestamp(defaultingToNow: "now")
    static let seed = CommandOption<Int>.integer(
        "seed", placeholder: "S", range: 0...Int(Int32.max), default: Int(OptimizerConfiguration().seed))

    /// The options that say how ``load(_:arguments:context:)`` reads its input, in the order of
    /// the help: the calendar, how days are counted, the moment, an Anki file's cards.
    struct Reading: CommandOptions {
        let timeZone = TrainingInput.timeZone
        let dayStart = TrainingInput.dayStart
        let elapsed = TrainingInput.elapsed
        let now = TrainingInput.now
        let deck = ReviewLogSource.deck
        let preset = ReviewLogSource.preset
    }

    /// A dataset with a description of where it came from.
    struct Loaded {
        var dataset: TrainingDataset
        /// Where it came from: a log's cards, or a workspace's lessons and weak points.
        var source: Source
        /// The Anki file it was read from, if it was.
        var anki: AnkiInput?
        /// Relearning steps within a day, for Anki's rule on keeping the current parameters
        /// (`ParameterSelection`): 1 unless the input says otherwise.
        var relearningStepCount = 1
        /// The workspace it was read from, if it was (the learner's language is its).
        var workspace: LearnerWorkspace?

        /// How to fit it: as Anki does for an Anki file (`OptimizerConfiguration.anki`, the
        /// preset's relearning steps within a day), fsrs-rs's defaults otherwise; `seed` the
        /// order of the batches.
        func optimizerConfiguration(seed: UInt64) -> OptimizerConfiguration {
            var configuration = anki == nil ? OptimizerConfiguration() : .anki
            configuration.seed = seed
            configuration.relearningStepCount = relearningStepCount
            return configuration
        }

        /// For messages (in English): `12580 reviews of 1205 cards in log.csv`.
        var description: String { description(.english) }

        /// Where it came from in `words`' language (`input.*` in `Commands.strings`).
        func description(_ words: Localization) -> String {
            switch source {
            case .cards(let reviews, let cards, let name):
                words.sentence("input.cards", in: .commands, ["reviews": String(reviews), "cards": String(cards), "name": name])
            case .lessons(let reviews, let lessons, let weakPoints, let name):
                words.sentence("input.lessons", in: .commands, ["reviews": String(reviews), "lessons": String(lessons),
                                                                "weakPoints": String(weakPoints), "name": name])
            }
        }
    }

    /// What a dataset was read from, counted.
    enum Source {
        /// A review log (or an Anki file): its reviews and cards, and the file's name.
        case cards(reviews: Int, cards: Int, name: String)
        /// A workspace: its reviews, lessons and weak points, and the file's name.
        case lessons(reviews: Int, lessons: Int, weakPoints: Int, name: String)
    }

    /// Reads `path` as a workspace (a `.json` file, or text starting with `{`) or a review log.
    /// - Throws: 66 for a missing file, 65 for a bad row (with its line) or a bad workspace.
    static func load(_ path: String, arguments: ParsedArguments, context: CommandContext) throws(CommandError) -> Loaded {
        let zone = try arguments.value(of: timeZone)
        let hour = try arguments.value(of: dayStart)
        let skipping = arguments.flag(skipBadRows)
        let name = FileAccess.displayName(path)
        let moment = try arguments.value(of: now)
        let limit = max(InputLimits.reviewLog, InputLimits.workspace)
        var data = Data()
        var anki: AnkiInput?
        if path.lowercased().hasSuffix(".json") {
            for option in [ReviewLogSource.deck, ReviewLogSource.preset] where arguments.isGiven(option) {
                throw arguments.usageError("--\(option.name) chooses cards of an Anki file, and \(name) is a workspace")
            }
            data = try FileAccess.read(path, limit: limit, format: .text, context: context)
        } else {
            switch try ReviewLogSource.read(path, limit: limit, arguments: arguments, context: context) {
            case .csv(let bytes): data = bytes
            case .anki(let input): anki = input
            }
        }
        let elapsedChoice = try arguments.value(of: elapsed) ?? .defaultChoice(ankiFile: anki != nil)
        let log: ReviewLogColumns
        let calendar: StudyCalendar
        if let anki {
            log = anki.log
            calendar = try anki.calendar(zone: zone, hour: hour, arguments: arguments)
        } else {
            let firstByte = data.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
            if path.lowercased().hasSuffix(".json") || firstByte == UInt8(ascii: "{") {
                if elapsedChoice == .anki {
                    throw arguments.usageError("--elapsed anki is for review logs; a workspace's days are the study days of its profile")
                }
                return try workspace(data, name: name, zone: zone, hour: hour, now: moment)
            }
            do {
                log = try ReviewLogColumns(csv: data, skippingBadRows: skipping)
            } catch {
                throw .dataError("\(name): \(error.description)" + (skipping ? "" : " (--skip-bad-rows skips rows that cannot be read)"))
            }
            if log.skippedRowCount > 0 {
                context.writeError("zhixi-review: " + context.words.sentence("training.skippedRows", in: .commands, [
                    "name": name, "count": String(log.skippedRowCount), "first": log.skippedRows.first?.description ?? "",
                ]))
            }
            do {
                calendar = try StudyCalendar(timeZoneIdentifier: zone ?? UserLearningProfile.defaultTimeZone,
                                             dayStartHour: hour ?? UserLearningProfile.defaultDayStartHour)
            } catch {
                throw arguments.usageError(error.description)
            }
        }
        let days: ElapsedDaysPolicy = elapsedChoice == .anki
            ? .ankiDays(AnkiDayCount(at: moment, calendar: calendar)) : .studyDays(calendar)
        let timelines = ReviewTimelines(log: log, days: days, filter: ReviewLogFilter(), cardCutoffs: anki?.cardCutoffs)
        let report = timelines.filterReport
        if report.droppedAnything {
            let words = context.words
            func sentence(_ key: String, _ values: [String: String]) -> String { words.sentence(key, in: .commands, values) }
            var dropped = sentence("training.dropped", [
                "manual": String(report.manualEntriesDropped), "before": String(report.rowsBeforeLastLearningDropped),
                "without": String(report.cardsWithoutLearningDropped),
            ])
            if report.crammingDropped > 0 { dropped += sentence("training.dropped.cramming", ["count": String(report.crammingDropped)]) }
            if report.cardsWithoutHistoryDropped > 0 {
                dropped += sentence("training.dropped.withoutHistory", ["count": String(report.cardsWithoutHistoryDropped)])
            }
            if report.duplicateRowsDropped > 0 { dropped += sentence("training.dropped.duplicates", ["count": String(report.duplicateRowsDropped)]) }
            context.writeError("zhixi-review: " + sentence("training.kept", [
                "name": name, "kept": String(report.rowsKept), "read": String(report.rowsRead), "dropped": dropped,
            ]))
        }
        let dataset = TrainingDataset(timelines)
        var loaded = Loaded(dataset: dataset, source: .cards(reviews: dataset.reviewCount, cards: dataset.cardCount, name: name), anki: anki)
        if let anki {
            // Anki's keep rule counts the preset's relearning steps within a day.
            loaded.relearningStepCount = anki.settings.relearningStepsSeconds.filter { $0 < 86_400 }.count
        }
        return loaded
    }

    /// What Anki's rules left out of a log's histories for memory states, as warnings (none
    /// when nothing was left out): what `states` and `simulate --revlog` print.
    static func historyWarnings(_ report: ReviewLogFilterReport, words: Localization) -> [String] {
        var warnings: [String] = []
        func counted(_ key: String, _ count: Int) -> String { words.counted(key, in: .commands, count: count, ["count": String(count)]) }
        func sentence(_ key: String, _ values: [String: String]) -> String { words.sentence(key, in: .commands, values) }
        if report.duplicateRowsDropped > 0 { warnings.append(counted("history.duplicates", report.duplicateRowsDropped)) }
        if report.manualEntriesDropped > 0 { warnings.append(counted("history.manual", report.manualEntriesDropped)) }
        var rules: [String] = []
        if report.crammingDropped > 0 { rules.append(sentence("history.ankiRules.cramming", ["count": String(report.crammingDropped)])) }
        if report.rowsBeforeLastLearningDropped > 0 {
            rules.append(sentence("history.ankiRules.beforeHistory", ["count": String(report.rowsBeforeLastLearningDropped)]))
        }
        if report.cardsWithoutHistoryDropped > 0 {
            rules.append(sentence("history.ankiRules.withoutHistory", [
                "count": String(report.cardsWithoutHistoryDropped), "rows": String(report.rowsOfCardsWithoutHistoryDropped),
            ]))
        }
        if !rules.isEmpty {
            warnings.append(sentence("history.ankiRules", ["list": rules.joined(separator: words.text("list.separator", in: .commands))]))
        }
        if report.incompleteHistories > 0 { warnings.append(counted("history.incomplete", report.incompleteHistories)) }
        return warnings
    }

    /// The planner's review histories of a workspace as a dataset: each lesson and each weak
    /// point is a card.
    private static func workspace(_ data: Data, name: String, zone: String?, hour: Int?, now: Date) throws(CommandError) -> Loaded {
        let workspace = try WorkspaceFile.decode(data, name: name)
        do {
            return try dataset(of: workspace, name: name, zone: zone, hour: hour, now: now)
        } catch {
            throw .dataError("\(name): \(error.description)")
        }
    }

    /// The dataset of a decoded workspace: its lessons and weak points as cards, with the
    /// reviews the planner replays as of `now` (`zone` and `hour` override the profile's).
    /// - Throws: `PlannerError` for a workspace the planner cannot read (an unknown time
    ///   zone, a session of an unknown lesson, …).
    static func dataset(of workspace: LearnerWorkspace, name: String, zone: String?, hour: Int?,
                        now: Date) throws(PlannerError) -> Loaded {
        let data = try WorkspaceTrainingData(workspace: workspace, now: now, timeZoneIdentifier: zone, dayStartHour: hour)
        return Loaded(dataset: data.dataset, source: .lessons(reviews: data.dataset.reviewCount, lessons: data.lessonCount,
                                                              weakPoints: data.weakPointCount, name: name), workspace: workspace)
    }

    /// What an Anki file held and which of its settings a training command used (the days:
    /// `--timezone` and `--day-start` override), for the text output in the language of
    /// `words`; empty for other inputs.
    static func ankiSummary(_ loaded: Loaded, arguments: ParsedArguments, parameters: Bool, words: Localization) -> String {
        guard let anki = loaded.anki else { return "" }
        var overridden: Set<AnkiInput.Setting> = []
        if arguments.isGiven(timeZone) { overridden.insert(.timeZone) }
        if arguments.isGiven(dayStart) { overridden.insert(.dayStart) }
        if parameters, arguments.isGiven(SharedOptions.parameters) { overridden.insert(.parameters) }
        return anki.summary(used: (parameters ? [.parameters] : []) + [.dayStart, .timeZone], overridden: overridden, words: words)
    }

    /// The weights as a JSON array, each rounded to 6 decimals (what Anki and fsrs-rs accept).
    static func jsonArray(_ parameters: FSRSParameters) -> String {
        "[" + parameters.weights.map { weight in
            let rounded = (weight * 1e6).rounded() / 1e6
            return rounded == rounded.rounded() ? String(format: "%.1f", rounded) : String(rounded)
        }.joined(separator: ", ") + "]"
    }
}
