#!/usr/bin/env python3
"""Card simulation: `zhixi-review simulate` against fsrs-rs's simulator, in one run.

How it was run (and how to run it again), from the package root:

    pip install fsrs-rs-python            # 0.9.3, which wraps the fsrs crate 6.6.2
    swift build -c release --product zhixi-review --product zhixi-bench
    python3 Benchmarks/compare/simulate_vs_fsrs_rs.py [--seeds 20] [--runs 11] [--sweep-runs 3] [--results-only]

1. Results. fsrs-rs `simulate` with its `default_simulator_config()` (10,000 cards, 365 days,
   1,800 s a day, desired retention 0.9) for seeds 42, 43, ...; ours with the same settings
   (`zhixi-review simulate --seeds N --seed 42`, whose defaults are fsrs-rs's). The two draw
   from different generators, so the means over the seeds are compared: memorized at the
   end, reviews, cards learned, minutes, correct reviews. The goal is 3 %. Two tables: the
   default, where the rules of the daily cap differ (fsrs-rs starts a card while the day's
   seconds do not exceed 1,800, so its last card passes them; ours never passes the cap, so
   the difference there is the rule's), and the same without a cap (fsrs-rs's
   max_cost_perday infinite, ours --max-minutes-per-day 0), where the two simulators alone
   are compared. `--results-only` stops after this (no timing: fine under load).
2. One simulation. fsrs-rs `simulate` timed in process (the Python call only, no interpreter
   start) against `zhixi-review simulate` timed as a whole process (start, simulation,
   output), alternating, medians of `--runs` each; the library alone (`zhixi-bench
   simulate`) for reference. The goal is at least 2x.
3. Sweep and optimum. fsrs-rs `optimal_retention` with the default configuration (Brent's
   search over 0.70-0.95, 16 simulations per point, in parallel with rayon) against
   `zhixi-review simulate --sweep 0.70:0.85:0.01 --seeds 5` (16 retentions x 5 seeds, in
   parallel in a task group), alternating, medians of `--sweep-runs` each; both
   recommendations are printed. The goal is at most a third of fsrs-rs's time.

Both use every core of the machine. The machine is shared: the load average is printed, and
a measurement whose spread is large should be run again.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import fsrs_rs_python as fsrs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
METRICS = [  # (label, our summary key, fsrs-rs total, scale of ours to fsrs-rs's unit)
    ("memorized at end", "memorizedAtEnd", lambda r: r.memorized_cnt_per_day[-1], 1),
    ("total reviews", "totalReviews", lambda r: sum(r.review_cnt_per_day), 1),
    ("cards learned", "totalLearned", lambda r: sum(r.learn_cnt_per_day), 1),
    ("minutes of study", "totalMinutes", lambda r: sum(r.cost_per_day) / 60, 1),
    ("correct reviews", "correctReviews", lambda r: sum(r.correct_cnt_per_day), 1),
]


def median_and_spread(values):
    return statistics.median(values), min(values), max(values)


def run_ours(binary, arguments):
    start = time.perf_counter()
    process = subprocess.run([binary, "simulate", *arguments], check=True, capture_output=True, text=True, cwd=ROOT)
    return time.perf_counter() - start, process.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds for the comparison of results (at least 10)")
    parser.add_argument("--runs", type=int, default=11, help="timed single simulations of each")
    parser.add_argument("--sweep-runs", type=int, default=3, help="timed sweeps / optimal_retention calls of each")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--bench", default=os.path.join(ROOT, ".build", "release", "zhixi-bench"))
    parser.add_argument("--results-only", action="store_true", help="compare the results only, no timing")
    args = parser.parse_args()
    for path, product in [(args.binary, "zhixi-review")] + ([] if args.results_only else [(args.bench, "zhixi-bench")]):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing; build it with: swift build -c release --product {product}")
    if args.seeds < 10:
        sys.exit("--seeds must be at least 10")

    config = fsrs.default_simulator_config()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())} on {os.cpu_count()} cores")

    # 1. Results, means over the same seeds: the default, then without a cap.
    seeds = list(range(42, 42 + args.seeds))
    uncapped = fsrs.default_simulator_config()
    uncapped.max_cost_perday = float("inf")
    for title, their_config, our_arguments in [
        ("Default configuration (cap 1,800 s a day: fsrs-rs's last card passes it, ours waits)", config, []),
        ("Without a daily cap (fsrs-rs max_cost_perday infinite, ours --max-minutes-per-day 0)", uncapped,
         ["--max-minutes-per-day", "0"]),
    ]:
        theirs = {key: [] for _, key, _, _ in METRICS}
        for seed in seeds:
            result = fsrs.simulate(fsrs.DEFAULT_PARAMETERS, 0.9, their_config, seed)
            for _, key, total, _ in METRICS:
                theirs[key].append(total(result))
        _, output = run_ours(args.binary, ["--seeds", str(args.seeds), "--seed", "42", "--format", "json"] + our_arguments)
        ours = json.loads(output)["summary"]
        print(f"\n1. {title}, desired retention 0.9, means over {args.seeds} seeds (42-{seeds[-1]}) each")
        print(f"{'':22}{'fsrs-rs':>22}{'ZhiXi Review':>22}{'difference':>12}")
        worst = 0.0
        for label, key, _, scale in METRICS:
            mean, deviation = statistics.mean(theirs[key]), statistics.stdev(theirs[key])
            our_mean, our_deviation = ours[key] * scale, ours[key + "StandardDeviation"] * scale
            difference = (our_mean - mean) / mean * 100
            worst = max(worst, abs(difference))
            print(f"{label:22}{mean:>13,.1f} ± {deviation:>6,.1f}{our_mean:>13,.1f} ± {our_deviation:>6,.1f}{difference:>+11.2f}%")
        print(f"every figure within {worst:.2f} % of fsrs-rs (goal 3 %)")
    if args.results_only:
        return

    # 2. One default simulation, alternating.
    their_times, our_times = [], []
    for run in range(args.runs):
        start = time.perf_counter()
        fsrs.simulate(fsrs.DEFAULT_PARAMETERS, 0.9, config, 42 + run)
        their_times.append(time.perf_counter() - start)
        our_times.append(run_ours(args.binary, ["--seed", str(42 + run), "--format", "json"])[0])
    bench = json.loads(subprocess.run([args.bench, "simulate", "--runs", str(args.runs), "--json"], check=True,
                                      capture_output=True, text=True, cwd=ROOT).stdout)
    their_median, their_low, their_high = median_and_spread(their_times)
    our_median, our_low, our_high = median_and_spread(our_times)
    print(f"\n2. One default simulation (365 days, 10,000 cards), medians of {args.runs}")
    print(f"fsrs-rs simulate, in process:           {their_median:.3f} s  (min {their_low:.3f}, max {their_high:.3f})")
    print(f"zhixi-review simulate, whole process:   {our_median:.3f} s  (min {our_low:.3f}, max {our_high:.3f})")
    print(f"  of which the library (zhixi-bench):   {bench['medianSeconds']:.3f} s")
    print(f"ratio: {their_median / our_median:.1f}x faster (goal 2x)")

    # 3. Sweep against optimal_retention, alternating.
    their_sweeps, our_sweeps = [], []
    their_optimum = our_optimum = None
    for _ in range(args.sweep_runs):
        start = time.perf_counter()
        their_optimum = fsrs.optimal_retention(config, fsrs.DEFAULT_PARAMETERS)
        their_sweeps.append(time.perf_counter() - start)
        seconds, output = run_ours(args.binary, ["--sweep", "0.70:0.85:0.01", "--seeds", "5", "--format", "json"])
        our_sweeps.append(seconds)
        our_optimum = json.loads(output)["recommendedRetention"]
    their_median, their_low, their_high = median_and_spread(their_sweeps)
    our_median, our_low, our_high = median_and_spread(our_sweeps)
    print(f"\n3. Optimal retention, default configuration, medians of {args.sweep_runs}")
    print(f"fsrs-rs optimal_retention:                     {their_median:6.2f} s  (min {their_low:.2f}, max {their_high:.2f})"
          f"  -> {their_optimum:.3f}")
    print(f"zhixi-review simulate --sweep, 16 x 5 seeds:   {our_median:6.2f} s  (min {our_low:.2f}, max {our_high:.2f})"
          f"  -> {our_optimum:.2f}")
    print(f"ratio: ours takes {our_median / their_median:.2f} of fsrs-rs's time (goal at most 0.33)")
    print(f"\nload average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
