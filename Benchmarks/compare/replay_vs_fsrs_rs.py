#!/usr/bin/env python3
"""Memory replay: ZhiXi Review (Swift) against fsrs-rs, on the same items, in one run.

How it was run (and how to run it again), from the package root:

    pip install fsrs-rs-python            # fsrs-rs 0.9.x through its Python binding
    swift build -c release --product zhixi-bench
    python3 Benchmarks/compare/replay_vs_fsrs_rs.py [--items full|prefixes] [--runs 15]

The Swift benchmark (`zhixi-bench replay`) builds the items from the real review log in
../shared/data (or $ZHIXI_REVLOG; a generated log when it is absent), times its batch replay,
and exports the items; this script loads exactly those items into fsrs-rs's `FSRSItem`s and
times `FSRS.memory_state_batch` on them (conversion of the items is done before timing, as the
batch API would be used by an application). The two sides alternate, one round each in turn
(--runs rounds; a Swift round is `zhixi-bench replay --runs 3`, its median; an fsrs-rs round
the median of 3 timings), so both see the same load; the script prints review steps per
second as medians with min–max, the ratio within each round (median, min–max), and checks
that the final memory states agree. With `--before DIR`, the zhixi-bench in DIR (an earlier
build) runs in the same rounds.
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


def spread(values):
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"


def swift_round(binary, items):
    run = subprocess.run([binary, "replay", "--items", items, "--runs", "3", "--json"],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    result = json.loads(run.stdout)
    return result["medianStepsPerSecond"], result["medianStepsPerSecondTwoThreads"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--items", choices=["full", "prefixes"], default="full")
    parser.add_argument("--runs", type=int, default=9, help="rounds, each side once per round")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-bench"))
    parser.add_argument("--before", help="a folder holding an earlier build's zhixi-bench, run in the same rounds")
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing; build it with: swift build -c release --product zhixi-bench")

    with tempfile.TemporaryDirectory() as directory:
        items_path = os.path.join(directory, "items.json")
        states_path = os.path.join(directory, "states.json")
        swift = subprocess.run(
            [args.binary, "replay", "--items", args.items, "--runs", "1",
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

    binaries = [("this build", args.binary)] + ([("before", os.path.join(args.before, "zhixi-bench"))] if args.before else [])
    theirs, one, two = [], {name: [] for name, _ in binaries}, {name: [] for name, _ in binaries}
    for _ in range(args.runs):
        for name, binary in binaries:
            single, dual = swift_round(binary, args.items)
            one[name].append(single)
            two[name].append(dual)
        rates = []
        for _ in range(3):
            start = time.perf_counter()
            for _ in range(repetitions):
                states = model.memory_state_batch(items)
            rates.append(steps * repetitions / (time.perf_counter() - start))
        theirs.append(statistics.median(rates))

    worst = max(max(abs(mine[0] - theirs_state.stability) / theirs_state.stability,
                    abs(mine[1] - theirs_state.difficulty) / theirs_state.difficulty)
                for mine, theirs_state in zip(our_states, states))
    print(f"items: {ours['items']:,} from {ours['source']}; review steps per pass: {steps:,}; rounds: {args.runs}; "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"final states: largest relative difference from fsrs-rs {worst:.1e} (fsrs-rs computes in f32)")
    print(f"fsrs-rs (memory_state_batch, via Python): {spread(theirs)} review steps/s")
    for name, _ in binaries:
        print(f"ZhiXi Review ({name}), one thread:  {spread(one[name])} review steps/s")
        print(f"ZhiXi Review ({name}), two threads: {spread(two[name])} review steps/s")
        ratios = [mine / peer for mine, peer in zip(one[name], theirs)]
        ratios_two = [mine / peer for mine, peer in zip(two[name], theirs)]
        print(f"  ratio to fsrs-rs per round: {statistics.median(ratios):.2f}x ({min(ratios):.2f}–{max(ratios):.2f}) on one thread, "
              f"{statistics.median(ratios_two):.2f}x ({min(ratios_two):.2f}–{max(ratios_two):.2f}) on two")


if __name__ == "__main__":
    main()
