import Foundation

// zhixi-bench: the project's benchmarks, each a subcommand. Build in release:
//   swift run -c release zhixi-bench <benchmark> [options]
let usage = """
usage: zhixi-bench <benchmark> [options]

benchmarks:
  replay     memory-replay throughput (review steps/s) on the real log in ../shared/data
             options: --items full|prefixes  --runs N  --log PATH  --export-items FILE  --json
  scheduler  card-scheduler throughput (reviews/s), fuzz on and off, 24-hour and study days
             options: see 'zhixi-bench scheduler --help'
"""

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "replay": try ReplayBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "scheduler": try SchedulerBenchmark.run(arguments: Array(arguments.dropFirst()))
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
