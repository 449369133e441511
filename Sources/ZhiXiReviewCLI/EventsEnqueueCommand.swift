import Foundation
import ZhiXiCore
import ZhiXiFileSystem
import ZhiXiModel
import ZhiXiReading

/// `zhixi-review events enqueue QUEUE`: reading events from standard input, one JSON object
/// a line, made durable in the upload queue.
enum EventsEnqueueCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let timeZone = SharedOptions.timeZone()
        let format = SharedOptions.format([.text, .json])
        let wait = SharedOptions.wait
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "events enqueue",
        arguments: [.init(placeholder: "QUEUE", file: .keptDirectory)],
        options: options)

    /// Lines reported at most, after which the count of the others is given.
    static let reportedLines = 20

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let path = try arguments.singleInput()
        let zone = try arguments.value(of: options.timeZone).flatMap(TimeZone.init(identifier:))
            ?? context.environment["TZ"].flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        let input = try context.readStandardInput(limit: InputLimits.events)
        let items = try parse(input, timeZone: zone)
        let wait = try arguments.value(of: SharedOptions.wait)
        let queue = try EventsQueueAccess.open(path, create: true, configuration: .init(lockWait: context.lockWait(seconds: wait)),
                                               command: "events enqueue")
        let result: EnqueueResult
        do {
            result = try await queue.enqueue(items)
        } catch {
            throw EventsQueueAccess.failure(error, "events enqueue")
        }
        if format == .json {
            struct Report: Encodable {
                var enqueued: Int
                var alreadyQueued: Int
            }
            context.write(try OutputJSON.report(Report(enqueued: result.enqueued, alreadyQueued: result.alreadyQueued),
                                                style: .spaced, command: "events enqueue"))
        } else {
            let words = context.words
            context.write(words.sentence("events.enqueue.report", in: .commands, [
                "events": words.counted("events.count.events", in: .commands, count: result.enqueued, ["count": String(result.enqueued)]),
                "path": path,
                "skipped": result.alreadyQueued > 0 ? words.sentence("events.enqueue.skipped", in: .commands, ["count": String(result.alreadyQueued)]) : "",
            ]) + "\n")
        }
    }

    /// The events of `input`, one JSON object a line, with what a line leaves out filled: the
    /// platform `"cli"`, this program's version, the offset of `timeZone` at the event.
    /// - Throws: 65 naming every bad line (the first ``reportedLines``) and what is wrong.
    static func parse(_ input: Data, timeZone: TimeZone) throws(CommandError) -> [ReadingEventUploadItem] {
        let decoder = ZhiXiJSON.makeDecoder()
        var items: [ReadingEventUploadItem] = []
        var problems: [String] = []
        var badLines = 0
        var lineNumber = 0
        for rawLine in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let problem: String
            switch read(Data(line), decoder: decoder, timeZone: timeZone) {
            case .success(let item):
                items.append(item)
                continue
            case .failure(let failure):
                problem = failure.message
            }
            badLines += 1
            if problems.count < reportedLines { problems.append("standard input line \(lineNumber): \(problem)") }
        }
        guard badLines == 0 else {
            var failure = CommandError.dataError("events enqueue: \(badLines) bad line\(badLines == 1 ? "" : "s"), nothing enqueued:")
            failure.detailLines = problems + (badLines > problems.count ? ["… and \(badLines - problems.count) more bad lines"] : [])
            throw failure
        }
        return items
    }

    /// What one line says wrong, in words.
    struct LineProblem: Error {
        var message: String
    }

    /// The event of one line, with what it leaves out filled (the platform `"cli"`, this
    /// program's version, the offset of `timeZone` at the event), or what is wrong with it:
    /// too long, a key given twice, not the event's shape, or an invalid value.
    static func read(_ line: Data, decoder: JSONDecoder, timeZone: TimeZone) -> Result<ReadingEventUploadItem, LineProblem> {
        guard line.count <= InputLimits.eventLine else {
            return .failure(LineProblem(message: "the line is \(line.count) bytes long, more than the "
                                        + "\(InputFile.describe(bytes: InputLimits.eventLine)) an event may be"))
        }
        if let duplicate = JSONDuplicateKeyScanner.firstDuplicate(inBytes: line) {
            return .failure(LineProblem(message: "the key \"\(duplicate.key)\" appears twice (\(duplicate.path)); remove one of them"))
        }
        do {
            var item = try decoder.decode(ReadingEventUploadItem.self, from: line)
            item.platform = item.platform ?? "cli"
            item.appVersion = item.appVersion ?? ZhiXiReview.version
            item.clientTimezoneOffsetMinutes = item.clientTimezoneOffsetMinutes
                ?? timeZone.secondsFromGMT(for: item.event.timestamp) / 60
            if let invalid = item.validationProblem { return .failure(LineProblem(message: invalid)) }
            return .success(item)
        } catch let error as DecodingError {
            // Foundation calls a number it cannot hold "not valid JSON", without saying where.
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
               let number = JSONNumberRangeScanner.firstOutOfRange(in: line) {
                return .failure(LineProblem(message: (number.path.isEmpty ? "" : "the field \(number.path): ") + number.description))
            }
            return .failure(LineProblem(message: describe(error)))
        } catch {
            return .failure(LineProblem(message: "not a JSON object"))
        }
    }

    /// A decoding error in words, naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _): return "the field \(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "the field \(path(context)) has the wrong type (\(context.debugDescription))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "the field \(path(context)) is not valid (\(context.debugDescription))"
        @unknown default: return "not a reading event (\(error))"
        }
    }
}
