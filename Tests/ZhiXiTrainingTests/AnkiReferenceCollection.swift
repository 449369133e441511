import Foundation
import ZhiXiTraining

/// `Tests/Fixtures/Anki/reference.json`: the reference collection that Anki 26.9.3's own
/// scheduler wrote (`Benchmarks/compare/anki/run.sh`), every revlog row of every card, and what
/// Anki computed from it at two moments. Read with no Anki installed.
struct AnkiReferenceCollection: Decodable {
    struct Preset: Decodable {
        var fsrsParameters: [Double]
        var desiredRetention: Double
        var relearningStepsMinutes: [Double]
        var ignoreRevlogsBeforeDate: String
        var historicalRetention: Double
    }

    struct Deck: Decodable {
        var name: String
        var filtered: Bool
        var preset: String?
    }

    struct Card: Decodable {
        var deck: Int64
        var originalDeck: Int64
        var queue: Int
        var type: Int
        /// `[id ms, button, ivl, lastIvl, factor, time ms, type]`.
        var revlog: [[Int64]]
    }

    struct MemoryState: Decodable {
        var stability: Double
        var difficulty: Double
    }

    struct Score: Decodable {
        var logLoss: Double
        var rmseBins: Double
    }

    struct Fit: Decodable {
        var parameters: [Double]
        var items: Int
        var keptCurrent: Bool?
    }

    struct PresetFigures: Decodable {
        var ignoreRevlogsBeforeMs: Int64
        var relearningStepsWithinADay: Int
        var currentParameters: [Double]
        var optimizer: Fit
        var fit: Fit
        var timeSeriesEvaluation: Score
        /// `evaluate_params_legacy` of `defaults`, `current` (when the preset has parameters),
        /// `optimizer` and `fit`.
        var evaluation: [String: Score]
    }

    struct Moment: Decodable {
        var epoch: Int64
        var today: Int
        var nextDayAt: Int64
        /// Anki's `compute_memory_state` per card id (`nil`: no state).
        var memoryStates: [String: MemoryState?]
        var presets: [String: PresetFigures]
    }

    struct Differences: Decodable {
        var cards: Int
        var cardIds: [String]
    }

    var zone: String
    var presets: [String: Preset]
    var decks: [String: Deck]
    var cards: [String: Card]
    var moments: [String: Moment]
    var differences: Differences

    /// The fixture directory, `Tests/Fixtures/Anki`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Anki")

    /// The fixture, read once.
    static let shared: AnkiReferenceCollection = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("reference.json"))
        return try! JSONDecoder().decode(AnkiReferenceCollection.self, from: data)
    }()

    /// The preset of a card (its original deck's, when it sits in a filtered deck).
    func presetName(ofCard card: Card) -> String {
        let deck = card.originalDeck != 0 ? card.originalDeck : card.deck
        return decks[String(deck)]!.preset!
    }

    /// A card's revlog rows as the rows of a review log.
    static func append(_ rows: [[Int64]], cardID: String, to log: inout ReviewLogColumns) {
        for row in rows {
            let kind = ReviewKind(ankiType: Int(row[6]))!
            log.append(cardID: cardID, secondsSince1970: Double(row[0]) / 1000, rating: UInt8(row[1]), state: kind.rawValue,
                       durationMilliseconds: Int32(row[5]),
                       anki: AnkiRevlogFields(interval: Int32(row[2]), lastInterval: Int32(row[3]), factor: Int32(row[4])))
        }
    }

    /// The rows of the cards Anki's optimizer reads for a preset (`preset:"NAME" -is:suspended`).
    func trainingLog(preset: String) -> ReviewLogColumns {
        var log = ReviewLogColumns()
        for (id, card) in cards.sorted(by: { Int64($0.key)! < Int64($1.key)! })
        where presetName(ofCard: card) == preset && card.queue != -1 {
            Self.append(card.revlog, cardID: id, to: &log)
        }
        return log
    }

    /// "Ignore reviews before" of a preset as an instant (Anki: the date's midnight UTC).
    func ignoreBefore(preset: String) -> Date? {
        let date = presets[preset]!.ignoreRevlogsBeforeDate
        guard !date.isEmpty else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = date.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// A preset's FSRS parameters (the FSRS-6 defaults when it has none).
    func parameters(preset: String) throws -> FSRSParameters {
        let weights = presets[preset]!.fsrsParameters
        return weights.isEmpty ? .default : try FSRSParameters(weights)
    }
}
