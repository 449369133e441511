#!/usr/bin/env python3
"""Fitting and evaluating, ZhiXi Review against Anki, on every preset of any Anki collection.

    python3 Benchmarks/compare/anki/fit_vs_anki.py COLLECTION [--moment EPOCH] [--zone ZONE]
        [--binary .build/release/zhixi-review] [--json OUT.json]

COLLECTION is a profile's collection.anki2 (or a folder holding one). Needs Python 3.11 with
`anki` 26.9.3 (pip install anki==26.9.3) and libfaketime (Debian: faketime), which holds
Anki's clock at the moment (--moment, default now), as run.sh does for the reference collection. Anki and
zhixi-review see the same moment and the same time zone (--zone, default America/New_York,
the reference collection's; TZ for Anki, --timezone for ours), so Anki's day count (its
next_day_at) is the same on both sides.

For every preset that has training items, searching as the deck options screen does
(`preset:"NAME" -is:suspended`, the preset's "ignore reviews before", its relearning steps
within a day):

1. Anki's fit: `compute_fsrs_params` with unusable current parameters (so that it returns its
   fit as is) and with the preset's (its answer: the fit, or the preset's parameters when they
   score as well); ours: `zhixi-review optimize COLLECTION --preset NAME --elapsed anki --now
   MOMENT --no-check` (the fit itself, whatever a verdict would keep). Both fits, the preset's
   parameters and the defaults are scored by Anki's own scorer, `evaluate_params_legacy` (every
   item, weighted by recency): the fit with the lower figure is the better fit of these items.
2. Anki's `evaluate_params` (fsrs-rs's evaluate_with_time_series_splits: 5 splits, its own fit
   per split, pooled) against ours, `zhixi-review evaluate ... --splits 6 --format json`.

Prints a table per preset and, with --json, writes the figures.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from deck_options import ignore_before_ms, relearning_steps_within_a_day

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FAKETIME_LIB = os.environ.get("FAKETIME_LIB", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")


def ours(binary: str, collection: str, preset: str, moment: int, zone: str, *extra: str) -> str:
    now = datetime.datetime.fromtimestamp(moment, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    command = [binary, *extra[:1], collection, "--preset", preset, "--elapsed", "anki", "--now", now,
               "--timezone", zone, "--lang", "en", *extra[1:]]
    environment = {key: value for key, value in os.environ.items() if key != "LD_PRELOAD" and not key.startswith("FAKETIME")}
    run = subprocess.run(command, capture_output=True, text=True, env=environment)
    if run.returncode != 0:
        sys.exit(f"{' '.join(command)}: exit {run.returncode}\n{run.stderr}")
    return run.stdout


def compare(collection: str, binary: str, moment: int, zone: str) -> dict:
    from anki.collection import Collection

    work = tempfile.mkdtemp(prefix="fit-vs-anki-")
    copy = os.path.join(work, "collection.anki2")
    shutil.copyfile(collection, copy)
    col = Collection(copy)
    results = {"collection": collection, "moment": moment, "zone": zone, "presets": {}}
    try:
        for conf in col.decks.all_config():
            name = conf["name"]
            search = f'preset:"{name}" -is:suspended'
            ignore = ignore_before_ms(conf.get("ignoreRevlogsBeforeDate", ""))
            relearning = relearning_steps_within_a_day(conf["lapse"]["delays"])
            current = list(conf.get("fsrsParams6") or [])
            fit = col._backend.compute_fsrs_params(search=search, current_params=[1.0, 2.0, 3.0], ignore_revlogs_before_ms=ignore,
                                                   num_of_relearning_steps=relearning, health_check=False)
            if fit.fsrs_items == 0:
                continue
            answer = col._backend.compute_fsrs_params(search=search, current_params=current, ignore_revlogs_before_ms=ignore,
                                                      num_of_relearning_steps=relearning, health_check=False)
            our_fit = json.loads(ours(binary, collection, name, moment, zone, "optimize", "--no-check").strip().splitlines()[-1])

            def score(params: list[float]) -> dict:
                legacy = col._backend.evaluate_params_legacy(params=params, search=search, ignore_revlogs_before_ms=ignore)
                return {"logLoss": legacy.log_loss, "rmseBins": legacy.rmse_bins}

            scored = {"defaults": score([]), "ankiFit": score(list(fit.params)), "ankiAnswer": score(list(answer.params)),
                      "ourFit": score(our_fit)}
            if current:
                scored["preset"] = score(current)
            entry = {"items": fit.fsrs_items, "relearningStepsWithinADay": relearning, "presetParameters": current,
                     "ankiFit": list(fit.params), "ourFit": our_fit, "ankiScorer": scored}
            try:
                split = col._backend.evaluate_params(search=search, ignore_revlogs_before_ms=ignore,
                                                     num_of_relearning_steps=relearning)
                evaluation = json.loads(ours(binary, collection, name, moment, zone, "evaluate", "--splits", "6", "--format", "json"))
                entry["timeSeries"] = {
                    "anki": {"logLoss": split.log_loss, "rmseBins": split.rmse_bins},
                    "ours": {"logLoss": evaluation["candidate"]["logLoss"], "rmseBins": evaluation["candidate"]["rmseBins"],
                             "items": evaluation["items"]},
                }
            except Exception as error:  # too few items for five splits
                entry["timeSeries"] = {"error": str(error)}
            results["presets"][name] = entry
    finally:
        col.close(downgrade=False)
        shutil.rmtree(work)
    return results


def report(results: dict) -> None:
    when = datetime.datetime.fromtimestamp(results["moment"], datetime.timezone.utc).isoformat()
    print(f"{results['collection']} at {when} ({results['zone']})")
    for name, entry in results["presets"].items():
        scored = entry["ankiScorer"]
        print(f"\npreset {name!r}: {entry['items']} items, {entry['relearningStepsWithinADay']} relearning step(s) within a day")
        print("  Anki's scorer (evaluate_params_legacy: every item, weighted by recency), log loss / RMSE (bins):")
        for label, title in (("defaults", "FSRS-6 defaults"), ("preset", "the preset's parameters"), ("ankiFit", "Anki's fit"),
                             ("ankiAnswer", "Anki's answer"), ("ourFit", "our fit")):
            if label in scored:
                print(f"    {title:<26} {scored[label]['logLoss']:.5f} / {scored[label]['rmseBins']:.5f}")
        gap = scored["ourFit"]["logLoss"] - scored["ankiFit"]["logLoss"]
        print(f"    our fit - Anki's fit: {gap:+.5f} ({'no worse' if gap <= 1e-6 else 'WORSE'})")
        series = entry["timeSeries"]
        if "error" in series:
            print(f"  time-series evaluation: {series['error']}")
        else:
            anki, ours_ = series["anki"], series["ours"]
            print(f"  time series (5 splits, fits per split, pooled): Anki {anki['logLoss']:.5f} / {anki['rmseBins']:.5f}, "
                  f"ours (--splits 6) {ours_['logLoss']:.5f} / {ours_['rmseBins']:.5f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("collection")
    parser.add_argument("--moment", type=int, help="epoch second Anki and zhixi-review compute at (default: now)")
    parser.add_argument("--zone", default="America/New_York")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    collection = os.path.abspath(args.collection)
    if os.path.isdir(collection):
        collection = os.path.join(collection, "collection.anki2")
    moment = args.moment or int(time.time())
    if os.environ.get("FIT_VS_ANKI_INNER") != "1":
        # Run again with Anki's clock held at the moment (libfaketime reads it from a file) and its zone set.
        clock = tempfile.NamedTemporaryFile("w", delete=False)
        clock.write(f"{moment}\n")
        clock.close()
        environment = dict(os.environ, TZ=args.zone, FIT_VS_ANKI_INNER="1", LD_PRELOAD=FAKETIME_LIB,
                           FAKETIME_TIMESTAMP_FILE=clock.name, FAKETIME_NO_CACHE="1", FAKETIME_FMT="%s")
        arguments = [sys.executable, os.path.abspath(__file__), *sys.argv[1:]]
        if args.moment is None:
            arguments += ["--moment", str(moment)]
        try:
            sys.exit(subprocess.run(arguments, env=environment).returncode)
        finally:
            os.unlink(clock.name)
    results = compare(collection, args.binary, moment, args.zone)
    report(results)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)
            handle.write("\n")


if __name__ == "__main__":
    main()
