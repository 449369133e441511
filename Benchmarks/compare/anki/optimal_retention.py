#!/usr/bin/env python3
"""Anki's optimal retention against ZhiXi Review's reproduction of it, on every preset of a collection.

    python3 Benchmarks/compare/anki/optimal_retention.py COLLECTION [--binary .build/release/zhixi-review]
        [--out FILE.json] [--sweep 0.70:0.97:0.01]

COLLECTION is a profile's collection.anki2 (or a folder holding one). Needs Python 3.11 with
`anki` 26.9.3. For every preset with cards, Anki's `compute_optimal_retention` is asked as the
deck options screen asks it ("Help me decide" > "Compute optimal retention", FsrsOptions.svelte
and SimulatorModal.svelte: the preset's parameters, desired retention, new cards and reviews a
day, maximum interval, review order, easy days, historical retention, step counts, the leech
threshold when leeches are suspended, 365 days, no extra new cards), and asked again with the
desired retention 0.80 and with 2,000 extra new cards: what its answer depends on. Ours is
`zhixi-review simulate --revlog COLLECTION --preset NAME --format json` ("ankiOptimalRetention",
Anki's definition computed by our simulator), and with --sweep our own recommendation beside it
(`"recommendedRetention"`: every card scheduled at the retention tried).

With --out, writes the figures as JSON (Tests/Fixtures/Anki/optimal-retention.json is this
script's output for the reference collection, which a Swift test compares with).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def request(col, conf: dict):
    """The request of the deck options screen for a preset (FsrsOptions.svelte, SimulatorModal.svelte)."""
    from anki.scheduler_pb2 import SimulateFsrsReviewRequest
    name = conf["name"]
    req = SimulateFsrsReviewRequest(
        params=list(conf.get("fsrsParams6") or []), desired_retention=conf["desiredRetention"], deck_size=0,
        days_to_simulate=365, new_limit=conf["new"]["perDay"], review_limit=conf["rev"]["perDay"],
        max_interval=conf["rev"]["maxIvl"], search=f'preset:"{name}" -is:suspended',
        new_cards_ignore_review_limit=bool(col.get_config("newCardsIgnoreReviewLimit", False)),
        easy_days_percentages=list(conf.get("easyDaysPercentages") or [1.0] * 7), review_order=conf.get("reviewOrder", 0),
        historical_retention=conf.get("sm2Retention", 0.9), learning_step_count=len(conf["new"]["delays"]),
        relearning_step_count=len(conf["lapse"]["delays"]))
    if conf.get("leechAction", 1) == 0:  # suspend
        req.suspend_after_lapse_count = conf["lapse"]["leechFails"]
    return req


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("collection")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--out")
    parser.add_argument("--sweep", help="also run our sweep FROM:TO:STEP and show our recommendation")
    args = parser.parse_args()
    from anki.collection import Collection
    from anki.scheduler_pb2 import SimulateFsrsReviewRequest

    collection = os.path.abspath(args.collection)
    if os.path.isdir(collection):
        collection = os.path.join(collection, "collection.anki2")
    work = tempfile.mkdtemp(prefix="optimal-retention-")
    copy = os.path.join(work, "collection.anki2")
    shutil.copyfile(collection, copy)
    col = Collection(copy)
    results = {"made": "Benchmarks/compare/anki/optimal_retention.py, Anki "
                       + __import__("anki.buildinfo", fromlist=["version"]).version,
               "presets": {}}
    try:
        for conf in col.decks.all_config():
            name = conf["name"]
            if not col.find_cards(f'preset:"{name}"'):
                continue
            req = request(col, conf)
            anki = col._backend.compute_optimal_retention(req)
            lower = SimulateFsrsReviewRequest()
            lower.CopyFrom(req)
            lower.desired_retention = 0.8
            more = SimulateFsrsReviewRequest()
            more.CopyFrom(req)
            more.deck_size = 2000
            entry = {"desiredRetention": conf["desiredRetention"], "reviewOrder": conf.get("reviewOrder", 0),
                     "anki": anki, "ankiAtDesiredRetention080": col._backend.compute_optimal_retention(lower),
                     "ankiWith2000NewCards": col._backend.compute_optimal_retention(more)}
            if os.path.exists(args.binary):
                command = [args.binary, "simulate", "--revlog", collection, "--preset", name, "--format", "json"]
                if args.sweep:
                    command += ["--sweep", args.sweep]
                run = subprocess.run(command, capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f"{' '.join(command)}: exit {run.returncode}\n{run.stderr}")
                ours = json.loads(run.stdout)
                entry["ours"] = ours["ankiOptimalRetention"]
                if args.sweep:
                    entry["ourRecommendation"] = ours.get("recommendedRetention")
            results["presets"][name] = entry
            line = (f"{name}: Anki {anki:.4f} (at desired retention 0.80: {entry['ankiAtDesiredRetention080']:.4f}, "
                    f"with 2,000 new cards: {entry['ankiWith2000NewCards']:.4f})")
            if "ours" in entry:
                line += f"; ours, by Anki's definition: {entry['ours']['retention']:.4f}"
                line += f" ({entry['ours']['secondsPerMemorized'][0]:.1f} s per card memorized at every retention tried)"
            if "ourRecommendation" in entry:
                line += f"; our recommendation: {entry['ourRecommendation']}"
            print(line)
    finally:
        col.close(downgrade=False)
        shutil.rmtree(work)
    if args.out:
        with open(args.out, "w") as handle:
            json.dump(results, handle, indent=1)
            handle.write("\n")


if __name__ == "__main__":
    main()
