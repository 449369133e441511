import Foundation
import ZhiXiCore
import ZhiXiMemory
import ZhiXiScheduler
import ZhiXiTraining

/// `zhixi-bench scheduler`: card-scheduler throughput, in reviews per second, of
/// `CardScheduler.review` on many cards each reviewed many times with realistic ratings, under
/// fuzz off and on and under both elapsed-days policies. The median of several runs.
///
/// The review sequences are generated (seeded, deterministic) by reviewing each card when it
/// falls due, up to half a day late, with a rating drawn from its probability of recall
/// (Again when forgotten; Hard 10 %, Good 80 %, Easy 10 % when recalled; in (re)learning
/// 15 % Again, 10 % Hard, 65 % Good, 10 % Easy), or read from a review-log CSV with
/// `--replay FILE` (card_id, review_time in epoch ms, review_rating), which is how
/// Benchmarks/compare/scheduler_vs_pyfsrs.py makes both implementations replay exactly the
/// same sequences. Each configuration replays every card from new through its whole sequence;
/// the checksum (sum of final stabilities and of final due times) lets a comparison check
/// that the other implementation computed the same thing.
enum SchedulerBenchmark {
    static let usage = """
    usage: zhixi-bench scheduler [--cards N] [--reviews-per-card N] [--seed N] [--runs N]
                                 [--replay LOG.csv] [--export LOG.csv] [--json]
      --cards N             cards to generate (default 10000)
      --reviews-per-card N  reviews of each generated card (default 20)
      --seed N              seed of the generated sequences (default 2026)
      --runs N              timed runs per configuration; the median is reported (default 7, at least 5)
      --replay LOG.csv      replay these sequences instead (card_id, review_time ms, review_rating)
      --export LOG.csv      write the sequences as such a CSV
      --json                print the results as JSON
    """

    /// Every review of every card, contiguous: card `c` has reviews `starts[c] ..< starts[c + 1]`.
    struct Sequences {
        var cardIDs: [Int64] = []
        var starts: [Int] = [0]
        var ratings: [Rating] = []
        var seconds: [Double] = []
        var reviewCount: Int { ratings.count }
    }

    /// One measured configuration.
    struct Configuration {
        let fuzz: FuzzMode
        let policyName: String
        let scheduler: CardScheduler
        let balancesLoad: Bool
    }

    /// A configuration's result.
    struct Measurement {
        let configuration: Configuration
        let medianReviewsPerSecond: Double
        let stabilitySum: Double
        let dueSecondsSum: Double
    }

    static func run(arguments rawArguments: [String]) throws {
        let arguments = rawArguments.first == "scheduler" ? Array(rawArguments.dropFirst()) : rawArguments
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let cards = try integer("cards", in: arguments, default: 10_000, minimum: 1)
        let reviewsPerCard = try integer("reviews-per-card", in: arguments, default: 20, minimum: 1)
        let seed = try integer("seed", in: arguments, default: 2026, minimum: 0)
        let runs = try integer("runs", in: arguments, default: 7, minimum: 5)
        let json = arguments.contains("--json")

        let sequences: Sequences
        let source: String
        if let path = BenchmarkSupport.option("replay", in: arguments) {
            sequences = try load(path: path)
            source = URL(fileURLWithPath: path).lastPathComponent
        } else {
            sequences = generate(cards: cards, reviewsPerCard: reviewsPerCard, seed: UInt64(seed))
            source = "generated (seed \(seed))"
        }
        if let path = BenchmarkSupport.option("export", in: arguments) {
            try export(sequences, to: path)
        }

        let calendar = try StudyCalendar(timeZoneIdentifier: "America/New_York", dayStartHour: 4)
        let configurations = try [
            (FuzzMode.off, "24-hour", ElapsedDaysPolicy.twentyFourHourPeriods, false),
            (.uniform, "24-hour", .twentyFourHourPeriods, false),
            (.off, "study days", .studyDays(calendar), false),
            (.uniform, "study days", .studyDays(calendar), false),
            (.loadBalanced, "study days", .studyDays(calendar), true),
        ].map { fuzz, name, policy, balances in
            Configuration(fuzz: fuzz, policyName: name,
                          scheduler: try CardScheduler(SchedulerConfiguration(fuzz: fuzz, elapsedDays: policy)),
                          balancesLoad: balances)
        }
        let measurements = configurations.map { measure($0, sequences: sequences, runs: runs) }
        report(measurements, sequences: sequences, source: source, runs: runs, json: json)
    }

    // MARK: Measuring

    /// Replays every card through its sequence; returns the checksum.
    static func replay(_ sequences: Sequences, with configuration: Configuration, load: inout DueDayLoad) -> (Double, Double) {
        let scheduler = configuration.scheduler
        var stabilitySum = 0.0
        var dueSecondsSum = 0.0
        sequences.ratings.withUnsafeBufferPointer { ratings in
            sequences.seconds.withUnsafeBufferPointer { seconds in
                for cardIndex in 0 ..< sequences.cardIDs.count {
                    let start = sequences.starts[cardIndex], end = sequences.starts[cardIndex + 1]
                    guard start < end else { continue }
                    var card = Card(id: sequences.cardIDs[cardIndex], due: Date(timeIntervalSince1970: seconds[start]))
                    if configuration.balancesLoad {
                        for index in start ..< end {
                            card = scheduler.review(card, rating: ratings[index], at: Date(timeIntervalSince1970: seconds[index]),
                                                    dueLoad: load).card
                            load.add(onDay: scheduler.dayNumber(of: card.due))
                        }
                    } else {
                        for index in start ..< end {
                            card = scheduler.review(card, rating: ratings[index], at: Date(timeIntervalSince1970: seconds[index])).card
                        }
                    }
                    stabilitySum += card.stability ?? 0
                    dueSecondsSum += card.due.timeIntervalSince1970
                }
            }
        }
        return (stabilitySum, dueSecondsSum)
    }

    static func measure(_ configuration: Configuration, sequences: Sequences, runs: Int) -> Measurement {
        // A load window over every day the sequences reach, for the load-balanced configuration.
        let days = sequences.seconds.map { configuration.scheduler.dayNumber(of: Date(timeIntervalSince1970: $0)) }
        let firstDay = days.min() ?? 0
        let emptyLoad = DueDayLoad(firstDay: firstDay, dayCount: (days.max() ?? 0) - firstDay + 400)
        var checksum = (0.0, 0.0)
        // Repeat the whole replay enough times that one measurement lasts about 0.2 s.
        var repetitions = 1
        while true {
            var load = emptyLoad
            let seconds = BenchmarkSupport.time {
                for _ in 0 ..< repetitions { checksum = replay(sequences, with: configuration, load: &load) }
            }
            if seconds >= 0.2 { break }
            repetitions *= 2
        }
        var rates: [Double] = []
        for _ in 0 ..< runs {
            var load = emptyLoad
            let seconds = BenchmarkSupport.time {
                for _ in 0 ..< repetitions { checksum = replay(sequences, with: configuration, load: &load) }
            }
            rates.append(Double(sequences.reviewCount * repetitions) / seconds)
        }
        return Measurement(configuration: configuration, medianReviewsPerSecond: BenchmarkSupport.median(rates),
                           stabilitySum: checksum.0, dueSecondsSum: checksum.1)
    }

    static func report(_ measurements: [Measurement], sequences: Sequences, source: String, runs: Int, json: Bool) {
        if json {
            let rows = measurements.map { measurement in
                """
                {"fuzz": "\(name(of: measurement.configuration.fuzz))", "elapsedDays": "\(measurement.configuration.policyName)", \
                "medianReviewsPerSecond": \(Int(measurement.medianReviewsPerSecond)), \
                "stabilitySum": \(measurement.stabilitySum), "dueSecondsSum": \(measurement.dueSecondsSum)}
                """
            }
            print("""
            {"benchmark": "scheduler", "source": \(BenchmarkSupport.jsonString(source)), "cards": \(sequences.cardIDs.count), \
            "reviews": \(sequences.reviewCount), "runs": \(runs), "results": [\(rows.joined(separator: ", "))]}
            """)
            return
        }
        print("card scheduler (CardScheduler.review, FSRS-6) on \(source) sequences")
        print("  cards: \(BenchmarkSupport.grouped(Double(sequences.cardIDs.count)))  reviews: \(BenchmarkSupport.grouped(Double(sequences.reviewCount)))  runs: \(runs) (median)")
        print("")
        let header = ["fuzz", "elapsed days", "reviews/s", "ns/review"]
        var rows = [header]
        for measurement in measurements {
            rows.append([name(of: measurement.configuration.fuzz), measurement.configuration.policyName,
                         BenchmarkSupport.grouped(measurement.medianReviewsPerSecond),
                         String(format: "%.0f", 1e9 / measurement.medianReviewsPerSecond)])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column < 2 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            print("  " + cells.joined(separator: "  "))
            if index == 0 { print("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        print("\n  (study days: America/New_York, days starting 04:00; load-balanced: one DueDayLoad updated after every review)")
    }

    /// `text` as a JSON string literal.

    static func name(of fuzz: FuzzMode) -> String {
        switch fuzz {
        case .off: "off"
        case .uniform: "uniform"
        case .loadBalanced: "load-balanced"
        }
    }

    // MARK: Sequences

    /// Deterministic realistic sequences: each card reviewed when due (up to 12 hours late, or
    /// up to 2 minutes after a step), ratings drawn from its probability of recall.
    static func generate(cards: Int, reviewsPerCard: Int, seed: UInt64) -> Sequences {
        let scheduler = try! CardScheduler(.pyFSRSWithoutFuzz)
        var generator = SplitMix64(seed: seed)
        var sequences = Sequences()
        sequences.cardIDs.reserveCapacity(cards)
        sequences.ratings.reserveCapacity(cards * reviewsPerCard)
        sequences.seconds.reserveCapacity(cards * reviewsPerCard)
        let base = 1_767_571_200.0 // 2026-01-05T00:00:00Z
        for index in 0 ..< cards {
            let id = Int64(1_000_000 + index)
            var moment = (base + generator.nextUnitInterval() * 30 * 86_400).rounded(.down)
            var card = Card(id: id, due: Date(timeIntervalSince1970: moment))
            for _ in 0 ..< reviewsPerCard {
                let draw = generator.nextUnitInterval()
                let rating: Rating
                if card.state == .review {
                    let recall = scheduler.retrievability(of: card, at: Date(timeIntervalSince1970: moment))
                    if draw >= recall {
                        rating = .again
                    } else {
                        let kind = generator.nextUnitInterval()
                        rating = kind < 0.1 ? .hard : (kind < 0.9 ? .good : .easy)
                    }
                } else {
                    rating = draw < 0.15 ? .again : (draw < 0.25 ? .hard : (draw < 0.9 ? .good : .easy))
                }
                sequences.ratings.append(rating)
                sequences.seconds.append(moment)
                card = scheduler.review(card, rating: rating, at: Date(timeIntervalSince1970: moment)).card
                let lateness = card.state == .review ? generator.nextUnitInterval() * 43_200 : generator.nextUnitInterval() * 120
                moment = (card.due.timeIntervalSince1970 + lateness).rounded(.down)
            }
            sequences.cardIDs.append(id)
            sequences.starts.append(sequences.ratings.count)
        }
        return sequences
    }

    /// Sequences from a review-log CSV: grouped by card in order of first appearance, each
    /// card's reviews in time order.
    static func load(path: String) throws -> Sequences {
        let histories = ReviewTimelines(log: try ReviewLogColumns(csv: Data(contentsOf: URL(fileURLWithPath: path))),
                                        calendar: .utc, filter: .memoryState)
        var sequences = Sequences()
        for card in 0 ..< histories.cardCount {
            let cardID = histories.cardIDs[card]
            sequences.cardIDs.append(Int64(cardID) ?? Int64(bitPattern: StableHash.fnv1a64(cardID)))
            for position in histories.reviewStarts[card] ..< histories.reviewStarts[card + 1] {
                sequences.ratings.append(Rating(rawValue: Int(histories.ratings[position]))!)
                sequences.seconds.append(histories.secondsSince1970[position])
            }
            sequences.starts.append(sequences.ratings.count)
        }
        return sequences
    }

    /// Writes sequences as a review-log CSV (epoch milliseconds).
    static func export(_ sequences: Sequences, to path: String) throws {
        var text = "card_id,review_time,review_rating\n"
        text.reserveCapacity(sequences.reviewCount * 32)
        for cardIndex in 0 ..< sequences.cardIDs.count {
            for index in sequences.starts[cardIndex] ..< sequences.starts[cardIndex + 1] {
                text += "\(sequences.cardIDs[cardIndex]),\(Int64((sequences.seconds[index] * 1000).rounded())),\(sequences.ratings[index].rawValue)\n"
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    // MARK: Options

    /// Why the benchmark's arguments cannot be used.
    enum SchedulerBenchmarkError: Error, CustomStringConvertible {
        case badNumber(option: String, value: String, minimum: Int)

        var description: String {
            switch self {
            case .badNumber(let option, let value, let minimum):
                "--\(option) \(value) is not a whole number of at least \(minimum); e.g. --\(option) \(max(minimum, 10))\n\(SchedulerBenchmark.usage)"
            }
        }
    }

    static func integer(_ option: String, in arguments: [String], default value: Int, minimum: Int) throws(SchedulerBenchmarkError) -> Int {
        guard let text = BenchmarkSupport.option(option, in: arguments) else { return value }
        guard let number = Int(text), number >= minimum else { throw .badNumber(option: option, value: text, minimum: minimum) }
        return number
    }
}
