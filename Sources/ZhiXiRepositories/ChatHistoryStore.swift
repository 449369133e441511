import Foundation
import ZhiXiCore
import ZhiXiDomain
import ZhiXiFileSystem
import ZhiXiModel

/// The conversations with the AI tutor kept on the device: one file per conversation in the
/// learner's directory (`users/<id in hex>/chat/general.json`, or `lesson-<lesson id in
/// hex>.json`), so a learner never sees another's. Each write replaces the file whole or not
/// at all (`AtomicFileWriter`: temporary file, flush, rename, directory flush), mode 0600 in a
/// private directory (0700); reads are bounded (8 MiB). At most the latest
/// ``maximumTurns`` messages are kept. A file that is not a conversation counts as none (the
/// next message starts it anew).
///
/// Within one process, changes of the files are made one at a time (read, change and write
/// under one lock), so two pages of the same conversation do not lose each other's messages.
struct ChatHistoryStore: Sendable {
    /// The most messages kept per conversation: 200.
    static let maximumTurns = 200
    /// The largest conversation file read: 8 MiB.
    static let limit = 8 * InputFile.mebibyte

    /// The learner's directory.
    let learnerDirectory: URL

    /// The messages of the conversation about `lessonID`, oldest first.
    /// - Throws: `RepositoryFailure.storage(reason:)` when the file exists but cannot be read.
    func turns(lessonID: String?) throws(RepositoryFailure) -> [ChatTurn] {
        try Self.serial.withLock { (_: inout Void) throws(RepositoryFailure) -> [ChatTurn] in try read(lessonID: lessonID) }
    }

    /// Changes the conversation about `lessonID` and writes it; returns it as written.
    /// - Throws: `RepositoryFailure.storage(reason:)`; then the file is as before.
    @discardableResult
    func update(lessonID: String?, _ change: ([ChatTurn]) -> [ChatTurn]) throws(RepositoryFailure) -> [ChatTurn] {
        try Self.serial.withLock { (_: inout Void) throws(RepositoryFailure) -> [ChatTurn] in
            let turns = Array(change(try read(lessonID: lessonID)).suffix(Self.maximumTurns))
            try write(turns, lessonID: lessonID)
            return turns
        }
    }

    /// Forgets the conversation about `lessonID`.
    /// - Throws: `RepositoryFailure.storage(reason:)`.
    func remove(lessonID: String?) throws(RepositoryFailure) {
        try Self.serial.withLock { (_: inout Void) throws(RepositoryFailure) in
            let path = fileURL(lessonID: lessonID).path
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                // Gone already is removed; anything else that left the file is a failure.
                guard (try? FileManager.default.attributesOfItem(atPath: path)) != nil else { return }
                throw .storage(reason: "\(path) cannot be removed: \(error.localizedDescription)")
            }
        }
    }

    private static let serial = Locked(())

    private var directory: URL { learnerDirectory.appendingPathComponent("chat", isDirectory: true) }

    private func fileURL(lessonID: String?) -> URL {
        let name = lessonID.map { "lesson-" + $0.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined() } ?? "general"
        return directory.appendingPathComponent(name + ".json")
    }

    /// The file's record.
    private struct File: Codable {
        var lessonId: String?
        var turns: [Turn]

        struct Turn: Codable {
            var id: String
            var speaker: String
            var text: String
            var sentAt: Date
        }
    }

    private func read(lessonID: String?) throws(RepositoryFailure) -> [ChatTurn] {
        let data: Data
        do throws(FileSystemError) {
            data = try InputFile.read(fileURL(lessonID: lessonID).path, limit: Self.limit, format: .json)
        } catch {
            switch error.kind {
            case .missing, .empty, .malformed, .tooLarge: return []
            default: throw .storage(reason: error.description)
            }
        }
        guard let file = try? ZhiXiJSON.makeDecoder().decode(File.self, from: data), file.lessonId == lessonID else { return [] }
        return file.turns.compactMap { turn in
            ChatTurn.Speaker(rawValue: turn.speaker).map { ChatTurn(id: turn.id, speaker: $0, text: turn.text, sentAt: turn.sentAt) }
        }
    }

    private func write(_ turns: [ChatTurn], lessonID: String?) throws(RepositoryFailure) {
        let file = File(lessonId: lessonID, turns: turns.map { File.Turn(id: $0.id, speaker: $0.speaker.rawValue, text: $0.text, sentAt: $0.sentAt) })
        let data: Data
        do {
            data = try ZhiXiJSON.makeEncoder().encode(file)
        } catch {
            throw .storage(reason: "the conversation cannot be encoded: \(error)")
        }
        do throws(FileSystemError) {
            try PrivateDirectory.prepare(directory.path)
            try AtomicFileWriter.write(data, to: fileURL(lessonID: lessonID).path, newFileMode: 0o600)
        } catch {
            throw .storage(reason: error.description)
        }
    }
}
