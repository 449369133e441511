#!/usr/bin/env python3
"""A fleet's plans against merely parsing the fleet: `zhixi-review plan --batch` on a generated
fleet, beside Python's `json.loads` of the same lines, in one run.

How it was run (and how to run it again), from the package root:

    swift build -c release
    python3 Benchmarks/compare/fleet_vs_json_parse.py [--learners 2000] [--runs 7] [--before DIR]

The fleet is written by `zhixi-bench fleet --learners N --seed 12` (68 MB for 2,000 learners)
into a temporary folder. Each round runs, one after the other: Python's `json.loads` of every
line (the bytes already in memory, CPU time of this process), then `zhixi-review plan --batch
FLEET --now 2026-11-29T01:00:00Z` for every binary given (CPU time of the child, user +
system, from `getrusage`, and wall-clock time; its output goes to /dev/null). With `--before
DIR`, the zhixi-review in DIR (an earlier build) runs in the same rounds. The script prints
medians with min–max and, per binary, the ratio of its CPU time to the parse's in the same
round (median, min–max), and learners per CPU-second. The issue's goal: a ratio of at most 0.4.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_plan(binary: str, fleet: str) -> tuple[float, float]:
    """CPU seconds and wall seconds of one `plan --batch` of the fleet."""
    before = child_cpu()
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        subprocess.run([binary, "plan", "--batch", fleet, "--now", "2026-11-29T01:00:00Z"],
                       stdout=sink, check=True)
    return child_cpu() - before, time.perf_counter() - start


def parse_all(lines: list[bytes]) -> float:
    """CPU seconds of `json.loads` on every line."""
    start = time.process_time()
    for line in lines:
        json.loads(line)
    return time.process_time() - start


def summary(values: list[float], unit: str = "s", scale: float = 1.0) -> str:
    scaled = [value * scale for value in values]
    return f"{statistics.median(scaled):.3f} {unit} ({min(scaled):.3f}–{max(scaled):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "zhixi-bench"))
    parser.add_argument("--before", help="a folder holding an earlier build's zhixi-review, run in the same rounds")
    args = parser.parse_args()
    binaries = [("this build", args.binary)]
    if args.before:
        binaries.insert(0, ("before", os.path.join(args.before, "zhixi-review")))
    for _, binary in binaries + [("bench", args.bench)]:
        if not os.path.exists(binary):
            sys.exit(f"{binary} is missing; build it with: swift build -c release")

    with tempfile.TemporaryDirectory() as directory:
        fleet = os.path.join(directory, "fleet.jsonl")
        subprocess.run([args.bench, "fleet", "--learners", str(args.learners), "--out", fleet, "--seed", "12"],
                       check=True, capture_output=True)
        with open(fleet, "rb") as handle:
            lines = handle.read().splitlines()
        size = sum(len(line) + 1 for line in lines)
        parse: list[float] = []
        cpu = {name: [] for name, _ in binaries}
        wall = {name: [] for name, _ in binaries}
        ratio = {name: [] for name, _ in binaries}
        for _ in range(args.runs):
            parsed = parse_all(lines)
            parse.append(parsed)
            for name, binary in binaries:
                seconds, elapsed = run_plan(binary, fleet)
                cpu[name].append(seconds)
                wall[name].append(elapsed)
                ratio[name].append(seconds / parsed)

    load = os.getloadavg()
    print(f"fleet: {len(lines):,} learners, {size:,} bytes; {args.runs} rounds; load average {load[0]:.1f} at the end")
    print(f"Python json.loads, every line (CPU):        {summary(parse)}")
    for name, _ in binaries:
        learners_per_cpu_second = statistics.median(len(lines) / value for value in cpu[name])
        print(f"zhixi-review plan --batch, {name:>10} CPU: {summary(cpu[name])}, wall {summary(wall[name])}; "
              f"{learners_per_cpu_second:,.0f} learners per CPU-second")
        print(f"  its CPU ÷ the parse's, per round:          {summary(ratio[name], unit='×')}")
    if args.before:
        per_round = [after / before for after, before in zip(cpu["this build"], cpu["before"])]
        print(f"this build's CPU ÷ before's, per round:      {summary(per_round, unit='×')}")


if __name__ == "__main__":
    main()
