#!/usr/bin/env python3
"""Learners per second and peak memory of the batch modes, directly and through Spark.

    Benchmarks/fleet/fleet_benchmark.py [--sizes 10000 100000] [--runs 3]
        [--optimize-learners 1000] [--no-spark] [--dir DIR]

For each fleet size N (the first N learners of one fleet from `zhixi-bench fleet`, seed 12):
  * `zhixi-review plan --batch FILE` directly, under `/usr/bin/time`: wall time (learners
    per second) and peak resident memory (flat from 10,000 to 100,000 learners shows that
    memory is bounded by the learners in flight, not by the input);
  * `Benchmarks/fleet/spark_plan.py FILE DIR --master local[2]` over the same input, with
    the pipe in PySpark's Python workers and with `--jvm-pipe`: the job's time from reading
    the input to writing the output (the Spark session's start and the check are printed
    apart);
in `--runs` rounds of the three, one after the other, so that other load on the machine
falls on all three alike; the ratio Spark / direct is taken within each round.
Then the same for `optimize --batch` on `--optimize-learners` learners, when zhixi-review has
that command. The ratio direct / Spark is Spark's overhead on one machine. Every run checks that
the output has one line per learner.

Needs: /usr/bin/time (Debian package `time`), the release binaries (built by this script with
Benchmarks/fleet/build_static.sh), PySpark and Java 17 for the Spark runs.

How the figures of docs/FLEET.md were run: on the project's 2-core machine (shared with other builds;
the load average is printed), `fleet_benchmark.py --sizes 10000 100000 --runs 3`.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RELEASE = os.path.join(ROOT, ".build", "release")
NOW = "2026-11-29T01:00:00Z"


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=False, text=True, **kwargs)


def timed(command: list[str], output_path: str) -> tuple[float, int, int]:
    """Runs a command under /usr/bin/time, its standard output to a file: wall seconds, peak
    resident kilobytes and the exit status."""
    with open(output_path, "w") as output:
        process = run(["/usr/bin/time", "-f", "TIME %e %M"] + command, stdout=output, stderr=subprocess.PIPE)
    match = re.search(r"TIME ([0-9.]+) ([0-9]+)", process.stderr)
    if not match:
        sys.exit(f"fleet_benchmark: no timing from /usr/bin/time: {process.stderr[-500:]}")
    status = process.returncode
    return float(match.group(1)), int(match.group(2)), status


def line_count(path: str) -> int:
    with open(path, "rb") as file:
        return sum(buffer.count(b"\n") for buffer in iter(lambda: file.read(1 << 20), b""))


def fleet(directory: str, size: int, largest: int) -> str:
    """The first `size` learners of the fleet of `largest`, generated once."""
    full = os.path.join(directory, f"fleet-{largest}.jsonl")
    if not os.path.exists(full):
        subprocess.run([os.path.join(RELEASE, "zhixi-bench"), "fleet", "--learners", str(largest), "--out", full], check=True)
    if size == largest:
        return full
    part = os.path.join(directory, f"fleet-{size}.jsonl")
    if not os.path.exists(part):
        with open(full, "rb") as source, open(part, "wb") as target:
            for index, line in enumerate(source):
                if index == size:
                    break
                target.write(line)
    return part


def direct(command: str, path: str, size: int, directory: str) -> tuple[float, int, int]:
    """One run of `zhixi-review COMMAND --batch PATH`: wall seconds, peak RSS (KiB), error lines."""
    output = os.path.join(directory, f"direct-{command}-{size}.jsonl")
    wall, peak, status = timed([os.path.join(RELEASE, "zhixi-review"), command, "--batch", path, "--now", NOW]
                               if command == "plan" else
                               [os.path.join(RELEASE, "zhixi-review"), command, "--batch", path], output)
    if status not in (0, 65):
        sys.exit(f"fleet_benchmark: zhixi-review {command} --batch exited {status}")
    lines = line_count(output)
    if lines != size:
        sys.exit(f"fleet_benchmark: {lines} output lines for {size} learners")
    with open(output, "rb") as file:
        failed = sum(1 for line in file if line.startswith(b'{"line":'))
    os.remove(output)
    return wall, peak, failed


def spark(command: str, path: str, size: int, directory: str, jvm_pipe: bool) -> tuple[float, float]:
    """One run of the Spark job on local[2]: the job's seconds (read → pipe → write) and the
    whole script's."""
    output = os.path.join(directory, f"spark-{command}-{size}")
    shutil.rmtree(output, ignore_errors=True)
    passthrough = ["--", "--now", NOW] if command == "plan" else []
    wall, _, status = timed([sys.executable, os.path.join(ROOT, "Benchmarks", "fleet", "spark_plan.py"), path, output,
                             "--master", "local[2]", "--command", command, "--binary",
                             os.path.join(RELEASE, "zhixi-review")] + (["--jvm-pipe"] if jvm_pipe else []) + passthrough,
                            os.path.join(directory, "spark.log"))
    with open(os.path.join(directory, "spark.log")) as log:
        text = log.read()
    if status != 0 or "check passed" not in text:
        sys.exit(f"fleet_benchmark: the Spark job failed (status {status}):\n{text[-2000:]}")
    shutil.rmtree(output, ignore_errors=True)
    return float(re.search(r"([0-9.]+) s read → pipe → write", text).group(1)), wall


def describe(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s (runs: {', '.join(f'{value:.2f}' for value in values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=3, help="rounds per size (each: direct, Spark, Spark --jvm-pipe)")
    parser.add_argument("--optimize-learners", type=int, default=1_000)
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--dir", default=os.path.join(tempfile.gettempdir(), "zhixi-fleet"),
                        help="where fleets and outputs go (several GB for 100,000 learners)")
    options = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("fleet_benchmark: needs /usr/bin/time (apt-get install time)")
    os.makedirs(options.dir, exist_ok=True)
    build = run([os.path.join(ROOT, "Benchmarks", "fleet", "build_static.sh")], cwd=ROOT, capture_output=True)
    if build.returncode != 0:
        sys.exit(f"fleet_benchmark: release build failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}")
    help_text = run([os.path.join(RELEASE, "zhixi-review"), "optimize", "--help"], capture_output=True).stdout

    largest = max(options.sizes + [options.optimize_learners])
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start")
    rows = []
    work = [("plan", size) for size in options.sizes]
    if "--batch" in help_text:
        work.append(("optimize", options.optimize_learners))
    else:
        print("optimize --batch: not in this build of zhixi-review; skipped")
    for command, size in work:
        path = fleet(options.dir, size, largest)
        walls, peaks, failed = [], [], 0
        jobs: dict[bool, list[float]] = {False: [], True: []}
        totals: dict[bool, list[float]] = {False: [], True: []}
        ratios: dict[bool, list[float]] = {False: [], True: []}
        # Rounds: direct, then Spark with the Python pipe, then with the JVM pipe, so that the
        # machine's other load falls on all three alike; the ratio is taken within a round.
        for _ in range(options.runs):
            wall, peak, failed = direct(command, path, size, options.dir)
            walls.append(wall)
            peaks.append(peak)
            if options.no_spark:
                continue
            for jvm_pipe in (False, True):
                job, total = spark(command, path, size, options.dir, jvm_pipe)
                jobs[jvm_pipe].append(job)
                totals[jvm_pipe].append(total)
                ratios[jvm_pipe].append(job / wall)
        rate = size / statistics.median(walls)
        print(f"{command} --batch, {size} learners: {describe(walls)}, {rate:.0f} learners/s, "
              f"peak RSS {max(peaks) / 1024:.1f} MiB, {failed} error lines; load average {os.getloadavg()[0]:.2f}")
        row = {"command": command, "size": size, "direct": rate, "rss": max(peaks) / 1024}
        for jvm_pipe in (False, True):
            if not jobs[jvm_pipe]:
                continue
            spark_rate = size / statistics.median(jobs[jvm_pipe])
            print(f"  Spark local[2]{', --jvm-pipe' if jvm_pipe else ''}: job {describe(jobs[jvm_pipe])}, "
                  f"{spark_rate:.0f} learners/s; whole script {describe(totals[jvm_pipe])}; Spark / direct in each round: "
                  + ", ".join(f"{ratio:.2f}" for ratio in ratios[jvm_pipe]))
            row["jvm" if jvm_pipe else "spark"] = spark_rate
            row["jvm-ratio" if jvm_pipe else "spark-ratio"] = statistics.median(ratios[jvm_pipe])
        rows.append(row)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    print()
    print("| command | learners | direct, learners/s | peak RSS | Spark local[2] (Python pipe), learners/s | "
          "Spark time / direct time | Spark local[2] (--jvm-pipe), learners/s | Spark time / direct time |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for row in rows:
        cells = []
        for key in ("spark", "jvm"):
            rate = row.get(key)
            cells.append(f"{rate:,.0f} | {row[key + '-ratio']:.2f}" if rate else "– | –")
        print(f"| {row['command']} --batch | {row['size']:,} | {row['direct']:,.0f} | {row['rss']:.1f} MiB | "
              + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
