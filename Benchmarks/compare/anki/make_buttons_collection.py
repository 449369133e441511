#!/usr/bin/env python3
"""A small collection answered through Anki's own scheduler, stopped in the middle of a
session, for the four-button reference (`anki_buttons_reference.py`): the reference collection
(`make_collection.py`) ends with every card new or in review, so the states it cannot show are
made here.

How it was run (and how to run it again), from the package root:

    python3 Benchmarks/compare/anki/make_buttons_collection.py OUT.anki2
    python3 Benchmarks/compare/anki/anki_buttons_reference.py OUT.anki2 \
        --at "2026-04-11 17:50:00" --tz America/New_York \
        --out Tests/ZhiXiSchedulerTests/Fixtures/anki-buttons-steps.json

(The first line prints the moment to give the second.) Needs Anki's Python library (26.09.3)
and libfaketime; the script runs itself under libfaketime in America/New_York, the clock frozen
at each moment it answers at, from 1 February 2026 for 70 days (across the March clock change).

What it holds (seeded: the same run gives the same collection):
- "Default" (steps 1m 10m, relearning 10m, new 2 a day): 150 Basic notes;
- "Long" (steps 10m 1d, no relearning steps, maximum interval 60 days, retention 0.85, Easy
  Days Mon–Fri normal, Sat reduced, Sun off, siblings of reviews buried, new 1 a day): 40
  "Basic (and reversed card)" notes;
- "Short" (no learning or relearning steps, so FSRS's short-term intervals apply; new 2 a day):
  40 Basic notes;
- answers Again 13 %, Hard 10 %, Good 67 %, Easy 10 %, each deck studied in turn once a day
  at a random hour, one day in ten skipped; on the last day, with no learning ahead, each deck
  stops after 30 answers leaning to Again, so cards are left in learning and relearning; and a
  review-ahead filtered deck (rescheduling) holds a few of Default's cards at the end.
"""
import datetime
import os
import random
import subprocess
import sys
import tempfile

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
CHILD = "ANKI_BUTTONS_COLLECTION_CLOCK"
START = datetime.datetime(2026, 2, 1, 8, 0, 0)
DAYS = 70


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    if os.path.exists(out):
        sys.exit(f"{out} exists: give a new file")
    if not os.environ.get(CHILD):
        with tempfile.TemporaryDirectory(prefix="anki-buttons-clock-") as folder:
            clock = os.path.join(folder, "clock")
            with open(clock, "w") as file:
                file.write(START.strftime("%Y-%m-%d %H:%M:%S") + "\n")
            environment = dict(os.environ, LD_PRELOAD=FAKETIME, FAKETIME_TIMESTAMP_FILE=clock, FAKETIME_NO_CACHE="1",
                               TZ="America/New_York", **{CHILD: clock})
            environment.pop("ANKI_TEST_MODE", None)
            sys.exit(subprocess.call([sys.executable, os.path.abspath(__file__), out], env=environment))
    make(out, os.environ[CHILD])


def make(out, clock):
    from anki.collection import Collection
    from anki.decks_pb2 import Deck

    def set_clock(moment):
        with open(clock, "w") as file:
            file.write(moment.strftime("%Y-%m-%d %H:%M:%S") + "\n")

    set_clock(START)
    col = Collection(out)
    col.set_config("fsrs", True)
    rng = random.Random(26)

    default = col.decks.config_dict_for_deck_id(1)
    default["new"]["perDay"] = 2
    col.decks.update_config(default)

    def preset(deck_name, name, change):
        deck_id = col.decks.id(deck_name)
        config_id = col.decks.add_config_returning_id(name)
        config = col.decks.get_config(config_id)
        change(config)
        col.decks.update_config(config)
        deck = col.decks.get(deck_id)
        deck["conf"] = config_id
        col.decks.save(deck)
        return deck_id

    def long(config):
        config["new"]["delays"], config["new"]["perDay"] = [10.0, 1440.0], 1
        config["lapse"]["delays"] = []
        config["rev"]["maxIvl"], config["rev"]["bury"] = 60, True
        config["desiredRetention"] = 0.85
        config["easyDaysPercentages"] = [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.0]

    def short(config):
        config["new"]["delays"], config["new"]["perDay"] = [], 2
        config["lapse"]["delays"] = []

    long_deck = preset("Long", "Long", long)
    short_deck = preset("Short", "Short", short)
    basic, reversed_ = col.models.by_name("Basic"), col.models.by_name("Basic (and reversed card)")
    for deck_id, model, count, prefix in ((1, basic, 150, "a"), (long_deck, reversed_, 40, "c"), (short_deck, basic, 40, "s")):
        for index in range(count):
            note = col.new_note(model)
            note["Front"], note["Back"] = f"{prefix}{index}", f"{prefix}{index}?"
            col.add_note(note, deck_id)

    now = START
    for day in range(DAYS):
        last = day == DAYS - 1
        if rng.random() < 0.1 and not last:
            continue
        now = START + datetime.timedelta(days=day, hours=rng.randint(0, 12), minutes=rng.randint(0, 59))
        if last:  # no learning ahead: cards are left in (re)learning, at every step
            col.set_config("collapseTime", 0)
        for deck_id in (1, long_deck, short_deck):
            col.decks.select(deck_id)
            for _ in range(30 if last else 600):
                set_clock(now)
                queued = col.sched.get_queued_cards()
                if not queued.cards:
                    break
                top = queued.cards[0]
                card = col.get_card(top.card.id)
                card.start_timer()
                weights = [0.35, 0.15, 0.4, 0.1] if last else [0.13, 0.10, 0.67, 0.10]
                rating = rng.choices([0, 1, 2, 3], weights)[0]
                col.sched.answer_card(col.sched.build_answer(card=card, states=top.states, rating=rating))
                now += datetime.timedelta(seconds=rng.randint(10, 90))
    ahead = col.sched.get_or_create_filtered_deck(deck_id=0)
    ahead.name = "Ahead"
    del ahead.config.search_terms[1:]
    ahead.config.search_terms[0].search = "deck:Default prop:due>=2 prop:due<=12"
    ahead.config.search_terms[0].limit = 6
    ahead.config.search_terms[0].order = Deck.Filtered.SearchTerm.Order.DUE
    ahead.config.reschedule = True
    col.sched.add_or_update_filtered_deck(ahead)
    set_clock(now)
    col.close(downgrade=False)
    print(f"wrote {out}; the last answer at {now:%Y-%m-%d %H:%M:%S} America/New_York")


if __name__ == "__main__":
    main()
