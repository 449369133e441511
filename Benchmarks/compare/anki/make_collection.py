#!/usr/bin/env python3
"""A learner's Anki collection, answered through Anki's own scheduler.

Writes the reference collection of issue 26 (ZhiXi Review's Anki fixtures):
300 cards, 150 days from Monday 5 January 2026 in America/New_York (the clock
goes forward on 8 March, day 62), FSRS on, scheduler v3.  Every answer goes
through `col.sched.get_queued_cards()` and `col.sched.answer_card(...)`; Anki's
"now" is this process's clock, which libfaketime holds at the moment the script
chooses (a frozen epoch second in FAKETIME_TIMESTAMP_FILE, re-read on every
call because of FAKETIME_NO_CACHE=1).

Run it through `run.sh` (next to this file), which sets TZ, LD_PRELOAD and the
faketime variables and then runs `reference.py` on the result.  Run alone it
refuses to start unless the clock it sees is the one it wrote.

What the collection holds (all seeded: the same run gives the same scheduling):
- two presets: "Languages" (empty FSRS parameters = FSRS-6 defaults, desired
  retention 0.90, steps 1m 10m, relearning 10m) for the decks "Languages" and
  "Languages::Verbs"; "Science" (explicit parameters, desired retention 0.85,
  steps 10m 1h, relearning 10m 1h, maximum interval 365 days, "ignore reviews
  before" 2026-01-10) for the deck "Science";
- 300 cards: "Basic" notes (98 in Languages, 30 in Languages::Verbs, 100 in
  Science at the start, 8 in Languages on day 147, 4 in Science on day 149)
  and 30 "Basic (and reversed card)" notes in Languages::Verbs;
- a learner whose answers are drawn from each card's own retrievability under
  a hidden FSRS-6 memory (the learner's true parameters, per-card difficulty
  spread), with Hard and Easy among the successes, one to two sessions a day at
  varied hours (some near the 4 am rollover), some days skipped;
- a cram filtered deck without rescheduling (days 45 and 120), a review-ahead
  filtered deck with rescheduling (day 80), Set Due Date on new cards (day 20)
  and on review cards (days 60 and 100, one with "!" that sets the interval),
  Forget on review cards (day 70, relearned after; day 149, not), suspended
  cards (day 90, two unsuspended on day 110), a deleted note of each kind (day
  130: their revlog rows stay), notes added late (day 147) and never studied
  (day 149), and cards buried by hand on the last day;
- after the history, the Science preset's parameters set to Anki's own fit
  improved on Anki's own scorer (`polish_science_parameters`), so that Anki's
  optimizer keeps them; the Languages preset keeps empty parameters.

The learner's random draws are seeded; filtered decks take cards in the order
they were added or by due date and Set Due Date is given single days, because
Anki draws those at random otherwise: two runs give the same revlog, cards and
memory states (Anki's RMSE figures may differ in the last float32 bit: it sums
its bins in hash order).

Output directory (argument 1) gets `collection.anki2` (the live SQLite file as
Anki leaves it on closing: checkpointed, still in WAL mode), `current.colpkg`, `legacy.colpkg`,
`current.apkg`, `legacy.apkg` (all with scheduling, without media) and
`history.json` (what was done on which day, for the reader of the fixture).
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import sys
import tempfile
import time

from anki.collection import Collection
from anki.import_export_pb2 import ExportAnkiPackageOptions
from anki.scheduler_pb2 import CardAnswer

START_EPOCH = 1767618000  # 2026-01-05 08:00:00 EST (-05:00)
DAYS = 150
SEED = 2026_26
ZONE = "America/New_York"
ROLLOVER_HOUR = 4
CLOCK_FILE = os.environ.get("FAKETIME_TIMESTAMP_FILE", "")
EVENT_DAYS = (20, 45, 60, 70, 80, 90, 100, 110, 120, 130, 147, 149)  # never skipped

# The learner's true memory (hidden from Anki): FSRS-6 parameters unlike the
# defaults, so that fitting has something to find.
TRUE_W = [
    0.35, 1.6, 4.2, 14.0, 6.6, 0.55, 2.4, 0.012, 1.75, 0.12, 0.95,
    1.7, 0.09, 0.33, 1.9, 0.25, 2.6, 0.55, 0.12, 0.08, 0.18,
]
# The Science preset's parameters during the history (an older fit); after it,
# polish_science_parameters replaces them.
SCIENCE_W = [
    0.3, 1.4, 3.9, 13.0, 6.8, 0.5, 2.2, 0.01, 1.6, 0.13, 0.9,
    1.8, 0.1, 0.35, 1.8, 0.3, 2.5, 0.5, 0.15, 0.1, 0.2,
]


def set_clock(epoch_seconds: int) -> None:
    """Moves this process's clock (libfaketime reads the file on every call)."""
    with open(CLOCK_FILE + ".tmp", "w") as handle:
        handle.write(f"{epoch_seconds}\n")
    os.replace(CLOCK_FILE + ".tmp", CLOCK_FILE)
    seen = int(time.time())
    if seen != epoch_seconds:
        sys.exit(f"the clock did not move: wrote {epoch_seconds}, read {seen} "
                 "(run through run.sh: LD_PRELOAD libfaketime, FAKETIME_NO_CACHE=1, FAKETIME_FMT=%s)")


def local_epoch(day: int, hour: float) -> int:
    """The epoch second of `hour` (local, may pass 24) on study day `day`."""
    base = time.mktime(time.strptime("2026-01-05 00:00:00", "%Y-%m-%d %H:%M:%S"))
    tm = time.localtime(base + day * 86400 + 12 * 3600)  # noon of that day, local
    midnight = time.mktime((tm.tm_year, tm.tm_mon, tm.tm_mday, 0, 0, 0, 0, 0, -1))
    return int(midnight + hour * 3600)


class HiddenMemory:
    """The learner's own FSRS-6 memory of one card (what Anki never sees)."""

    def __init__(self, spread: float) -> None:
        self.stability: float | None = None
        self.difficulty = 5.0
        self.last_seconds: int | None = None
        self.spread = spread  # > 1: harder card for this learner

    @staticmethod
    def retrievability(elapsed_days: float, stability: float) -> float:
        decay = TRUE_W[20]
        factor = 0.9 ** (-1 / decay) - 1
        return (1 + factor * elapsed_days / stability) ** (-decay)

    def recall_probability(self, now: int) -> float:
        if self.stability is None or self.last_seconds is None:
            return 0.0
        elapsed = max(0.0, (now - self.last_seconds) / 86400)
        return self.retrievability(elapsed * self.spread, self.stability)

    def update(self, now: int, rating: int) -> None:
        w = TRUE_W

        def initial_difficulty(g: int) -> float:
            return w[4] - math.exp(w[5] * (g - 1)) + 1

        if self.stability is None:
            self.stability = w[rating - 1]
            self.difficulty = min(10.0, max(1.0, initial_difficulty(rating)))
            self.last_seconds = now
            return
        elapsed = max(0.0, (now - (self.last_seconds or now)) / 86400)
        s, d = self.stability, self.difficulty
        if elapsed < 1:
            sinc = math.exp(w[17] * (rating - 3 + w[18])) * s ** (-w[19])
            if rating >= 3:
                sinc = max(sinc, 1.0)
            s = s * sinc
        else:
            r = self.retrievability(elapsed * self.spread, s)
            if rating == 1:
                s = min(w[11] * d ** (-w[12]) * ((s + 1) ** w[13] - 1) * math.exp(w[14] * (1 - r)),
                        s / math.exp(w[17] * w[18]))
            else:
                hard = w[15] if rating == 2 else 1.0
                easy = w[16] if rating == 4 else 1.0
                s = s * (1 + math.exp(w[8]) * (11 - d) * s ** (-w[9])
                         * (math.exp(w[10] * (1 - r)) - 1) * hard * easy)
        delta = -w[6] * (rating - 3)
        d = d + delta * (10 - d) / 9
        d = w[7] * initial_difficulty(4) + (1 - w[7]) * d
        self.stability = max(0.01, s)
        self.difficulty = min(10.0, max(1.0, d))
        self.last_seconds = now


class Learner:
    def __init__(self, col: Collection, rng: random.Random) -> None:
        self.col = col
        self.rng = rng
        self.memory: dict[int, HiddenMemory] = {}
        self.answers = 0

    def memory_of(self, card_id: int) -> HiddenMemory:
        if card_id not in self.memory:
            self.memory[card_id] = HiddenMemory(spread=math.exp(self.rng.gauss(0, 0.45)))
        return self.memory[card_id]

    def forget(self, card_id: int) -> None:
        """After Anki's Forget the learner keeps some memory, but not all."""
        memory = self.memory_of(card_id)
        if memory.stability is not None:
            memory.stability *= 0.3

    def choose(self, card_id: int, now: int) -> int:
        memory = self.memory_of(card_id)
        if memory.stability is None:
            # a card seen for the first time: mostly Again or Good
            roll = self.rng.random()
            return 1 if roll < 0.35 else 2 if roll < 0.45 else 3 if roll < 0.9 else 4
        if self.rng.random() >= memory.recall_probability(now):
            return 1
        roll = self.rng.random()
        return 2 if roll < 0.12 else 4 if roll > 0.9 else 3

    def session(self, start: int, limit: int = 500) -> tuple[int, int]:
        """Answers what Anki offers from the current deck until it offers
        nothing; returns (answers, end time)."""
        now = start
        answered = 0
        while answered < limit:
            set_clock(now)
            queued = self.col.sched.get_queued_cards(fetch_limit=1)
            if not queued.cards:
                break
            entry = queued.cards[0]
            card_id = entry.card.id
            rating = self.choose(card_id, now)
            states = entry.states
            new_state = {1: states.again, 2: states.hard, 3: states.good, 4: states.easy}[rating]
            taken_ms = int(min(60_000, self.rng.lognormvariate(math.log(7000), 0.5)))
            now += max(1, taken_ms // 1000)
            set_clock(now)
            answer = CardAnswer(
                card_id=card_id,
                current_state=states.current,
                new_state=new_state,
                rating=rating - 1,  # CardAnswer.AGAIN == 0
                answered_at_millis=now * 1000 + self.rng.randrange(1000),
                milliseconds_taken=taken_ms,
            )
            self.col.sched.answer_card(answer)
            self.memory_of(card_id).update(now, rating)
            answered += 1
            self.answers += 1
            now += self.rng.randrange(2, 6)
        return answered, now


def configure(col: Collection) -> dict:
    col.set_config("fsrs", True)
    col.set_config("rollover", ROLLOVER_HOUR)
    decks = col.decks

    languages_conf = decks.get_config(1)
    languages_conf["name"] = "Languages"
    languages_conf["new"]["delays"] = [1.0, 10.0]
    languages_conf["new"]["perDay"] = 6
    languages_conf["new"]["bury"] = True  # bury new siblings
    languages_conf["lapse"]["delays"] = [10.0]
    languages_conf["rev"]["perDay"] = 9999
    languages_conf["desiredRetention"] = 0.9
    languages_conf["fsrsParams6"] = []
    decks.update_config(languages_conf)

    science_id = decks.add_config_returning_id("Science")
    science_conf = decks.get_config(science_id)
    science_conf["new"]["delays"] = [10.0, 60.0]
    science_conf["new"]["perDay"] = 4
    science_conf["lapse"]["delays"] = [10.0, 60.0]
    science_conf["rev"]["perDay"] = 9999
    science_conf["rev"]["maxIvl"] = 365
    science_conf["desiredRetention"] = 0.85
    science_conf["fsrsParams6"] = SCIENCE_W
    science_conf["ignoreRevlogsBeforeDate"] = "2026-01-10"
    decks.update_config(science_conf)

    ids = {}
    for name in ("Languages", "Languages::Verbs", "Science"):
        ids[name] = decks.id(name)
    science_deck = decks.get(ids["Science"])
    science_deck["conf"] = science_id
    decks.save(science_deck)
    return ids


def add_notes(col: Collection, deck_ids: dict, rng: random.Random) -> None:
    basic = col.models.by_name("Basic")
    reversed_ = col.models.by_name("Basic (and reversed card)")
    layout = [("Languages", basic, 98), ("Languages::Verbs", reversed_, 30),
              ("Science", basic, 100), ("Languages::Verbs", basic, 30)]
    for deck, model, count in layout:
        add_basic_notes(col, deck_ids[deck], model, count)


def add_basic_notes(col: Collection, deck_id: int, model: dict, count: int) -> None:
    for _ in range(count):
        number = col.note_count() + 1
        note = col.new_note(model)
        note["Front"] = f"front {number}"
        note["Back"] = f"back {number}"
        col.add_note(note, deck_id)


def study_deck(learner: Learner, deck_id: int, start: int) -> int:
    learner.col.decks.select(deck_id)
    _, end = learner.session(start)
    return end


def filtered_deck(col: Collection, name: str, search: str, limit: int, reschedule: bool) -> int:
    """A filtered deck whose cards do not depend on chance (Anki's "random"
    order is SQLite's random(): cards in the order they were added, or due)."""
    from anki.decks_pb2 import Deck
    deck = col.sched.get_or_create_filtered_deck(deck_id=0)
    deck.name = name
    del deck.config.search_terms[1:]
    deck.config.search_terms[0].search = search
    deck.config.search_terms[0].limit = limit
    deck.config.search_terms[0].order = (Deck.Filtered.SearchTerm.Order.DUE if reschedule
                                         else Deck.Filtered.SearchTerm.Order.ADDED)
    deck.config.reschedule = reschedule
    return col.sched.add_or_update_filtered_deck(deck).id


def polish_science_parameters(col: Collection) -> None:
    """The user's Science parameters, typed in after the history: Anki's own
    fit, then improved by a coordinate search on Anki's own scorer
    (`evaluate_params_legacy`, the score Anki's optimizer compares).  They
    score better than a fit on the same items, so an optimizer that follows
    Anki's rule keeps them."""
    conf = next(c for c in col.decks.all_config() if c["name"] == "Science")
    search = 'preset:"Science" -is:suspended'
    import calendar
    ignore = calendar.timegm(time.strptime(conf["ignoreRevlogsBeforeDate"], "%Y-%m-%d")) * 1000
    fit = list(col._backend.compute_fsrs_params(
        search=search, current_params=[1.0, 2.0, 3.0], ignore_revlogs_before_ms=ignore,
        num_of_relearning_steps=len(conf["lapse"]["delays"]), health_check=False).params)

    def score(params: list[float]) -> float:
        return col._backend.evaluate_params_legacy(
            params=params, search=search, ignore_revlogs_before_ms=ignore).log_loss

    best, best_score = fit, score(fit)
    for step in (0.08, 0.04, 0.02, 0.01):
        for index in range(20):  # the decay (index 20) stays
            for sign in (1, -1):
                trial = list(best)
                trial[index] = round(trial[index] * (1 + sign * step), 4)
                try:
                    trial_score = score(trial)
                except Exception:
                    continue
                if trial_score < best_score:
                    best, best_score = trial, trial_score
    conf["fsrsParams6"] = [round(x, 4) for x in best]
    col.decks.update_config(conf)
    print(f"Science parameters: fit scores {score(fit):.6f}, polished {score(conf['fsrsParams6']):.6f}",
          file=sys.stderr)


def card_ids(col: Collection, search: str) -> list[int]:
    return sorted(col.find_cards(search))


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: make_collection.py OUTPUT_DIRECTORY  (run through run.sh)")
    if os.environ.get("TZ") != ZONE or not CLOCK_FILE or os.environ.get("FAKETIME_NO_CACHE") != "1":
        sys.exit("run through run.sh: TZ=America/New_York and libfaketime with FAKETIME_NO_CACHE=1")
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    rng = random.Random(SEED)
    work = tempfile.mkdtemp(prefix="anki-reference-")
    path = os.path.join(work, "collection.anki2")

    set_clock(START_EPOCH)
    col = Collection(path)
    deck_ids = configure(col)
    col.close()
    col = Collection(path)  # reopened: the rollover hour is read afresh
    add_notes(col, deck_ids, rng)
    learner = Learner(col, rng)
    history: list[dict] = []

    def log(day: int, what: str, cards: list[int] | None = None) -> None:
        history.append({"day": day, "what": what, **({"cards": cards} if cards else {})})

    todays: list[int] = []
    for day in range(DAYS):
        # the learner's first session of the day
        roll = rng.random()
        if day > 3 and roll < 0.07 and day not in EVENT_DAYS:
            log(day, "skipped")
            continue
        slot = rng.random()
        if slot < 0.4:
            hour = rng.uniform(3.0, 5.5)   # around the 4 am rollover
        elif slot < 0.7:
            hour = rng.uniform(7.0, 12.0)
        else:
            hour = rng.uniform(18.0, 23.5)
        now = local_epoch(day, hour)
        set_clock(now)
        # Anki's "today" must follow this process's clock: the local date of
        # (now - rollover hour), counted from the day the collection was made.
        shifted = time.localtime(now - ROLLOVER_HOUR * 3600)
        expected = (time.mktime((shifted.tm_year, shifted.tm_mon, shifted.tm_mday, 12, 0, 0, 0, 0, -1))
                    - time.mktime((2026, 1, 5, 12, 0, 0, 0, 0, -1)))
        if col.sched.today != round(expected / 86400):
            sys.exit(f"day {day}: Anki's today is {col.sched.today}, expected {round(expected / 86400)}")
        todays.append(col.sched.today)

        if day == 60:
            due_now = card_ids(col, "deck:Languages is:review -is:due")[:10]
            col.sched.set_due_date(due_now, "0")
            later = card_ids(col, "deck:Science is:review")[:5]
            col.sched.set_due_date(later, "8")
            changed = card_ids(col, "deck:Science is:review")[10:13]
            col.sched.set_due_date(changed, "7!")
            log(day, "set due date 0 / 8 / 7!", due_now + later + changed)
        if day == 70:
            forgotten = card_ids(col, "is:review -is:suspended")[5:17]
            col.sched.schedule_cards_as_new(forgotten, restore_position=False, reset_counts=False)
            for cid in forgotten:
                learner.forget(cid)
            log(day, "forget (relearned later)", forgotten)
        if day == 90:
            suspended = card_ids(col, "is:review")[40:48]
            col.sched.suspend_cards(suspended)
            log(day, "suspend", suspended)
        if day == 20:
            new_due = card_ids(col, "is:new")[-5:]
            col.sched.set_due_date(new_due, "3")
            log(day, "set due date on new cards", new_due)
        if day == 100:
            changed = card_ids(col, "deck:Languages* is:review -is:suspended")[20:25]
            col.sched.set_due_date(changed, "2")
            log(day, "set due date 2", changed)
        if day == 147:
            before = set(card_ids(col, ""))
            add_basic_notes(col, deck_ids["Languages"], col.models.by_name("Basic"), 8)
            log(day, "notes added late", sorted(set(card_ids(col, "")) - before))
        if day == 110:
            back = card_ids(col, "is:suspended")[:2]
            col.sched.unsuspend_cards(back)
            log(day, "unsuspend", back)
        if day == 130:
            rev_note = col.get_card(card_ids(col, "note:\"Basic (and reversed card)\" is:review")[0]).nid
            basic_note = col.get_card(card_ids(col, "deck:Science is:review")[-1]).nid
            deleted = card_ids(col, f"nid:{rev_note},{basic_note}")
            col.remove_notes([rev_note, basic_note])
            log(day, "delete notes", deleted)

        now = study_deck(learner, deck_ids["Languages"], now)
        now = study_deck(learner, deck_ids["Science"], now)

        if day in (45, 120):
            name = "Cram" if day == 45 else "Cram 2"
            search = "deck:Languages* is:review" if day == 45 else "deck:Science is:review"
            did = filtered_deck(col, name, search, 40, reschedule=False)
            cram = card_ids(col, f"did:{did}")
            now = study_deck(learner, did, now + 60)
            col.sched.empty_filtered_deck(did)
            col.decks.remove([did])
            log(day, f"cram without rescheduling ({name})", cram)
        if day == 80:
            did = filtered_deck(col, "Ahead", "deck:Science prop:due>=1 prop:due<=10", 30, reschedule=True)
            ahead = card_ids(col, f"did:{did}")
            now = study_deck(learner, did, now + 60)
            col.sched.empty_filtered_deck(did)
            col.decks.remove([did])
            log(day, "review ahead with rescheduling", ahead)

        # a second session for the learning cards, on half the days
        if rng.random() < 0.5:
            later = now + int(rng.uniform(2, 6) * 3600)
            if time.localtime(later).tm_mday == time.localtime(now).tm_mday:
                now = study_deck(learner, deck_ids["Languages"], later)
                now = study_deck(learner, deck_ids["Science"], now)

        if day == DAYS - 1:
            buried = card_ids(col, "is:review -is:suspended -is:buried")[:5]
            col.sched.bury_cards(buried, manual=True)
            log(day, "bury by hand", buried)
            forgotten = card_ids(col, "is:review -is:suspended -is:buried")[-3:]
            col.sched.schedule_cards_as_new(forgotten, restore_position=True, reset_counts=True)
            log(day, "forget (not relearned)", forgotten)
            before = set(card_ids(col, ""))
            add_basic_notes(col, deck_ids["Science"], col.models.by_name("Basic"), 4)
            log(day, "notes added, never studied", sorted(set(card_ids(col, "")) - before))
        log(day, f"studied until {time.strftime('%Y-%m-%d %H:%M:%S %z', time.localtime(now))}, Anki day {todays[-1]}")

    final = now + 60
    set_clock(final)
    polish_science_parameters(col)
    print(f"{learner.answers} answers, {col.card_count()} cards, "
          f"{col.db.scalar('select count() from revlog')} revlog rows", file=sys.stderr)

    # The exports, each with scheduling and without media.
    for name, legacy in (("current.apkg", False), ("legacy.apkg", True)):
        options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True,
                                           with_media=False, legacy=legacy)
        col.export_anki_package(out_path=os.path.join(out, name), options=options, limit=None)
    col.export_collection_package(os.path.join(out, "current.colpkg"), include_media=False, legacy=False)
    col.reopen()
    col.export_collection_package(os.path.join(out, "legacy.colpkg"), include_media=False, legacy=True)
    col.reopen()
    col.close(downgrade=False)
    # The live file as Anki leaves it on closing: checkpointed, still in WAL mode.
    shutil.copyfile(path, os.path.join(out, "collection.anki2"))
    with open(os.path.join(out, "history.json"), "w") as handle:
        json.dump({"start": START_EPOCH, "zone": ZONE, "rollover": ROLLOVER_HOUR,
                   "end": final, "seed": SEED, "trueParameters": TRUE_W,
                   "events": [e for e in history if "studied" not in e["what"] and e["what"] != "skipped"],
                   "skippedDays": [e["day"] for e in history if e["what"] == "skipped"],
                   "ankiDayOfStudyDay": todays},
                  handle, indent=1)
        handle.write("\n")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
