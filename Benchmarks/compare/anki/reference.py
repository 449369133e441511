#!/usr/bin/env python3
"""Anki's own numbers for the reference collection (see make_collection.py).

Run through `run.sh` (TZ=America/New_York, libfaketime moving the clock).
Reads DIRECTORY/collection.anki2, writes DIRECTORY/reference.json:

- the collection as stored: creation stamp and offset, rollover hour, the
  presets (FSRS parameters, desired retention, steps, maximum interval,
  "ignore reviews before", historical retention), each deck's preset, each
  card (deck, original deck, queue, type, interval, factor) and every revlog
  row per card, also those of cards deleted since
  (`[id ms, button, ivl, lastIvl, factor, time ms, type]`);
- at two moments, 2026-06-04 12:00 EDT (-04:00, "summer") and 2026-12-01
  12:00 EST (-05:00, "winter"), what Anki computes then:
  * `sched.today` and `sched.day_cutoff` (the next rollover, epoch seconds);
  * per card `col.compute_memory_state` (stability, difficulty, or none);
  * per preset, searching as the deck options screen does
    (`preset:"NAME" -is:suspended`, its "ignore reviews before", its
    relearning steps within a day): `compute_fsrs_params` with the preset's
    parameters (the optimizer's answer, which keeps them when they score
    better) and once with unusable current parameters (the fit itself), with
    its item count; `evaluate_params` (fsrs-rs's time-series evaluation,
    five splits, its own fit per split) and `evaluate_params_legacy` (log loss
    and RMSE bins of given parameters on the same items) for the FSRS-6
    defaults, the preset's parameters and both fits.

Each moment works on its own copy of the collection, so nothing computed at
one moment reaches the other.  Anki's memory states in summer and in winter
differ on some cards: its day numbers come from the one UTC offset in force
when it computes (`next_day_at`), and reviews made near the rollover hour
under the other offset fall on another day; `differences` counts them.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time

from anki.collection import Collection

from deck_options import ignore_before_ms, relearning_steps_within_a_day

MOMENTS = {"summer": 1780588800, "winter": 1796144400}
CLOCK_FILE = os.environ.get("FAKETIME_TIMESTAMP_FILE", "")


def set_clock(epoch_seconds: int) -> None:
    with open(CLOCK_FILE + ".tmp", "w") as handle:
        handle.write(f"{epoch_seconds}\n")
    os.replace(CLOCK_FILE + ".tmp", CLOCK_FILE)
    if int(time.time()) != epoch_seconds:
        sys.exit("the clock did not move (run through run.sh)")


def stored(path: str) -> dict:
    with sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True) as db:
        crt = db.execute("select crt from col").fetchone()[0]
        config = {key: json.loads(val) for key, val in db.execute("select key, cast(val as text) from config")}
        presets = {}
        for pid, name in db.execute("select id, name from deck_config"):
            presets[pid] = name
        cards = {}
        for cid, nid, did, odid, queue, ctype, ivl, factor, due, odue in db.execute(
                "select id, nid, did, odid, queue, type, ivl, factor, due, odue from cards order by id"):
            cards[cid] = {"note": nid, "deck": did, "originalDeck": odid, "queue": queue, "type": ctype,
                          "interval": ivl, "factor": factor, "due": due, "originalDue": odue}
        revlog: dict[int, list] = {}
        for row in db.execute("select cid, id, ease, ivl, lastIvl, factor, time, type from revlog order by cid, id"):
            revlog.setdefault(row[0], []).append(list(row[1:]))
        decks = {did: name for did, name in db.execute("select id, name from decks")}
    return {"crt": crt, "config": config, "presetNames": presets, "cards": cards, "revlog": revlog,
            "deckNames": decks}


def at_moment(source: str, moment: int, card_ids: list[int]) -> dict:
    set_clock(moment)
    work = tempfile.mkdtemp(prefix="anki-moment-")
    path = os.path.join(work, "collection.anki2")
    shutil.copyfile(source, path)
    col = Collection(path)
    result: dict = {
        "epoch": moment,
        "local": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(moment)),
        "today": col.sched.today,
        "nextDayAt": col.sched.day_cutoff,
    }
    states = {}
    for cid in card_ids:
        state = col.compute_memory_state(cid)
        states[str(cid)] = (None if state.stability is None
                            else {"stability": state.stability, "difficulty": state.difficulty})
    result["memoryStates"] = states
    presets = {}
    for conf in col.decks.all_config():
        name = conf["name"]
        search = f'preset:"{name}" -is:suspended'
        ignore = ignore_before_ms(conf.get("ignoreRevlogsBeforeDate", ""))
        relearning = relearning_steps_within_a_day(conf["lapse"]["delays"])
        current = list(conf.get("fsrsParams6") or [])
        answer = col._backend.compute_fsrs_params(
            search=search, current_params=current, ignore_revlogs_before_ms=ignore,
            num_of_relearning_steps=relearning, health_check=True)
        # unusable current parameters: Anki cannot score them, so it returns its fit as is
        raw = col._backend.compute_fsrs_params(
            search=search, current_params=[1.0, 2.0, 3.0], ignore_revlogs_before_ms=ignore,
            num_of_relearning_steps=relearning, health_check=False)
        entry = {
            "search": search,
            "ignoreRevlogsBeforeMs": ignore,
            "relearningStepsWithinADay": relearning,
            "currentParameters": current,
            "optimizer": {"parameters": list(answer.params), "items": answer.fsrs_items,
                          "healthCheckPassed": answer.health_check_passed
                          if answer.HasField("health_check_passed") else None,
                          "keptCurrent": len(answer.params) == len(current)
                          and all(abs(a - b) <= 1e-6 * max(1.0, abs(b)) for a, b in zip(answer.params, current))},
            "fit": {"parameters": list(raw.params), "items": raw.fsrs_items},
        }
        try:
            split = col._backend.evaluate_params(search=search, ignore_revlogs_before_ms=ignore,
                                                 num_of_relearning_steps=relearning)
            entry["timeSeriesEvaluation"] = {"logLoss": split.log_loss, "rmseBins": split.rmse_bins}
        except Exception as error:  # too few items for five splits
            entry["timeSeriesEvaluation"] = {"error": str(error)}
        scored = {}
        for label, params in (("defaults", []), ("current", current),
                              ("optimizer", list(answer.params)), ("fit", list(raw.params))):
            if label == "current" and not current:
                continue
            legacy = col._backend.evaluate_params_legacy(params=params, search=search,
                                                         ignore_revlogs_before_ms=ignore)
            scored[label] = {"logLoss": legacy.log_loss, "rmseBins": legacy.rmse_bins}
        entry["evaluation"] = scored
        presets[name] = entry
    result["presets"] = presets
    col.close(downgrade=False)
    shutil.rmtree(work)
    return result


def main() -> None:
    if len(sys.argv) != 2 or not CLOCK_FILE or os.environ.get("TZ") != "America/New_York":
        sys.exit("usage: reference.py DIRECTORY  (run through run.sh)")
    directory = os.path.abspath(sys.argv[1])
    live = os.path.join(directory, "collection.anki2")
    before = stored(live)
    card_ids = sorted(before["cards"])
    moments = {name: at_moment(live, epoch, card_ids) for name, epoch in MOMENTS.items()}
    after = stored(live)
    if after["revlog"] != before["revlog"] or after["cards"] != before["cards"]:
        sys.exit("the collection changed while Anki computed its numbers")

    config = before["config"]
    deck_configs = {}
    set_clock(MOMENTS["summer"])
    work = tempfile.mkdtemp(prefix="anki-settings-")
    copy = os.path.join(work, "collection.anki2")
    shutil.copyfile(live, copy)
    col = Collection(copy)
    for conf in col.decks.all_config():
        deck_configs[conf["name"]] = {
            "id": conf["id"],
            "fsrsParameters": list(conf.get("fsrsParams6") or []),
            "desiredRetention": conf["desiredRetention"],
            "learningStepsMinutes": conf["new"]["delays"],
            "relearningStepsMinutes": conf["lapse"]["delays"],
            "maximumIntervalDays": conf["rev"]["maxIvl"],
            "ignoreRevlogsBeforeDate": conf.get("ignoreRevlogsBeforeDate", ""),
            "historicalRetention": conf.get("sm2Retention", 0.9),
        }
    decks = {}
    for deck in col.decks.all():
        decks[str(deck["id"])] = {"name": deck["name"], "filtered": bool(deck["dyn"]),
                                  "preset": None if deck["dyn"] else col.decks.get_config(deck["conf"])["name"]}
    col.close(downgrade=False)
    shutil.rmtree(work)

    differences = [cid for cid in map(str, card_ids)
                   if moments["summer"]["memoryStates"][cid] != moments["winter"]["memoryStates"][cid]]
    cards = {}
    for cid in card_ids:
        card = before["cards"][cid]
        cards[str(cid)] = {**card, "revlog": before["revlog"].get(cid, [])}
    deleted = {str(cid): rows for cid, rows in before["revlog"].items() if cid not in before["cards"]}
    reference = {
        "made": "Benchmarks/compare/anki/run.sh (make_collection.py, then reference.py), Anki "
                + __import__("anki.buildinfo", fromlist=["version"]).version,
        "zone": "America/New_York",
        "revlogColumns": ["id", "button", "ivl", "lastIvl", "factor", "timeMs", "type"],
        "collection": {"crt": before["crt"], "creationOffset": config.get("creationOffset"),
                       "rollover": config.get("rollover"), "fsrs": config.get("fsrs")},
        "presets": deck_configs,
        "decks": decks,
        "cards": cards,
        "revlogOfDeletedCards": deleted,
        "moments": moments,
        "differences": {"cards": len(differences), "cardIds": differences},
    }
    with open(os.path.join(directory, "reference.json"), "w") as handle:
        json.dump(reference, handle, separators=(",", ":"), sort_keys=False)
        handle.write("\n")
    print(f"reference.json: {len(cards)} cards, {sum(len(c['revlog']) for c in cards.values())} revlog rows; "
          f"summer and winter memory states differ on {len(differences)} cards", file=sys.stderr)
    for name, moment in moments.items():
        for preset, entry in moment["presets"].items():
            print(f"  {name} {preset}: {entry['optimizer']['items']} items, kept current "
                  f"{entry['optimizer']['keptCurrent']}, evaluation {entry['evaluation']}, "
                  f"time series {entry['timeSeriesEvaluation']}", file=sys.stderr)


if __name__ == "__main__":
    main()
