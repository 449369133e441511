// The compact review archive CardReviewArchive (ZhiXiScheduler), read from any bytes, then
// what it read written back:
// - the archive the writer makes of the reviews reads back as the same reviews (a time to
//   the bit, except within about 52 days of 2001-01-01, where a Date holds finer than the
//   nanoseconds the writer keeps: there to half a nanosecond), and writing those again gives
//   the same bytes;
// - the review-log reader of optimize, evaluate and states (ReviewLogColumns, the one CSV
//   reader, which the archive reads through) reads that archive as the same rows (the archive's documented promise): card ids as
//   their digits, times, ratings, states and durations.
import ZhiXiScheduler
import ZhiXiTraining
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReviewArchiveCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let reviews = try? CardReviewArchive.decode(Data(buffer: bytes)) else { return 0 }
    let written = CardReviewArchive.encode(reviews)
    let readBack = Result { try CardReviewArchive.decode(written) }
    guard case .success(let back) = readBack else {
        fuzzFinding("the archive of \(reviews.count) reviews it read does not read back: \(readBack)")
    }
    fuzzCheck(back.count == reviews.count, "\(reviews.count) reviews are written, \(back.count) read back")
    for (review, restored) in zip(reviews.map(archivedFields), back.map(archivedFields)) {
        var same = review
        same.time = restored.time
        fuzzCheck(same == restored, "\(review) reads back as \(restored)")
        let time = review.time.timeIntervalSinceReferenceDate
        let difference = abs(restored.time.timeIntervalSinceReferenceDate - time)
        fuzzCheck(difference == 0 || (abs(time) < 4.6e6 && difference <= 5e-10 + time.ulp),
                  "the time \(time) reads back as \(restored.time.timeIntervalSinceReferenceDate)")
    }
    fuzzCheck(CardReviewArchive.encode(back) == written, "writing the reviews read back changes the archive's bytes")
    let log: ReviewLogColumns
    do {
        log = try ReviewLogColumns(csv: written)
    } catch {
        fuzzFinding("the review-log reader refuses an archive the writer wrote: \(error)")
    }
    fuzzCheck(log.rowCount == back.count && !log.numericTimesAreSeconds && log.hasStateColumn && log.hasDurationColumn,
              "the review-log reader reads \(log.rowCount) rows of \(back.count)")
    for (row, review) in back.map(archivedFields).enumerated() {
        let read = ArchivedFields(card: Int64(log.cardIDs[Int(log.cardIndices[row])]) ?? -1, time: review.time,
                                  rating: Int(log.ratings[row]), state: Int(log.states[row]),
                                  duration: log.durationsMilliseconds[row] < 0 ? nil : Int(log.durationsMilliseconds[row]))
        fuzzCheck(read == review && log.cardIDs[Int(log.cardIndices[row])] == String(review.card)
                    && log.secondsSince1970[row].bitPattern == review.time.timeIntervalSince1970.bitPattern,
                  "row \(row): the review-log reader reads \(read) (card id \(log.cardIDs[Int(log.cardIndices[row])])), the archive \(review)")
    }
    return 0
}

/// A row of the archive as this target compares it: the one place that names the archive's
/// row type and its properties.
struct ArchivedFields: Equatable {
    var card: Int64
    var time: Date
    var rating: Int
    var state: Int
    var duration: Int?
}

func archivedFields(_ review: ReviewLogRow) -> ArchivedFields {
    ArchivedFields(card: review.cardID, time: review.reviewedAt, rating: review.rating?.rawValue ?? 0,
                   state: review.kind.map { Int($0.rawValue) } ?? -1, duration: review.reviewDurationMilliseconds)
}
