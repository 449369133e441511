import Foundation
import ZhiXiAnki

/// `zhixi-bench anki FILE`: what reading an Anki file costs — opening it (the bytes, a log
/// applied, a package's zip and Zstandard expanded, the in-memory SQLite connection), reading
/// the collection (settings, decks, presets, cards, notes, revlog), and choosing every deck's
/// cards (`AnkiSelection`). Medians with min–max of `--runs N` (5) — wall clock, and the thread's
/// CPU time for the opening —, and the process's peak
/// resident memory after the first run. Make a large file with
/// Benchmarks/compare/anki/make_large_collection.py.
enum AnkiReadBenchmark {
    /// This thread's CPU time (the reading is single-threaded), steadier than the clock on a
    /// shared machine.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func run(arguments: [String]) throws {
        guard let path = arguments.first, !path.hasPrefix("--") else {
            throw BenchmarkError.usage("usage: zhixi-bench anki FILE [--runs N]")
        }
        let runs = Int(BenchmarkSupport.option("runs", in: arguments) ?? "") ?? 5
        var openSeconds: [Double] = [], selectSeconds: [Double] = [], openCPUSeconds: [Double] = []
        var peakAfterFirst: Int?
        var summary = ""
        for run in 0 ..< runs {
            var collection: AnkiCollection?
            let cpuBefore = threadCPUSeconds()
            openSeconds.append(try BenchmarkSupport.time { collection = try AnkiFile.open(path: path) })
            openCPUSeconds.append(threadCPUSeconds() - cpuBefore)
            var selection: AnkiSelection?
            selectSeconds.append(try BenchmarkSupport.time { selection = try AnkiSelection(collection!) })
            if run == 0 {
                peakAfterFirst = BenchmarkSupport.peakResidentBytes()
                summary = "\(collection!.source): schema \(collection!.schemaVersion), \(collection!.cards.count) cards, "
                    + "\(collection!.revlog.count) revlog rows; every deck: \(selection!.cards.count) cards, \(selection!.revlog.count) rows"
            }
        }
        func row(_ name: String, _ values: [Double]) -> String {
            String(format: "  %@ %.1f ms (min %.1f, max %.1f)", name, BenchmarkSupport.median(values) * 1000,
                   (values.min() ?? 0) * 1000, (values.max() ?? 0) * 1000)
        }
        print(summary)
        print("medians of \(runs) runs:")
        print(row("open and read:   ", openSeconds))
        print(row("  its CPU time:  ", openCPUSeconds))
        print(row("choose the cards:", selectSeconds))
        if let peakAfterFirst { print(String(format: "  peak resident memory after the first run: %.0f MiB", Double(peakAfterFirst) / 1_048_576)) }
    }
}
