#!/usr/bin/env python3
"""Card scheduler: ZhiXi Review (Swift) against py-fsrs, on the same review sequences, in one run.

How it was run (and how to run it again), from the package root:

    pip install fsrs                      # py-fsrs 6.3.2 (already installed on the team machines)
    swift build -c release --product zhixi-bench
    python3 Benchmarks/compare/scheduler_vs_pyfsrs.py
    # defaults: --cards 10000 --reviews-per-card 20 --runs 5 --seed 2026

What it does:

1. Generates the review sequences with py-fsrs itself (Scheduler(enable_fuzzing=False),
   Python's random.Random(seed)): every card is reviewed when it falls due, up to 12 hours
   late in review (up to 2 minutes after a (re)learning step); the rating is Again when a draw
   exceeds the card's probability of recall, otherwise Hard 10 %, Good 80 %, Easy 10 %;
   (re)learning and new cards get Again 15 %, Hard 10 %, Good 65 %, Easy 10 %. The sequences
   are written as a review-log CSV (card_id, review_time in epoch ms, review_rating).
2. Times py-fsrs replaying every card from new through its sequence (`Scheduler.review_card`
   with datetimes and ratings built before timing), with fuzz off and on; median of the runs.
3. Runs `zhixi-bench scheduler --replay THAT.csv --json`, which replays exactly the same
   sequences through `CardScheduler.review` (median of the same number of runs, each long
   enough to last at least 0.2 s).
4. Prints both throughputs and the ratio, and checks that with fuzz off and 24-hour days both
   end in the same states: sum of final stabilities (relative 1e-9) and of final due times
   (exact, in seconds).

py-fsrs has no study-day calendar, so the study-day rows of the Swift benchmark are shown
against py-fsrs's only (24-hour) policy, for information.

Last run (2026-11-29, 2-core AMD EPYC VM, Swift 6.3.1 release build, Python 3.11.7, py-fsrs
6.3.2, defaults: 10,000 cards, 200,000 reviews, median of 5 runs), reviews per second:

    fuzz off, 24-hour days            12,060,466 vs 132,591   91x
    fuzz on (uniform), 24-hour days    9,760,054 vs 102,396   95x
    fuzz off, study days               6,081,816   (America/New_York, days from 04:00)
    fuzz on (uniform), study days      5,666,660
    load-balanced, study days          4,917,902
    final states identical with fuzz off and 24-hour days (due-time sums equal,
    stability sums within 2.3e-16)
"""
import argparse
import csv
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler, State

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def generate(cards: int, reviews_per_card: int, seed: int):
    """[(card_id, [(Rating, datetime), ...]), ...], deterministic for a seed."""
    rng = random.Random(seed)
    scheduler = Scheduler(enable_fuzzing=False)
    base = datetime(2026, 1, 5, tzinfo=timezone.utc)
    sequences = []
    for index in range(cards):
        card_id = 1_000_000 + index
        moment = base + timedelta(seconds=int(rng.random() * 30 * 86_400))
        card = Card(card_id=card_id, due=moment)
        reviews = []
        for _ in range(reviews_per_card):
            draw = rng.random()
            if card.state == State.Review:
                if draw >= scheduler.get_card_retrievability(card, moment):
                    rating = Rating.Again
                else:
                    kind = rng.random()
                    rating = Rating.Hard if kind < 0.1 else (Rating.Good if kind < 0.9 else Rating.Easy)
            else:
                rating = (Rating.Again if draw < 0.15 else Rating.Hard if draw < 0.25
                          else Rating.Good if draw < 0.9 else Rating.Easy)
            reviews.append((rating, moment))
            card, _ = scheduler.review_card(card, rating, moment)
            lateness = rng.random() * (43_200 if card.state == State.Review else 120)
            moment = card.due + timedelta(seconds=int(lateness))
        sequences.append((card_id, reviews))
    return sequences


def write_csv(sequences, path: str) -> None:
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["card_id", "review_time", "review_rating"])
        for card_id, reviews in sequences:
            for rating, moment in reviews:
                writer.writerow([card_id, round(moment.timestamp() * 1000), int(rating)])


def replay(scheduler: Scheduler, sequences):
    """Replays every card; returns (sum of final stabilities, sum of final due times in s)."""
    stability_sum = 0.0
    due_sum = 0.0
    for card_id, reviews in sequences:
        card = Card(card_id=card_id, due=reviews[0][1])
        for rating, moment in reviews:
            card, _ = scheduler.review_card(card, rating, moment)
        stability_sum += card.stability or 0.0
        due_sum += card.due.timestamp()
    return stability_sum, due_sum


def measure(scheduler: Scheduler, sequences, runs: int):
    reviews = sum(len(r) for _, r in sequences)
    rates = []
    checksum = None
    for _ in range(runs):
        start = time.perf_counter()
        checksum = replay(scheduler, sequences)
        rates.append(reviews / (time.perf_counter() - start))
    return statistics.median(rates), checksum


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--reviews-per-card", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-bench"))
    args = parser.parse_args()
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing; build it with: "
                 "swift build -c release --product zhixi-bench")
    runs = max(5, args.runs)

    print(f"generating {args.cards:,} cards x {args.reviews_per_card} reviews with py-fsrs (seed {args.seed}) ...",
          file=sys.stderr)
    sequences = generate(args.cards, args.reviews_per_card, args.seed)
    reviews = sum(len(r) for _, r in sequences)

    with tempfile.TemporaryDirectory() as directory:
        log_path = os.path.join(directory, "sequences.csv")
        write_csv(sequences, log_path)
        print("timing ZhiXi Review (zhixi-bench scheduler --replay) ...", file=sys.stderr)
        swift = subprocess.run([args.binary, "scheduler", "--replay", log_path, "--runs", str(runs), "--json"],
                               check=True, capture_output=True, text=True, cwd=ROOT)
    ours = {(row["fuzz"], row["elapsedDays"]): row for row in json.loads(swift.stdout)["results"]}

    print("timing py-fsrs ...", file=sys.stderr)
    py_off, py_off_checksum = measure(Scheduler(enable_fuzzing=False), sequences, runs)
    py_on, _ = measure(Scheduler(enable_fuzzing=True), sequences, runs)

    print(f"card scheduler, {len(sequences):,} cards, {reviews:,} reviews, median of {runs} runs (reviews/s)")
    print()
    print(f"  {'ZhiXi Review configuration':<34} {'ZhiXi Review':>14} {'py-fsrs':>12} {'ratio':>8}")
    print(f"  {'-' * 34} {'-' * 14} {'-' * 12} {'-' * 8}")
    rows = [
        ("fuzz off, 24-hour days", ("off", "24-hour"), py_off),
        ("fuzz on (uniform), 24-hour days", ("uniform", "24-hour"), py_on),
        ("fuzz off, study days *", ("off", "study days"), py_off),
        ("fuzz on (uniform), study days *", ("uniform", "study days"), py_on),
        ("load-balanced, study days *", ("load-balanced", "study days"), py_on),
    ]
    for label, key, reference in rows:
        rate = ours[key]["medianReviewsPerSecond"]
        print(f"  {label:<34} {rate:>14,.0f} {reference:>12,.0f} {rate / reference:>7.0f}x")
    print("  * py-fsrs has no study-day calendar: compared with its 24-hour scheduler")

    same = ours[("off", "24-hour")]
    stability_error = abs(same["stabilitySum"] - py_off_checksum[0]) / py_off_checksum[0]
    due_equal = same["dueSecondsSum"] == py_off_checksum[1]
    print()
    print(f"  same final states with fuzz off, 24-hour days: stability sums differ by {stability_error:.1e} "
          f"(relative), due-time sums {'equal' if due_equal else 'DIFFER'}")
    if stability_error > 1e-9 or not due_equal:
        sys.exit("the two schedulers disagree on the replayed sequences")


if __name__ == "__main__":
    main()
