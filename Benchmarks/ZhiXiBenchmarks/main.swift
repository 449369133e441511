import Foundation

// zhixi-bench: the project's benchmarks, each a subcommand. Build in release:
//   swift run -c release zhixi-bench <benchmark> [options]
let usage = """
usage: zhixi-bench <benchmark> [options]

benchmarks:
  replay     memory-replay throughput (review steps/s) on the real log in ../shared/data
             options: --items full|prefixes  --runs N  --log PATH  --export-items FILE
             --export-states FILE  --json
  scheduler  card-scheduler throughput (reviews/s), fuzz on and off, 24-hour and study days
             options: see 'zhixi-bench scheduler --help'
  planner    the review planner in the library on a generated workspace (input decoded)
             options: --lessons N (100000)  --sessions N (1000000)  --runs N (5)  --json
  optimize   the optimizer on the real log in ../shared/data: time-series evaluation (the
             protocol of shared/data/README.md) and the time to fit the whole log
             options: --folds N (5)  --runs N (15)  --log PATH  --json
  archive    a learner's review log read from JSON and from the compact archive; study
             calendars built and created again from the cache
             options: --reviews N (2320)  --runs N (21)
  concurrent-fits  64 fits started at once from a task group: median and slowest latency
             options: --fits N (64)  --cards N (270)  --rounds N (3)  --pause S  --log PATH  --sync
  simulate   one card simulation with fsrs-rs's default configuration (median time), or a
             16-retention sweep with --sweep-seeds N
             options: --runs N (10)  --retention R (0.9)  --seed S (42)  --config FILE
             --sweep-seeds N  --days-json FILE  --json
  anki       an Anki file opened and read (collection.anki2, .colpkg, .apkg), every deck chosen
             options: FILE  --runs N (5)
  decode     the workspace reader on a workspace file (MB/s, sessions/s), in one process
             options: FILE  --runs N (7)
  workspace  write a generated workspace as JSON, for timing 'zhixi-review plan' end to end
             options: --lessons N  --sessions N  --out FILE
  fleet      write N varied, deterministic learners as JSON lines, for 'plan --batch'
             options: --learners N (1000)  --out FILE.jsonl  --seed S (12)
  zstd       the Swift Zstandard decoder beside the zstd tool on one file (MB/s, ratio)
             options: FILE.zst  --runs N (9)  --zstd PATH (/usr/bin/zstd)
  pages      the study home and the review plan opened through AppContainer, cold and warm,
             against the loopback fake API at 100 ms per request (ms and requests to the
             first screen and to fresh data)
             options: --latency-ms N (100)  --runs N (5)  --routes (the requests of the last run)
  fleet-lines  what 'plan --batch' does for each line (decode with the duplicate-key check,
             bounds, plan, JSON) on one thread, to count instructions with callgrind
             options: --input FILE.jsonl  --now ISO-8601 (2026-11-29T01:00:00Z)
"""

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "replay": try ReplayBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "scheduler": try SchedulerBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "planner": try PlannerBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "optimize": try OptimizerBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "archive": try ArchiveBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "concurrent-fits": try await ConcurrentFitsBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "simulate": try SimulationBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "anki": try AnkiReadBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "decode": try DecodeBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "workspace": try PlannerBenchmark.writeWorkspace(arguments: Array(arguments.dropFirst()))
    case "fleet": try FleetGenerator.run(arguments: Array(arguments.dropFirst()))
    case "zstd": try ZstandardBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "fleet-lines": try FleetLineBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "events": try await EventsBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "pages": try await PageLoadBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "-h", "--help", nil:
        print(usage)
    default:
        FileHandle.standardError.write(Data("zhixi-bench: unknown benchmark '\(arguments[0])'\n\(usage)\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("zhixi-bench: \(error)\n".utf8))
    exit(1)
}
