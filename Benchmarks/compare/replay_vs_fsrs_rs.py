#!/usr/bin/env python3
"""Memory replay: ZhiXi Review (Swift) against fsrs-rs, on the same items, in one run.

How it was run (and how to run it again), from the package root:

    pip install fsrs-rs-python            # fsrs-rs 0.9.x through its Python binding
    swift build -c release --product zhixi-bench
    python3 Benchmarks/compare/replay_vs_fsrs_rs.py [--items full|prefixes] [--runs 15]

The Swift benchmark (`zhixi-bench replay`) builds the items from the real review log in
../shared/data (or a generated log when it is absent), times its batch replay, and exports
the items; this script loads exactly those items into fsrs-rs's `FSRSItem`s and times
`FSRS.memory_state_batch` on them (conversion of the items is done before timing, as the
batch API would be used by an application). Both report review steps per second as the
median of the runs; the script prints both and the ratio, and checks that the final
memory states agree.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from fsrs_rs_python import DEFAULT_PARAMETERS, FSRS, FSRSItem, FSRSReview

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", choices=["full", "prefixes"], default="full")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-bench"))
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing; build it with: swift build -c release --product zhixi-bench")

    with tempfile.TemporaryDirectory() as directory:
        items_path = os.path.join(directory, "items.json")
        states_path = os.path.join(directory, "states.json")
        swift = subprocess.run(
            [args.binary, "replay", "--items", args.items, "--runs", str(args.runs),
             "--export-items", items_path, "--export-states", states_path, "--json"],
            check=True, capture_output=True, text=True, cwd=ROOT)
        ours = json.loads(swift.stdout)
        with open(items_path) as handle:
            histories = json.load(handle)
        with open(states_path) as handle:
            our_states = json.load(handle)

    items = [FSRSItem([FSRSReview(rating, delta) for rating, delta in history]) for history in histories]
    steps = sum(len(history) for history in histories)
    model = FSRS(DEFAULT_PARAMETERS)
    repetitions = 1
    while True:
        start = time.perf_counter()
        for _ in range(repetitions):
            model.memory_state_batch(items)
        if time.perf_counter() - start >= 0.2:
            break
        repetitions *= 2
    rates = []
    for _ in range(args.runs):
        start = time.perf_counter()
        for _ in range(repetitions):
            states = model.memory_state_batch(items)
        rates.append(steps * repetitions / (time.perf_counter() - start))
    theirs = statistics.median(rates)

    worst = max(max(abs(mine[0] - theirs_state.stability) / theirs_state.stability,
                    abs(mine[1] - theirs_state.difficulty) / theirs_state.difficulty)
                for mine, theirs_state in zip(our_states, states))
    print(f"items: {ours['items']:,} from {ours['source']}; review steps per pass: {steps:,}; runs: {args.runs}")
    print(f"final states: largest relative difference from fsrs-rs {worst:.1e} (fsrs-rs computes in f32)")
    print(f"fsrs-rs (memory_state_batch, via Python): {theirs:>15,.0f} review steps/s (median)")
    print(f"ZhiXi Review, one thread:                 {ours['medianStepsPerSecond']:>15,.0f} review steps/s (median)")
    print(f"ZhiXi Review, two threads:                {ours['medianStepsPerSecondTwoThreads']:>15,.0f} review steps/s (median)")
    print(f"ratio (ours / fsrs-rs): {ours['medianStepsPerSecond'] / theirs:.2f}x on one thread, "
          f"{ours['medianStepsPerSecondTwoThreads'] / theirs:.2f}x on two")


if __name__ == "__main__":
    main()
