import Foundation
import ZhiXiAuth
import ZhiXiCore
import ZhiXiModel

/// An `analyze` that was begun and has not finished: its idempotency key and its times, kept
/// in the session's store (a secret `analyze-<hash>`, mode 0600) from before the first request
/// until everything is written, so that a run that failed half-way — the session recorded, the
/// analysis or the workspace not — is finished by running the same command again, without a
/// second session or a second model run: the server answers the same keys with what it did
/// the first time (`Idempotency-Key`, docs/APP.md).
///
/// The record is found by what the learner asked for: the learner, the lesson, the text and
/// the `--at` and `--minutes` given (when `--at` is not given, the first run's time is kept).
/// A record older than a day is not reused (servers keep keys about that long).
struct PendingAnalysis: Codable, Equatable {
    /// The key of the session; the analysis's is this with `.analysis` added.
    var key: String
    var startedAt: Date
    var endedAt: Date
    /// When the first run began.
    var begunAt: Date

    /// How long a record is reused, in seconds: a day.
    static let lifetime: Double = 86_400

    /// `Idempotency-Key` of `POST learning/sessions`.
    var sessionKey: String { key + ".session" }
    /// `Idempotency-Key` of `POST ai/analyze-learning-input`.
    var analysisKey: String { key + ".analysis" }

    /// The store's key of the record for this request. O(length of the text).
    static func storeKey(learnerID: String, lessonID: String, text: String, at: Date?, minutes: Double) -> String {
        var material = [learnerID, lessonID, text, at.map { ISO8601Timestamp.string(from: $0, precision: .nanoseconds) } ?? "",
                        String(minutes)].joined(separator: "\u{1F}")
        let first = StableHash.fnv1a64(material)
        material += "\u{1E}"
        let second = StableHash.fnv1a64(material)
        return "analyze-" + [first, second].map { String($0, radix: 16) }.joined(separator: "-")
    }

    /// The record under `storeKey` in `store` when it is younger than ``lifetime`` at `now`, else
    /// `nil` (an unreadable record counts as none).
    static func load(_ storeKey: String, from store: FileSecureStore, now: Date) -> PendingAnalysis? {
        guard let data = try? store.data(forKey: storeKey), JSONDuplicateKeyScanner.firstDuplicate(inBytes: data) == nil,
              let record = try? ZhiXiJSON.makeDecoder().decode(PendingAnalysis.self, from: data),
              now.timeIntervalSince(record.begunAt) < lifetime, now.timeIntervalSince(record.begunAt) > -lifetime else { return nil }
        return record
    }

    /// Keeps the record under `storeKey` before anything is sent.
    /// - Throws: 74 when the store cannot keep it (then nothing was sent).
    func save(_ storeKey: String, in store: FileSecureStore) throws(CommandError) {
        do {
            try store.setData(try ZhiXiJSON.makeEncoder().encode(self), forKey: storeKey)
        } catch {
            throw .ioError("analyze: the request cannot be kept in \(store.directory.path) before it is sent (\(error)); nothing was sent")
        }
    }

    /// Forgets the record: the analysis is done. A store that cannot be changed leaves it for
    /// a day, which costs nothing but a reused key.
    static func remove(_ storeKey: String, from store: FileSecureStore) {
        try? store.removeData(forKey: storeKey)
    }
}
