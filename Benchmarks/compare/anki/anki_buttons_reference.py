#!/usr/bin/env python3
"""What Anki's own scheduler would do, at one fixed moment, for every card of a collection and
each of the four answer buttons: the reference that `zhixi-review states --preview` and the
scheduler's `.anki` rules are held to (Tests/ZhiXiSchedulerTests/Fixtures/anki-buttons-*.json).

How it was run (and how to run it again), from the package root:

    python3 Benchmarks/compare/anki/anki_buttons_reference.py COLLECTION.anki2 \
        --at "2026-04-11 17:50:00" --tz America/New_York --out FIXTURE.json

Needs Anki's Python library (`pip install anki`; 26.09.3 was used) and libfaketime (Debian's
`faketime` package). The script copies the collection into a temporary folder (the input is
never opened for writing), then runs itself again under libfaketime with the clock frozen at
`--at` (local time of `--tz`), because Anki reads "now" from the system clock.

For each of two runs, the load balancer on and off (`col.load_balancer_enabled`), it builds
Anki's queues (`get_queued_cards`, which is where Anki builds its load balancer) and records for
every card that is not suspended:

- the card as Anki stores it (type, queue, due, interval, reps, lapses, left, the FSRS memory
  and last-review time of its `data` column, its deck and preset);
- Anki's scheduling states for the four buttons (`get_scheduling_states`): the next state's
  kind, its interval (`scheduled_days`, or `scheduled_secs` in (re)learning), its stability
  and difficulty, and the button's label (`describe_next_states`);
- what answering would store: each button answered (`answer_card`) and undone (`col.undo()`),
  reading the card's `due`, `ivl`, `type` and `queue` in between.

Once per card it also records Anki's *allowed range* per button: every interval any fuzz
factor or load-balancer choice could give. It is computed here from fsrs-rs's own f32
intervals (`fsrs_rs_python.FSRS.next_states`, the model Anki runs) with the constraints of
Anki's `rslib/src/scheduler/states/` (fuzz.rs: `constrained_fuzz_bounds`,
`minimum_review_fuzz_interval`; review.rs: Hard, Good, Easy each at least the previous one
plus a day; learning.rs and relearning.rs: Easy at least fuzzed Good plus a day), written
again here in float32 arithmetic; the script checks that Anki's actual interval lies inside it
and says so when one does not. Learning steps have no range (they are not day intervals).

The balancer's input is recorded as well: every card due on the 99 days from today
(`select id, nid, did, due from cards where due >= today and due < today + 99`, Anki's own
query), with its note and preset, and each preset's Easy Days, so a test can rebuild what
Anki balanced over.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
CHILD = "ANKI_BUTTONS_REFERENCE_CHILD"
BALANCE_DAYS = 99


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("collection", help="an Anki collection (collection.anki2); read, never written")
    parser.add_argument("--at", required=True, help='the moment, local time of --tz: "YYYY-MM-DD HH:MM:SS"')
    parser.add_argument("--tz", required=True, help="the time zone Anki runs in (e.g. America/New_York)")
    parser.add_argument("--out", required=True, help="where to write the reference JSON")
    return parser.parse_args()


def main():
    arguments = parse_arguments()
    if os.environ.get(CHILD):
        record(arguments)
        return
    if not os.path.exists(FAKETIME):
        sys.exit(f"libfaketime is needed at {FAKETIME} (apt-get install faketime)")
    with tempfile.TemporaryDirectory(prefix="anki-buttons-") as folder:
        copy = os.path.join(folder, "collection.anki2")
        shutil.copyfile(arguments.collection, copy)
        clock = os.path.join(folder, "clock")
        with open(clock, "w") as file:
            file.write(arguments.at + "\n")
        environment = dict(os.environ, LD_PRELOAD=FAKETIME, FAKETIME_TIMESTAMP_FILE=clock,
                           FAKETIME_NO_CACHE="1", TZ=arguments.tz, **{CHILD: copy})
        environment.pop("ANKI_TEST_MODE", None)  # it would turn Anki's fuzz off
        command = [sys.executable, os.path.abspath(__file__), arguments.collection, "--at", arguments.at,
                   "--tz", arguments.tz, "--out", os.path.abspath(arguments.out)]
        sys.exit(subprocess.call(command, env=environment))


# Anki's constraints, again, in float32 (see the module's description) ---------------------

def allowed_ranges(card, preset, next_states, np):
    f32 = np.float32
    maximum = max(int(preset["maximumInterval"]), 1)

    def fuzz_delta(interval):
        if interval < f32(2.5):
            return f32(0)
        delta = f32(1.0)
        for start, end, factor in ((2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, np.finfo(np.float32).max, 0.05)):
            delta = f32(delta + f32(factor) * max(f32(min(interval, f32(end)) - f32(start)), f32(0)))
        return delta

    def rust_round(value):
        return int(np.floor(np.abs(value) + f32(0.5)) * np.sign(value)) if value != 0 else 0

    def to_u32(value):
        return max(0, rust_round(value))

    def bounds(interval, minimum, maximum_):
        minimum = min(minimum, maximum_)
        interval = f32(min(max(f32(interval), f32(minimum)), f32(maximum_)))
        delta = fuzz_delta(interval)
        lower, upper = to_u32(f32(interval - delta)), to_u32(f32(interval + delta))
        lower, upper = min(max(lower, minimum), maximum_), min(max(upper, minimum), maximum_)
        if upper == lower and upper > 2 and upper < maximum_:
            upper = lower + 1
        return lower, upper

    def floor_by_previous(interval, previous):
        rounded = to_u32(interval)
        _, upper = bounds(interval, 1, maximum)
        if rounded > previous:
            return previous + 1
        return previous if previous <= upper else 0

    def rounded_at_least_one(interval):
        return f32(max(rust_round(f32(interval)), 1))

    def union(spans):
        return min(low for low, _ in spans), max(high for _, high in spans)

    intervals = {name: f32(getattr(next_states, name).interval) for name in ("again", "hard", "good", "easy")}
    ranges = {}
    if card["type"] == 2:  # review: each of Hard, Good, Easy above the previous interval and the one before
        previous = card["interval"]
        ranges["again"] = (max(rust_round(intervals["again"]), 1),) * 2  # not fuzzed until relearnt
        before = None
        for name in ("hard", "good", "easy"):
            floor = max(floor_by_previous(intervals[name], previous), 1)
            minimums = [floor] if before is None else [max(floor, value + 1) for value in range(before[0], before[1] + 1)]
            ranges[name] = union([bounds(intervals[name], min(max(m, 1), maximum), maximum) for m in minimums])
            before = ranges[name]
    else:  # new, (re)learning: graduating intervals; Easy above Good fuzzed from its unrounded interval
        for name in ("again", "hard", "good"):
            ranges[name] = bounds(rounded_at_least_one(intervals[name]), 1, maximum)
        good_low, good_high = bounds(intervals["good"], 1, maximum)
        ranges["easy"] = union([bounds(rounded_at_least_one(intervals["easy"]), min(g + 1, maximum), maximum)
                                for g in range(good_low, good_high + 1)])
    return ranges


def record(arguments):
    import numpy as np
    import anki
    import anki.buildinfo
    from anki.collection import Collection
    import fsrs_rs_python

    copy = os.environ[CHILD]
    col = Collection(copy)
    try:
        timing = col._backend.sched_timing_today()
        today, next_day_at = timing.days_elapsed, timing.next_day_at
        now = col.db.scalar("select cast(strftime('%s','now') as integer)")
        configs = {conf["id"]: conf for conf in col.decks.all_config()}
        decks = {deck["id"]: deck for deck in col.decks.all()}

        def preset_of(deck_id):
            deck = decks.get(deck_id)
            return None if deck is None or deck.get("dyn") else deck.get("conf", 1)

        presets = []
        for conf in configs.values():
            params = conf.get("fsrsParams6") or conf.get("fsrsParams5") or conf.get("fsrsWeights") or []
            presets.append({
                "id": conf["id"], "name": conf["name"], "parameters": params,
                "desiredRetention": conf["desiredRetention"],
                "learningStepsMinutes": conf["new"]["delays"], "relearningStepsMinutes": conf["lapse"]["delays"],
                "maximumInterval": conf["rev"]["maxIvl"], "easyDaysPercentages": conf.get("easyDaysPercentages") or [],
                "buryReviews": bool(conf["rev"].get("bury", False)),
            })
        window = [[cid, nid, preset_of(did), due - today] for cid, nid, did, due in col.db.all(
            "select id, nid, did, due from cards where due >= ? and due < ?", today, today + BALANCE_DAYS)]

        rows = col.db.all("select id, nid, did, odid, type, queue, due, odue, ivl, reps, lapses, left, data "
                          "from cards where queue != -1 order by id")
        cards = []
        for cid, nid, did, odid, kind, queue, due, odue, ivl, reps, lapses, left, data in rows:
            data = json.loads(data) if data else {}
            home = odid or did
            deck = decks[home]
            preset_id = preset_of(home)
            cards.append({
                "id": cid, "noteId": nid, "deckId": did, "originalDeckId": odid, "presetId": preset_id,
                # the deck's own desired retention (Anki 26.09), a percentage in the deck's legacy form
                "deckDesiredRetention": None if deck.get("desiredRetention") is None else deck["desiredRetention"] / 100,
                "type": kind, "queue": queue, "due": due, "originalDue": odue, "interval": ivl, "reps": reps,
                "lapses": lapses, "left": left, "stability": data.get("s"), "difficulty": data.get("d"),
                "lastReviewTime": data.get("lrt"), "buttons": {},
            })

        for balanced in (True, False):
            col.load_balancer_enabled = balanced
            col.sched.get_queued_cards()  # builds the queues, and with them the load balancer
            key = "loadBalanced" if balanced else "plain"
            states_by_card = {}
            for card in cards:
                states = col._backend.get_scheduling_states(card["id"])
                states_by_card[card["id"]] = states
                labels = col.sched.describe_next_states(states)
                card["buttons"][key] = {name: describe_state(getattr(states, name), labels[index])
                                        for index, name in enumerate(("again", "hard", "good", "easy"))}
            # What answering stores; after every state was read, so the balancer is as built.
            # Reopened, the collection has no queues, so a card answers off the queue.
            col.close(downgrade=False)
            col = Collection(copy)
            for card in cards:
                states = states_by_card[card["id"]]
                for index, name in enumerate(("again", "hard", "good", "easy")):
                    # The current state read again: an undo writes the memory back rounded, which can
                    # move a large stability by its last float32 bit, and Anki refuses an answer
                    # whose current state is not the card's.
                    current = col._backend.get_scheduling_states(card["id"]).current
                    answer = anki.scheduler_pb2.CardAnswer(
                        card_id=card["id"], current_state=current, new_state=getattr(states, name),
                        rating=index, answered_at_millis=now * 1000, milliseconds_taken=1000)
                    col.sched.answer_card(answer)
                    after = col.db.first("select due, ivl from cards where id = ?", card["id"])
                    col.undo()
                    outcome = card["buttons"][key][name]
                    outcome.update({"storedDue": after[0], "storedInterval": after[1]})

        outside = 0
        for card in cards:
            preset = next(p for p in presets if p["id"] == card["presetId"])
            if card["stability"] is None and card["type"] != 0:
                continue
            retention = card["deckDesiredRetention"] or preset["desiredRetention"]
            fsrs = fsrs_rs_python.FSRS(preset["parameters"] or list(fsrs_rs_python.DEFAULT_PARAMETERS))
            memory = None if card["stability"] is None else fsrs_rs_python.MemoryState(card["stability"], card["difficulty"])
            elapsed = max(next_day_at - card["lastReviewTime"], 0) // 86400 if card["lastReviewTime"] else 0
            card["elapsedDays"] = elapsed
            next_states = fsrs.next_states(memory, retention, elapsed)
            card["allowedRanges"] = {name: list(pair) for name, pair in allowed_ranges(card, preset, next_states, np).items()}
            for key, buttons in card["buttons"].items():
                for name, (low, high) in card["allowedRanges"].items():
                    days = buttons[name].get("scheduledDays")
                    if days is not None and not low <= days <= high:
                        outside += 1
                        print(f"note: card {card['id']} {key} {name}: Anki gave {days} outside the computed range {low}-{high}",
                              file=sys.stderr)

        reference = {
            "generator": "Benchmarks/compare/anki/anki_buttons_reference.py",
            "anki": f"{anki.buildinfo.version} ({anki.buildinfo.buildhash})",
            "collection": os.path.basename(arguments.collection), "at": arguments.at, "timeZone": arguments.tz,
            "now": now, "today": today, "nextDayAt": next_day_at, "rolloverHour": col.get_config("rollover", 4),
            "shortTermWithSteps": bool(col.get_config("fsrsShortTermWithStepsEnabled", False)),
            "presets": presets, "window": window, "cards": cards,
        }
    finally:
        col.close(downgrade=False)
    cards, window = reference.pop("cards"), reference.pop("window")
    with open(arguments.out, "w") as file:  # one card per line, floats as their float32 text
        compact = dict(separators=(",", ":"))
        file.write(json.dumps(reference, **compact)[:-1] + ',"window":' + json.dumps(window, **compact) + ',"cards":[\n')
        file.write(",\n".join(json.dumps(shorten(card, np), **compact) for card in cards) + "\n]}\n")
    print(f"{len(cards)} cards, today {today}, next day at {next_day_at}; "
          f"{outside} Anki intervals outside the computed ranges; wrote {arguments.out}", file=sys.stderr)


def shorten(value, np):
    """Floats written as the shortest text of their float32 (Anki's memory is float32)."""
    if isinstance(value, float):
        return float(str(np.float32(value)))
    if isinstance(value, dict):
        return {key: shorten(item, np) for key, item in value.items()}
    if isinstance(value, list):
        return [shorten(item, np) for item in value]
    return value


def describe_state(state, label):
    """One scheduling state: its kind, interval and memory, and Anki's label for it."""
    kind = state.WhichOneof("kind")
    if kind == "filtered":
        filtered = state.filtered
        if filtered.WhichOneof("kind") == "preview":
            return {"kind": "preview", "scheduledSecs": filtered.preview.scheduled_secs, "label": label}
        normal = filtered.rescheduling.original_state
    else:
        normal = state.normal
    which = normal.WhichOneof("kind")
    value = getattr(normal, which)
    result = {"kind": which, "label": label}
    if which == "review":
        result["scheduledDays"] = value.scheduled_days
        memory = value.memory_state if value.HasField("memory_state") else None
    elif which == "learning":
        result["scheduledSecs"] = value.scheduled_secs
        result["remainingSteps"] = value.remaining_steps
        memory = value.memory_state if value.HasField("memory_state") else None
    elif which == "relearning":
        result["scheduledSecs"] = value.learning.scheduled_secs
        result["remainingSteps"] = value.learning.remaining_steps
        result["reviewScheduledDays"] = value.review.scheduled_days
        memory = value.learning.memory_state if value.learning.HasField("memory_state") else None
    else:
        memory = None
    if memory is not None:
        result["stability"], result["difficulty"] = memory.stability, memory.difficulty
    return result


if __name__ == "__main__":
    main()
