#!/usr/bin/env python3
"""fsrs-rs's own fits per fold of the time-series evaluation, on the reference collection.

    python3 Benchmarks/compare/anki/fold_fits.py [Tests/Fixtures/Anki]

Needs fsrs-rs-python 0.9.3 (pip install fsrs-rs-python==0.9.3; it wraps fsrs 6.6.2, Anki
26.9.3 has 6.6.1), not Anki. Reads DIRECTORY/reference.json (made by run.sh) and, per moment
and preset:

1. builds the FSRS items of the preset's cards as Anki's optimizer does (a transcription of
   `reviews_for_fsrs` / `fsrs_items_for_training`, rslib/src/scheduler/fsrs/params.rs, with
   the days counted back from Anki's `next_day_at` at that moment), and checks them against
   Anki: the same item count as its `compute_fsrs_params`, and fsrs-rs's `evaluate` of the
   defaults and of Anki's fit on them equal to Anki's `evaluate_params_legacy`;
2. runs fsrs-rs's `evaluate_with_time_series_splits` on them as Anki's `evaluate_params`
   does (card ids, the preset's relearning steps in a day, 8 epochs) and compares it with
   Anki's figure;
3. fits each of the 5 splits' training items with fsrs-rs's `compute_parameters` (the same
   settings), the parameters evaluate_with_time_series_splits fits internally.

Writes DIRECTORY/fold-fits.json: per moment and preset, the item count, each split's
parameters, fsrs-rs's figure and Anki's. A Swift test scores the folds with these
parameters through ZhiXi's pooling and compares with both figures.
"""

from __future__ import annotations

import json
import os
import sys

import fsrs_rs_python as fsrs

HERE = os.path.dirname(os.path.abspath(__file__))


def items_for_training(rows: list[list[int]], next_day_at: int, ignore_before_ms: int):
    """Anki's reviews_for_fsrs(training=True): (revlog id, FSRSItem) pairs, or []."""
    first_learn = None
    for index in range(len(rows) - 1, -1, -1):
        id_ms, button, ivl, _last, factor, _time, kind = rows[index]
        if kind == 3 and factor == 0:  # cramming
            continue
        graded = button > 0
        if graded and kind == 0:
            first_learn = index
        elif kind == 4 and factor == 0:  # reset
            if first_learn is not None:
                break
            return []  # graded-after-reset without learning, or nothing: no training items
        elif first_learn is not None:
            break
    if first_learn is None or rows[first_learn][0] < ignore_before_ms:
        return []
    kept = [r for r in rows[first_learn:] if r[1] > 0 and not (r[6] == 3 and r[4] == 0)]

    def days_elapsed(row):
        return max(0, (next_day_at - row[0] // 1000) // 86400)

    items, reviews = [], []
    for index, row in enumerate(kept):
        delta = 0 if index == 0 else days_elapsed(kept[index - 1]) - days_elapsed(row)
        reviews.append(fsrs.FSRSReview(row[1], delta))
        if index >= 1 and delta > 0:
            items.append((row[0], fsrs.FSRSItem(list(reviews))))
    return items


def main() -> None:
    directory = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../Tests/Fixtures/Anki"))
    reference = json.load(open(os.path.join(directory, "reference.json")))
    decks = reference["decks"]
    out = {"made": "Benchmarks/compare/anki/fold_fits.py, fsrs-rs-python 0.9.3 (fsrs 6.6.2)", "moments": {}}
    for name, moment in reference["moments"].items():
        out["moments"][name] = {}
        for preset, figures in moment["presets"].items():
            triples = []
            for cid in sorted(reference["cards"], key=int):
                card = reference["cards"][cid]
                deck = card["originalDeck"] or card["deck"]
                if decks[str(deck)]["preset"] != preset or card["queue"] == -1:
                    continue
                for id_ms, item in items_for_training(card["revlog"], moment["nextDayAt"], figures["ignoreRevlogsBeforeMs"]):
                    triples.append((id_ms, int(cid), item))
            triples.sort(key=lambda t: t[0])
            items = [t[2] for t in triples]
            card_ids = [t[1] for t in triples]
            assert len(items) == figures["fit"]["items"], (name, preset, len(items), figures["fit"]["items"])
            for label in ("defaults", "fit"):
                params = figures["fit"]["parameters"] if label == "fit" else list(fsrs.DEFAULT_PARAMETERS)
                evaluation = fsrs.FSRS(params).evaluate(items)
                anki = figures["evaluation"][label]
                assert abs(evaluation.log_loss - anki["logLoss"]) < 1e-5, (name, preset, label, evaluation.log_loss, anki)
            steps = figures["relearningStepsWithinADay"]
            config = fsrs.TrainingConfig(num_epochs=8)
            series = fsrs.evaluate_with_time_series_splits(items, card_ids=card_ids, enable_short_term=True,
                                                           num_relearning_steps=steps, training_config=config)
            segment = len(items) // 6
            splits = []
            for split in range(5):
                end = (split + 1) * segment
                params = fsrs.FSRS(list(fsrs.DEFAULT_PARAMETERS)).compute_parameters(
                    items[:end], card_ids=card_ids[:end], enable_short_term=True, num_relearning_steps=steps,
                    training_config=config)
                splits.append({"trainingItems": end, "parameters": [float(p) for p in params]})
            out["moments"][name][preset] = {
                "items": len(items),
                "splits": splits,
                "fsrsRs": {"logLoss": series.log_loss, "rmseBins": series.rmse_bins},
                "anki": figures["timeSeriesEvaluation"],
            }
            print(f"{name} {preset}: {len(items)} items; fsrs-rs {series.log_loss:.6f} / {series.rmse_bins:.6f}, "
                  f"Anki {figures['timeSeriesEvaluation']['logLoss']:.6f} / {figures['timeSeriesEvaluation']['rmseBins']:.6f}",
                  file=sys.stderr)
    with open(os.path.join(directory, "fold-fits.json"), "w") as handle:
        json.dump(out, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
