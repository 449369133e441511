#!/usr/bin/env python3
"""How often `zhixi-review states` agrees with Anki on the collections of issue 36
(Tests/Fixtures/Anki/sydney and berlin, make_settings_collections.py), run without a flag as a
learner would, from every file: the measurement behind docs/ANKI.md's figures, for any build.

    python3 Benchmarks/compare/anki/settings_agreement.py [BINARY] [FIXTURES]

BINARY defaults to .build/release/zhixi-review, FIXTURES to Tests/Fixtures/Anki. An .apkg is run
with TZ set to the zone Anki imported it in (reference.json, `apkgImport`), every other file
with TZ=UTC (a collection keeps the offset Anki last saw). For each file it prints:

- memory: cards whose stability and difficulty are within 1e-3 of Anki's `compute_memory_state`,
  of the cards both have a state for;
- due: review cards whose `due` (the replay's), and `stored.due` when the build prints it, falls
  on the day Anki has the card due on (the start of that day, give or take a clock change's hour);
- buttons (`--preview`): of the review cards, Hard, Good and Easy equal to the interval Anki
  shows, and how many fall outside Anki's allowed range; of the cards in learning or relearning,
  the buttons whose state and interval are Anki's.
"""
import json
import os
import subprocess
import sys
from datetime import datetime, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ("collection.anki2", "current.colpkg", "legacy.colpkg", "current.apkg", "legacy.apkg")


def states(binary, path, moment, zone, extra):
    environment = dict(os.environ, TZ=zone, LANG="C.UTF-8")
    result = subprocess.run([binary, "states", path, "--now", moment, "--format", "json", *extra],
                            capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        sys.exit(f"{path}: exit {result.returncode}: {result.stderr}")
    return {card["cardId"]: card for card in json.loads(result.stdout)}


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../.build/release/zhixi-review"))
    fixtures = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "../../../Tests/Fixtures/Anki"))
    for name in ("sydney", "berlin"):
        with open(os.path.join(fixtures, name, "reference.json")) as handle:
            reference = json.load(handle)
        epoch = reference["moment"]["epoch"]
        moment = datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        for file in FILES:
            package = file.endswith(".apkg")
            anki_states = reference["apkgImport"]["memoryStates"] if package else reference["memoryStates"]
            with open(os.path.join(fixtures, name, "apkg-buttons.json" if package else "buttons.json")) as handle:
                buttons = json.load(handle)
            zone = reference["apkgImport"]["zone"] if package else "UTC"
            path = os.path.join(fixtures, name, file)
            ours = states(binary, path, moment, zone, ["--preview"])
            agree = compared = 0
            for card_id, state in anki_states.items():
                mine = ours.get(card_id)
                if state is None or mine is None or mine.get("stability") is None:
                    continue
                compared += 1
                if abs(mine["stability"] - state["stability"]) <= 1e-3 and abs(mine["difficulty"] - state["difficulty"]) <= 1e-3:
                    agree += 1
            until_next_day = buttons["nextDayAt"] - buttons["now"]
            exact = {"hard": 0, "good": 0, "easy": 0}
            outside = reviews = steps = steps_exact = due_replay = due_stored = 0
            for card in buttons["cards"]:
                mine = ours.get(str(card["id"]))
                if mine is None:
                    continue
                if card["type"] == 2:
                    reviews += 1
                    # Anki's due day, as days after the day that ends at nextDayAt (a start of day
                    # may move by a clock change's hour, so the days are rounded).
                    days_after = (card["originalDue"] or card["due"]) - buttons["today"] - 1
                    due_replay += round((parse(mine["due"]) - buttons["nextDayAt"]) / 86400) == days_after
                    if "stored" in mine and mine["stored"].get("due"):
                        due_stored += round((parse(mine["stored"]["due"]) - buttons["nextDayAt"]) / 86400) == days_after
                for button in ("again", "hard", "good", "easy"):
                    theirs = card["buttons"]["loadBalanced"][button]
                    preview = mine["preview"][button]
                    days, seconds = preview.get("intervalDays"), preview.get("intervalSeconds")
                    expected_days, expected_seconds = theirs.get("scheduledDays"), None
                    if theirs["kind"] != "review" and theirs.get("scheduledSecs") is not None:
                        secs = theirs["scheduledSecs"]
                        if secs >= until_next_day:
                            expected_days = (secs - until_next_day) // 86400 + 1
                        else:
                            expected_days, expected_seconds = None, secs
                    same = preview["state"] == theirs["kind"] and days == expected_days and seconds == expected_seconds
                    if card["type"] == 2 and button != "again":
                        exact[button] += same
                        low, high = card.get("allowedRanges", {}).get(button, [None, None])
                        if days is not None and low is not None and not low <= days <= high:
                            outside += 1
                    elif card["type"] in (1, 3):
                        steps += 1
                        steps_exact += same
            stored = f", stored due {due_stored}/{reviews}" if due_stored else ""
            print(f"{name} {file}: memory {agree}/{compared}; due {due_replay}/{reviews}{stored}; buttons of {reviews} review "
                  f"cards: hard {exact['hard']}, good {exact['good']}, easy {exact['easy']}, outside Anki's range {outside}; "
                  f"(re)learning buttons {steps_exact}/{steps}")


def parse(text):
    return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp())


if __name__ == "__main__":
    main()
