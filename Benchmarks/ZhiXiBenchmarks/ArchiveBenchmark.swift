import Foundation
import ZhiXiCore
import ZhiXiScheduler

/// `zhixi-bench archive`: what a service pays to load a learner's review log and calendar.
///
/// A learner's log (`--reviews N`, default 2,320: 11.6 M reviews over 5,000 users) made by the
/// card scheduler on study days in New York, stored two ways: `[CardReview]` in JSON with
/// `JSONEncoder` (the card before each review included) and the compact archive
/// (`CardReviewArchive`). Prints bytes per review and the median time to read each back
/// (`--runs N`), then the time to build a `StudyCalendar` for a zone with daylight saving
/// against creating it again from the cache.
enum ArchiveBenchmark {
    static func run(arguments: [String]) throws {
        let reviewCount = Int(BenchmarkSupport.option("reviews", in: arguments) ?? "") ?? 2_320
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 21
        let calendar = try StudyCalendar(timeZoneIdentifier: "America/New_York")
        let scheduler = try CardScheduler(.anki(calendar: calendar))
        var generator = SplitMix64(seed: 5)
        var log: [CardReview] = []
        var cards = (0 ..< max(1, reviewCount / 8)).map { Card(id: 1_764_000_000_000 + Int64($0), due: Date(timeIntervalSince1970: 1_764_400_000)) }
        var moment = Date(timeIntervalSince1970: 1_764_400_000.123_456)
        while log.count < reviewCount {
            let index = Int(generator.next() % UInt64(cards.count))
            moment = max(moment, cards[index].due).addingTimeInterval(Double(generator.next() % 600))
            let rating: Rating = generator.nextUnitInterval() < 0.12 ? .again : .good
            let result = scheduler.review(cards[index], rating: rating, at: moment, reviewDurationMilliseconds: 3_000)
            cards[index] = result.card
            log.append(result.review)
        }
        let json = try JSONEncoder().encode(log)
        let archive = CardReviewArchive.encode(log)
        var jsonSeconds: [Double] = [], archiveSeconds: [Double] = [], writeSeconds: [Double] = []
        for _ in 0 ..< runs {
            jsonSeconds.append(try BenchmarkSupport.time { _ = try JSONDecoder().decode([CardReview].self, from: json) })
            archiveSeconds.append(try BenchmarkSupport.time { _ = try CardReviewArchive.decode(archive) })
            writeSeconds.append(BenchmarkSupport.time { _ = CardReviewArchive.encode(log) })
        }
        let jsonMedian = BenchmarkSupport.median(jsonSeconds), archiveMedian = BenchmarkSupport.median(archiveSeconds)
        print("a learner's log of \(log.count) reviews (\(cards.count) cards), medians of \(runs) runs:")
        print(String(format: "  [CardReview] JSON (JSONDecoder): %.0f bytes a review, read in %.2f ms (%.2f µs a review)",
                     Double(json.count) / Double(log.count), jsonMedian * 1000, jsonMedian * 1e6 / Double(log.count)))
        print(String(format: "  CardReviewArchive:               %.0f bytes a review, read in %.2f ms (%.2f µs a review), written in %.2f ms; %.0f× faster to read",
                     Double(archive.count) / Double(log.count), archiveMedian * 1000, archiveMedian * 1e6 / Double(log.count),
                     BenchmarkSupport.median(writeSeconds) * 1000, jsonMedian / archiveMedian))

        let zones = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "America/Santiago", "Europe/London"]
        var buildSeconds: [Double] = []
        for _ in 0 ..< 3 {
            for zone in zones {
                let timeZone = TimeZone(identifier: zone)!
                buildSeconds.append(BenchmarkSupport.time { _ = StudyCalendar(building: timeZone, identifier: zone, dayStartHour: 4) })
            }
        }
        let lookups = 100_000
        let cachedSeconds = try BenchmarkSupport.time {
            for index in 0 ..< lookups { _ = try StudyCalendar(timeZoneIdentifier: zones[index % zones.count], dayStartHour: 4) }
        }
        print(String(format: "StudyCalendar in zones with daylight saving: built in %.2f ms (median of %d), from the cache in %.2f µs (%d creations)",
                     BenchmarkSupport.median(buildSeconds) * 1000, buildSeconds.count, cachedSeconds * 1e6 / Double(lookups), lookups))
    }
}
