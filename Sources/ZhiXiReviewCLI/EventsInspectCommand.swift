import Foundation
import ZhiXiCore
import ZhiXiLocalization
import ZhiXiModel
import ZhiXiReading

/// `zhixi-review events inspect QUEUE`: what is in an upload queue.
enum EventsInspectCommand: Command {
    /// The command's options, in the order of its help.
    struct Options: CommandOptions {
        let format = SharedOptions.format([.text, .json])
        let wait = SharedOptions.wait
    }

    /// The command's options.
    static let options = Options()

    static let specification = CommandSpecification(
        name: "events inspect",
        arguments: [.init(placeholder: "QUEUE", file: .keptDirectory)],
        options: options)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: options.format)
        let path = try arguments.singleInput()
        let wait = try arguments.value(of: SharedOptions.wait)
        let inspection: ReadingQueueInspection
        do {
            inspection = try ReadingEventUploadQueue.inspect(directory: URL(fileURLWithPath: path, isDirectory: true),
                                                             lockWait: context.lockWait(seconds: wait))
        } catch {
            throw EventsQueueAccess.failure(error, "events inspect")
        }
        context.write(format == .json ? try json(inspection) : text(inspection, path: path, words: context.words))
        if !inspection.unreadable.isEmpty {
            let count = inspection.unreadable.count
            throw .dataError("events inspect: the journal of \(path) has \(count) unreadable stretch\(count == 1 ? "" : "es") "
                             + "(reported above; nothing was changed): "
                             + inspection.unreadable.map(\.description).joined(separator: "; "))
        }
    }

    static func text(_ inspection: ReadingQueueInspection, path: String, words: Localization) -> String {
        let snapshot = inspection.snapshot
        func sentence(_ key: String, _ values: [String: String]) -> String { words.sentence(key, in: .commands, values) }
        var lines = [sentence("events.queue", ["path": path]),
                     sentence("events.counts", ["total": String(snapshot.total), "pending": String(snapshot.pending + snapshot.exported),
                                                "failed": String(snapshot.failed)])]
        if let oldest = snapshot.oldest {
            let when = ISO8601Timestamp.string(from: Date(timeIntervalSince1970: Double(oldest.clientTimestampMs) / 1000))
            lines.append(sentence("events.oldest", [
                "time": when, "type": oldest.eventType.rawValue.escapingControlCharacters(),
                "material": oldest.materialID.escapingControlCharacters(), "event": oldest.eventID.escapingControlCharacters(),
            ]))
        }
        lines.append(sentence("events.journal", ["bytes": String(snapshot.journalBytes)]))
        if !snapshot.materials.isEmpty {
            lines.append(words.text("events.materials", in: .commands))
            let names = snapshot.materials.map { $0.materialID.escapingControlCharacters() }
            let width = names.map(\.count).max() ?? 0
            for (material, shown) in zip(snapshot.materials, names) {
                let name = shown.padding(toLength: max(width, shown.count), withPad: " ", startingAt: 0)
                let type = material.readingTargetType.rawValue.escapingControlCharacters()
                lines.append("  \(name)  \(type.padding(toLength: max(16, type.count), withPad: " ", startingAt: 0)) \(material.events)")
            }
        }
        for stretch in inspection.unreadable { lines.append(sentence("events.unreadable", ["stretch": "\(stretch)"])) }
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Report: Encodable {
        struct Material: Encodable {
            var materialId: String
            var readingTargetType: ReadingTargetType
            var events: Int
        }
        var pending: Int
        var failed: Int
        var total: Int
        var oldest: ReadingEventUploadItem?
        var materials: [Material]
        var journalBytes: Int
        var repairs: [String]
        var unreadable: [Unreadable]

        struct Unreadable: Encodable {
            var offset: Int
            var length: Int
            var kind: String
            var recordKind: String?
            var announcedEvents: Int?
            var eventIds: [String]
            var description: String
        }

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case pending, failed, total, oldest, materials, journalBytes, repairs, unreadable }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(pending, forKey: .pending)
            try container.encode(failed, forKey: .failed)
            try container.encode(total, forKey: .total)
            try container.encode(oldest, forKey: .oldest)
            try container.encode(materials, forKey: .materials)
            try container.encode(journalBytes, forKey: .journalBytes)
            try container.encode(repairs, forKey: .repairs)
            try container.encode(unreadable, forKey: .unreadable)
        }
    }

    static func json(_ inspection: ReadingQueueInspection) throws(CommandError) -> String {
        let snapshot = inspection.snapshot
        let report = Report(
            pending: snapshot.pending + snapshot.exported, failed: snapshot.failed, total: snapshot.total, oldest: snapshot.oldest,
            materials: snapshot.materials.map { .init(materialId: $0.materialID, readingTargetType: $0.readingTargetType, events: $0.events) },
            journalBytes: snapshot.journalBytes, repairs: snapshot.repairs.map(\.description),
            unreadable: inspection.unreadable.map {
                .init(offset: $0.offset, length: $0.length, kind: $0.kind == .damaged ? "damaged" : "unfinishedRecord",
                      recordKind: $0.recordKind, announcedEvents: $0.announcedEvents, eventIds: $0.eventIDs, description: $0.description)
            })
        do {
            return String(decoding: try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(report), as: UTF8.self) + "\n"
        } catch {
            throw .ioError("events inspect: the report cannot be written as JSON (\(error))")
        }
    }
}
