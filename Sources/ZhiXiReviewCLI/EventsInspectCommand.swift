import Foundation
import ZhiXiCore
import ZhiXiModel
import ZhiXiReading

/// `zhixi-review events inspect QUEUE`: what is in an upload queue.
enum EventsInspectCommand: Command {
    static let format = SharedOptions.format([.text, .json])

    static let specification = CommandSpecification(
        name: "events inspect",
        summary: "what an upload queue holds: counts by state, the oldest event, the materials",
        arguments: [.init(placeholder: "QUEUE", help: "the upload queue's directory")],
        discussion: """
        Reads the queue's journal (a record left unfinished by a crash is removed, and noted)
        and prints how many events are pending and failed (kept after a failed upload, sent
        again by the next 'events flush'), the oldest event, and the materials with their
        event counts, most first.
        """,
        options: [format.erased],
        epilogue: """
        JSON output: {"pending": N, "failed": N, "total": N, "oldest": {event}|null,
        "materials": [{"materialId", "readingTargetType", "events"}], "journalBytes": N,
        "repairs": ["…"]}.

        exit status: 0 ok; 64 wrong command line; 65 QUEUE is not a queue; 66 there is no queue at
        QUEUE; 74 the queue cannot be read.
        """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws(CommandError) {
        let format = try arguments.value(of: format, default: .text)
        let path = try arguments.singleInput()
        let queue = try EventsQueueAccess.open(path, create: false, command: "events inspect")
        let snapshot: ReadingQueueSnapshot
        do {
            snapshot = try await queue.snapshot()
        } catch {
            throw EventsQueueAccess.failure(error, "events inspect")
        }
        context.write(format == .json ? try json(snapshot) : text(snapshot, path: path))
    }

    static func text(_ snapshot: ReadingQueueSnapshot, path: String) -> String {
        var lines = ["queue: \(path)",
                     "events: \(snapshot.total) (pending \(snapshot.pending + snapshot.exported), failed \(snapshot.failed))"]
        if let oldest = snapshot.oldest {
            let when = ISO8601Timestamp.string(from: Date(timeIntervalSince1970: Double(oldest.clientTimestampMs) / 1000))
            lines.append("oldest: \(when)  \(oldest.eventType) of \(oldest.materialID)  event \(oldest.eventID)")
        }
        lines.append("journal: \(snapshot.journalBytes) bytes")
        if !snapshot.materials.isEmpty {
            lines.append("materials:")
            let width = snapshot.materials.map(\.materialID.count).max() ?? 0
            for material in snapshot.materials {
                let name = material.materialID.padding(toLength: max(width, material.materialID.count), withPad: " ", startingAt: 0)
                lines.append("  \(name)  \(material.readingTargetType.rawValue.padding(toLength: 16, withPad: " ", startingAt: 0)) \(material.events)")
            }
        }
        for repair in snapshot.repairs { lines.append("repaired: \(repair)") }
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

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case pending, failed, total, oldest, materials, journalBytes, repairs }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(pending, forKey: .pending)
            try container.encode(failed, forKey: .failed)
            try container.encode(total, forKey: .total)
            try container.encode(oldest, forKey: .oldest)
            try container.encode(materials, forKey: .materials)
            try container.encode(journalBytes, forKey: .journalBytes)
            try container.encode(repairs, forKey: .repairs)
        }
    }

    static func json(_ snapshot: ReadingQueueSnapshot) throws(CommandError) -> String {
        let report = Report(
            pending: snapshot.pending + snapshot.exported, failed: snapshot.failed, total: snapshot.total, oldest: snapshot.oldest,
            materials: snapshot.materials.map { .init(materialId: $0.materialID, readingTargetType: $0.readingTargetType, events: $0.events) },
            journalBytes: snapshot.journalBytes, repairs: snapshot.repairs.map(\.description))
        do {
            return String(decoding: try ZhiXiJSON.makeEncoder(prettyPrinted: true).encode(report), as: UTF8.self) + "\n"
        } catch {
            throw .ioError("events inspect: the report cannot be written as JSON (\(error))")
        }
    }
}
