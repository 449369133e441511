#!/usr/bin/env python3
"""Collections made the way real ones are, answered through Anki's own scheduler, with Anki's own
figures beside them: the fixtures of issue 36 (Tests/Fixtures/Anki/<name>/).

    python3 Benchmarks/compare/anki/make_settings_collections.py NAME [OUTPUT_DIRECTORY]

NAME is `sydney` (Australia/Sydney, "next day starts at" 02:00, 1 March to 14 October 2026:
the clock goes back on 5 April and forward on 4 October) or `berlin` (Europe/Berlin, 04:00,
16 March to 3 November 2026: forward on 29 March, back on 25 October). The output directory
defaults to Tests/Fixtures/Anki/NAME. Needs Anki's Python library (26.9.3), fsrs-rs-python and
numpy (for anki_buttons_reference.py) and libfaketime; takes a few minutes.

The script runs itself under libfaketime (TZ the collection's zone, the clock moved by the
learner), answering every card through `get_queued_cards` and `answer_card` as make_collection.py
does (its learner, with a hidden FSRS-6 memory). What the collection holds, seeded:

- presets: "Default" (FSRS-6 defaults until re-optimised on day 150, retention 0.90, changed to
  0.92 on day 50 with "reschedule cards on change"; steps 1m 10m, relearning 10m) for the deck
  tree "Languages", "Languages::French" (its own desired retention, 0.95) and
  "Languages::French::Verbs"; "Science" (its own parameters, re-optimised on day 90 with
  reschedule; retention 0.85; steps 10m 1h, relearning 10m; maximum interval 120 days; "ignore
  reviews before" the 12th day; Easy Days: Saturday reduced, Sunday off; leeches suspended after
  4 lapses) for "Science" and "Science::Physics"; "Vocab" (re-optimised on day 120 with
  reschedule; steps 2m 15m, no relearning steps; siblings of new, review and interday learning
  cards buried) for "Vocab", which holds "Basic (and reversed card)" notes;
- Set Due Date (day 25), Forget (day 70), two notes deleted (day 110, their revlog stays), a
  cram deck without rescheduling (day 130, emptied), cards suspended by hand (day 170);
- each day starts as Anki's main window starts it (`sched_timing_today`: the cards buried the day
  before come back);
- on the last day, notes are added and every deck's session stops early, leaning to Again (cards
  left at every learning and relearning step, siblings buried); more notes are added and never
  studied, three cards are buried by hand, and a review-ahead filtered deck that reschedules is
  left standing after six of its cards were answered.

It writes: `collection.anki2` and `collection.anki2-wal` (the live profile file copied while Anki
holds it open: the changes after the last day's sessions are only in the write-ahead log), `current.colpkg`,
`legacy.colpkg`, `current.apkg`, `legacy.apkg` (scheduling and presets, no media), and Anki's
figures at the moment one minute after the last answer (the same study day):

- `reference.json`: the moment (`today`, `nextDayAt`), `compute_memory_state` of every card, the
  card sets of Anki's searches (`deck:"NAME" -is:suspended` for every deck, `preset:"NAME"
  -is:suspended` for every preset, `-is:suspended`), each preset's settings and each deck's own
  retention, the learner's history (`events`); and `apkgImport`: `current.apkg` imported with
  its scheduling into a new profile (FSRS on, its Default preset the collection's, every other
  setting Anki's default: an import never replaces a preset the profile has, and Default is id 1
  in both) on a machine in the other collection's zone at the same moment, its `today`, `nextDayAt`, memory states and
  each card's due day relative to today;
- `buttons.json` and `apkg-buttons.json`: anki_buttons_reference.py on the collection and on the
  imported profile at that moment: each card as stored and Anki's four buttons, load-balanced
  and not.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
FAKETIME = os.environ.get("FAKETIME_LIB", "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
CHILD = "ANKI_SETTINGS_COLLECTION_STEP"

COLLECTIONS = {
    "sydney": {"zone": "Australia/Sydney", "rollover": 2, "start": (2026, 3, 1), "days": 228, "seed": 36_1,
               "importZone": "Europe/Berlin"},
    "berlin": {"zone": "Europe/Berlin", "rollover": 4, "start": (2026, 3, 16), "days": 233, "seed": 36_2,
               "importZone": "Australia/Sydney"},
}
SCIENCE_W = [
    0.3, 1.4, 3.9, 13.0, 6.8, 0.5, 2.2, 0.01, 1.6, 0.13, 0.9,
    1.8, 0.1, 0.35, 1.8, 0.3, 2.5, 0.5, 0.15, 0.1, 0.2,
]


def main() -> None:
    step = os.environ.get(CHILD)
    if step:
        name, out, work = sys.argv[1], sys.argv[2], sys.argv[3]
        {"history": history, "figures": figures, "import": import_package}[step](COLLECTIONS[name], out, work)
        return
    if len(sys.argv) not in (2, 3) or sys.argv[1] not in COLLECTIONS:
        sys.exit(__doc__)
    name = sys.argv[1]
    setup = COLLECTIONS[name]
    out = os.path.abspath(sys.argv[2] if len(sys.argv) == 3 else os.path.join(HERE, "../../../Tests/Fixtures/Anki", name))
    os.makedirs(out, exist_ok=True)
    if not os.path.exists(FAKETIME):
        sys.exit(f"libfaketime is needed at {FAKETIME} (apt-get install faketime)")
    with tempfile.TemporaryDirectory(prefix=f"anki-{name}-") as work:
        start = datetime.datetime(*setup["start"], 8, 0, tzinfo=ZoneInfo(setup["zone"]))
        run_step("history", name, out, work, setup["zone"], int(start.timestamp()))
        with open(os.path.join(work, "moment")) as handle:
            moment = int(handle.read())
        run_step("figures", name, out, work, setup["zone"], moment)
        run_step("import", name, out, work, setup["importZone"], moment)
        for collection, zone, target in ((os.path.join(work, "closed.anki2"), setup["zone"], "buttons.json"),
                                         (os.path.join(work, "imported.anki2"), setup["importZone"], "apkg-buttons.json")):
            local = datetime.datetime.fromtimestamp(moment, ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M:%S")
            environment = {key: value for key, value in os.environ.items() if not key.startswith("FAKETIME")}
            subprocess.run([sys.executable, os.path.join(HERE, "anki_buttons_reference.py"), collection, "--at", local,
                            "--tz", zone, "--out", os.path.join(out, target)], check=True, env=environment)
    for file in os.listdir(out):
        os.chmod(os.path.join(out, file), 0o644)


def run_step(step: str, name: str, out: str, work: str, zone: str, epoch: int) -> None:
    clock = os.path.join(work, "clock")
    with open(clock, "w") as handle:
        handle.write(f"{epoch}\n")
    environment = dict(os.environ, LD_PRELOAD=FAKETIME, FAKETIME_TIMESTAMP_FILE=clock, FAKETIME_NO_CACHE="1",
                       FAKETIME_FMT="%s", TZ=zone, PYTHONHASHSEED="0", **{CHILD: step})
    environment.pop("ANKI_TEST_MODE", None)  # it would turn Anki's fuzz off
    subprocess.run([sys.executable, os.path.abspath(__file__), name, out, work], check=True, env=environment)


# Under libfaketime ---------------------------------------------------------------------------

def history(setup: dict, out: str, work: str) -> None:
    sys.path.insert(0, HERE)
    import make_collection as learning  # its learner and clock (FAKETIME_TIMESTAMP_FILE is set)
    from anki.collection import Collection, ExportAnkiPackageOptions

    zone = ZoneInfo(setup["zone"])
    first = datetime.date(*setup["start"])
    rng = random.Random(setup["seed"])
    path = os.path.join(work, "collection.anki2")

    def at(day: int, hour: float) -> int:
        local = datetime.datetime.combine(first + datetime.timedelta(days=day), datetime.time()) + datetime.timedelta(hours=hour)
        return int(local.replace(tzinfo=zone).timestamp())

    events: list[dict] = []

    def log(day: int, what: str, cards: list[int] | None = None) -> None:
        events.append({"day": day, "date": str(first + datetime.timedelta(days=day)), "what": what,
                       **({"cards": cards} if cards else {})})

    learning.set_clock(at(0, 8))
    col = Collection(path)
    col.set_config("fsrs", True)
    col.set_config("rollover", setup["rollover"])
    col.close()
    col = Collection(path)  # reopened: the rollover hour is read afresh
    ids = configure(col, first)
    add_notes(col, ids)
    learner = learning.Learner(col, rng)
    days = setup["days"]
    last = days - 1
    now = at(0, 8)
    for day in range(days):
        if day > 3 and rng.random() < 0.07 and day not in (25, 50, 70, 90, 110, 120, 130, 150, 170, last):
            continue
        slot = rng.random()
        rollover = setup["rollover"]
        if last == day:
            hour = 15.0
        elif slot < 0.35:
            hour = rng.uniform(rollover - 1.5, rollover + 1.5) % 24  # around the rollover, either side
        elif slot < 0.7:
            hour = rng.uniform(7.0, 12.0)
        else:
            hour = rng.uniform(17.0, 23.5)
        now = max(now + 60, at(day, hour))
        learning.set_clock(now)
        # What Anki's main window does when it opens on a new day: yesterday's buried cards come back.
        col._backend.sched_timing_today()
        if day == 25:
            chosen = learning.card_ids(col, "deck:Languages is:review -is:due")[:6]
            col.sched.set_due_date(chosen, "3")
            log(day, "set due date 3", chosen)
        if day == 120:
            reoptimize(col, "Vocab", ids["Vocab"])
            log(day, "Vocab re-optimised, reschedule cards on change")
        if day == 50:
            reoptimize(col, "Default", ids["Languages"], retention=0.92, fit=False)
            log(day, "Default's desired retention 0.90 -> 0.92, reschedule cards on change")
        if day == 70:
            chosen = learning.card_ids(col, "is:review -is:suspended")[3:11]
            col.sched.schedule_cards_as_new(chosen, restore_position=False, reset_counts=False)
            for card in chosen:
                learner.forget(card)
            log(day, "forget", chosen)
        if day == 90:
            reoptimize(col, "Science", ids["Science"])
            log(day, "Science re-optimised, reschedule cards on change")
        if day == 110:
            reversed_note = col.get_card(learning.card_ids(col, "deck:Vocab is:review")[0]).nid
            basic_note = col.get_card(learning.card_ids(col, "deck:Science is:review")[-1]).nid
            chosen = learning.card_ids(col, f"nid:{reversed_note},{basic_note}")
            col.remove_notes([reversed_note, basic_note])
            log(day, "notes deleted", chosen)
        if day == 150:
            reoptimize(col, "Default", ids["Languages"])
            log(day, "Default re-optimised, reschedule cards on change")
        if day == 170:
            chosen = learning.card_ids(col, "is:review -is:suspended")[20:24]
            col.sched.suspend_cards(chosen)
            log(day, "suspended by hand", chosen)
        if day == last:
            col.set_config("collapseTime", 0)
            learner.choose = leaning_to_again(learner, rng)
            before = set(learning.card_ids(col, ""))
            for deck, model, count in (("Languages::French", "Basic", 6), ("Science", "Basic", 4),
                                       ("Vocab", "Basic (and reversed card)", 3)):
                add_notes_to(col, ids[deck], model, count)
            log(day, "notes added and studied on the last day", sorted(set(learning.card_ids(col, "")) - before))
        for deck in ("Languages", "Science", "Vocab"):
            col.decks.select(ids[deck])
            _, now = learner.session(now, limit=25 if day == last else 500)
        if day == 130:
            deck = learning.filtered_deck(col, "Cram", "deck:Languages* is:review", 30, reschedule=False)
            crammed = learning.card_ids(col, f"did:{deck}")
            _, now = learner.session(now + 60)
            col.sched.empty_filtered_deck(deck)
            col.decks.remove([deck])
            log(day, "cram without rescheduling", crammed)
        if day != last and rng.random() < 0.5:
            later = now + int(rng.uniform(2, 5) * 3600)
            for deck in ("Languages", "Science", "Vocab"):
                col.decks.select(ids[deck])
                _, later = learner.session(later)
            now = later
        if day in (20, 40, 60) or day == last:
            leeches = learning.card_ids(col, "is:suspended tag:leech")
            if leeches:
                log(day, "leeches suspended so far", leeches)
    col.db.all("pragma wal_checkpoint(truncate)")  # the live file's log holds what follows only
    before = set(learning.card_ids(col, ""))
    add_notes_to(col, ids["Languages::French"], "Basic", 5)
    log(last, "notes added, never studied", sorted(set(learning.card_ids(col, "")) - before))
    buried = learning.card_ids(col, "is:review -is:suspended -is:buried")[:3]
    col.sched.bury_cards(buried, manual=True)
    log(last, "buried by hand", buried)
    ahead = learning.filtered_deck(col, "Ahead", "deck:Languages prop:due>=1 prop:due<=10", 12, reschedule=True)
    log(last, "review-ahead filtered deck left standing, six of its cards answered", learning.card_ids(col, f"did:{ahead}"))
    _, now = learner.session(now + 60, limit=6)
    now += 60
    learning.set_clock(now)
    print(f"{learner.answers} answers, {col.card_count()} cards, {col.db.scalar('select count() from revlog')} revlog rows",
          file=sys.stderr)

    wal = path + "-wal"
    if not os.path.exists(wal) or os.path.getsize(wal) == 0:
        sys.exit("expected Anki to hold changes in the write-ahead log")
    shutil.copyfile(path, os.path.join(out, "collection.anki2"))
    shutil.copyfile(wal, os.path.join(out, "collection.anki2-wal"))
    for name, legacy in (("current.apkg", False), ("legacy.apkg", True)):
        options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=False, legacy=legacy)
        col.export_anki_package(out_path=os.path.join(out, name), options=options, limit=None)
    col.export_collection_package(os.path.join(out, "current.colpkg"), include_media=False, legacy=False)
    col.reopen()
    col.export_collection_package(os.path.join(out, "legacy.colpkg"), include_media=False, legacy=True)
    col.reopen()
    with open(os.path.join(work, "default-preset.json"), "w") as handle:
        json.dump(col.decks.get_config(1), handle)
    col.close(downgrade=False)
    shutil.copyfile(path, os.path.join(work, "closed.anki2"))
    with open(os.path.join(work, "moment"), "w") as handle:
        handle.write(f"{now}\n")
    with open(os.path.join(work, "events.json"), "w") as handle:
        json.dump(events, handle)


def leaning_to_again(learner, rng):
    """The last day's answers: Again often, so cards stay at every step."""
    def choose(card_id: int, now: int) -> int:
        return rng.choices([1, 2, 3, 4], [0.4, 0.15, 0.35, 0.1])[0]
    return choose


def configure(col, first: datetime.date) -> dict:
    decks = col.decks
    default = decks.get_config(1)
    default["new"]["delays"], default["new"]["perDay"] = [1.0, 10.0], 8
    default["lapse"]["delays"] = [10.0]
    default["rev"]["perDay"] = 9999
    default["desiredRetention"] = 0.9
    default["fsrsParams6"] = []
    decks.update_config(default)

    science_id = decks.add_config_returning_id("Science")
    science = decks.get_config(science_id)
    science["new"]["delays"], science["new"]["perDay"] = [10.0, 60.0], 4
    science["lapse"]["delays"] = [10.0]
    science["lapse"]["leechFails"], science["lapse"]["leechAction"] = 4, 0  # suspend
    science["rev"]["perDay"], science["rev"]["maxIvl"] = 9999, 120
    science["desiredRetention"] = 0.85
    science["fsrsParams6"] = SCIENCE_W
    science["ignoreRevlogsBeforeDate"] = str(first + datetime.timedelta(days=12))
    science["easyDaysPercentages"] = [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.0]
    decks.update_config(science)

    vocab_id = decks.add_config_returning_id("Vocab")
    vocab = decks.get_config(vocab_id)
    vocab["new"]["delays"], vocab["new"]["perDay"], vocab["new"]["bury"] = [2.0, 15.0], 6, True
    vocab["lapse"]["delays"] = []
    vocab["rev"]["perDay"], vocab["rev"]["bury"] = 9999, True
    vocab["buryInterdayLearning"] = True
    vocab["desiredRetention"] = 0.9
    decks.update_config(vocab)

    ids = {}
    for name, preset in (("Languages", 1), ("Languages::French", 1), ("Languages::French::Verbs", 1),
                         ("Science", science_id), ("Science::Physics", science_id), ("Vocab", vocab_id)):
        ids[name] = decks.id(name)
        deck = decks.get(ids[name])
        deck["conf"] = preset
        if name == "Languages::French":
            deck["desiredRetention"] = 95  # the deck's own desired retention, in percent in this form
        decks.save(deck)
    if abs(decks.get(ids["Languages::French"]).get("desiredRetention", 0) - 95) > 0.5:
        sys.exit("the deck's own retention was not kept")
    return ids


def add_notes(col, ids: dict) -> None:
    for deck, model, count in (("Languages", "Basic", 50), ("Languages::French", "Basic", 40),
                               ("Languages::French::Verbs", "Basic", 25), ("Science", "Basic", 40),
                               ("Science::Physics", "Basic", 25), ("Vocab", "Basic (and reversed card)", 35)):
        add_notes_to(col, ids[deck], model, count)


def add_notes_to(col, deck_id: int, model_name: str, count: int) -> None:
    model = col.models.by_name(model_name)
    for _ in range(count):
        number = col.note_count() + 1
        note = col.new_note(model)
        note["Front"], note["Back"] = f"front {number}", f"back {number}"
        col.add_note(note, deck_id)


def reoptimize(col, preset: str, deck_id: int, retention: float | None = None, fit: bool = True) -> None:
    """What the deck options screen does on Optimize and Save with "reschedule cards on change":
    the preset's parameters fitted (Anki's answer), its retention changed, saved through
    `update_deck_configs` (which recomputes memory states and reschedules)."""
    from anki.deck_config_pb2 import UpdateDeckConfigsMode, UpdateDeckConfigsRequest
    legacy = next(c for c in col.decks.all_config() if c["name"] == preset)
    update = col.decks.get_deck_configs_for_update(deck_id)
    config = next(c.config for c in update.all_config if c.config.id == legacy["id"])
    if fit:
        ignore = 0
        if legacy.get("ignoreRevlogsBeforeDate"):
            import calendar
            ignore = calendar.timegm(time.strptime(legacy["ignoreRevlogsBeforeDate"], "%Y-%m-%d")) * 1000
        answer = col._backend.compute_fsrs_params(
            search=f'preset:"{preset}" -is:suspended', current_params=list(config.config.fsrs_params_6),
            ignore_revlogs_before_ms=ignore, num_of_relearning_steps=len(legacy["lapse"]["delays"]), health_check=False)
        del config.config.fsrs_params_6[:]
        config.config.fsrs_params_6.extend(answer.params)
        print(f"{preset}: parameters {'kept' if list(answer.params) == list(legacy.get('fsrsParams6') or []) else 'fitted'} "
              f"on {answer.fsrs_items} items", file=sys.stderr)
    if retention is not None:
        config.config.desired_retention = retention
    request = UpdateDeckConfigsRequest(
        target_deck_id=deck_id, configs=[config], mode=UpdateDeckConfigsMode.UPDATE_DECK_CONFIGS_MODE_NORMAL,
        card_state_customizer=update.card_state_customizer, limits=update.current_deck.limits,
        new_cards_ignore_review_limit=update.new_cards_ignore_review_limit, fsrs=True,
        apply_all_parent_limits=update.apply_all_parent_limits, fsrs_reschedule=True, fsrs_health_check=False)
    col.decks.update_deck_configs(request)


def memory_states(col, card_ids: list[int]) -> dict:
    states = {}
    for card in card_ids:
        state = col.compute_memory_state(card)
        states[str(card)] = None if state.stability is None else {"stability": state.stability, "difficulty": state.difficulty}
    return states


def figures(setup: dict, out: str, work: str) -> None:
    from anki.collection import Collection
    import anki.buildinfo

    copy = os.path.join(work, "figures.anki2")
    shutil.copyfile(os.path.join(work, "closed.anki2"), copy)
    col = Collection(copy)
    timing = col._backend.sched_timing_today()
    now = int(time.time())
    card_ids = sorted(col.find_cards(""))
    searches = {"-is:suspended": sorted(col.find_cards("-is:suspended"))}
    for deck in col.decks.all_names_and_ids():
        search = f'deck:"{deck.name}" -is:suspended'
        searches[search] = sorted(col.find_cards(search))
    presets = {}
    for config in col.decks.all_config():
        search = f'preset:"{config["name"]}" -is:suspended'
        searches[search] = sorted(col.find_cards(search))
        presets[config["name"]] = {
            "id": config["id"], "parameters": list(config.get("fsrsParams6") or []),
            "desiredRetention": config["desiredRetention"], "historicalRetention": config.get("sm2Retention", 0.9),
            "learningStepsMinutes": config["new"]["delays"], "relearningStepsMinutes": config["lapse"]["delays"],
            "maximumIntervalDays": config["rev"]["maxIvl"], "ignoreRevlogsBeforeDate": config.get("ignoreRevlogsBeforeDate", ""),
            "easyDaysPercentages": config.get("easyDaysPercentages") or [], "buryReviews": bool(config["rev"].get("bury")),
        }
    decks = {}
    for deck in col.decks.all():
        decks[deck["name"]] = {"id": deck["id"], "filtered": bool(deck["dyn"]),
                               "preset": None if deck["dyn"] else col.decks.get_config(deck["conf"])["name"],
                               "desiredRetention": None if deck.get("desiredRetention") is None else deck["desiredRetention"] / 100}
    with open(os.path.join(work, "events.json")) as handle:
        events = json.load(handle)
    reference = {
        "made": f"Benchmarks/compare/anki/make_settings_collections.py, Anki {anki.buildinfo.version}",
        "zone": setup["zone"], "rollover": setup["rollover"],
        "moment": {"epoch": now, "local": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(now)),
                   "today": timing.days_elapsed, "nextDayAt": timing.next_day_at},
        "presets": presets, "decks": decks, "events": events,
        "memoryStates": memory_states(col, card_ids), "searches": searches,
    }
    col.close(downgrade=False)
    with open(os.path.join(work, "reference.json"), "w") as handle:
        json.dump(reference, handle)


def import_package(setup: dict, out: str, work: str) -> None:
    """current.apkg imported into a new profile on a machine in another zone, at the moment."""
    from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

    path = os.path.join(work, "imported.anki2")
    col = Collection(path)
    col.set_config("fsrs", True)  # the learner's own profile has FSRS on; every other setting Anki's default
    # The learner's own profile on another machine: its Default preset is the collection's. An
    # import never replaces a preset the profile has (Default is id 1 in both), so a new profile's
    # defaults would schedule the Default preset's cards otherwise.
    with open(os.path.join(work, "default-preset.json")) as handle:
        default = json.load(handle)
    own = col.decks.get_config(1)
    own.update({key: value for key, value in default.items() if key not in ("id", "mod", "usn")})
    col.decks.update_config(own)
    col.import_anki_package(ImportAnkiPackageRequest(
        package_path=os.path.join(out, "current.apkg"),
        options=ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, merge_notetypes=False)))
    timing = col._backend.sched_timing_today()
    card_ids = sorted(col.find_cards(""))
    due = {str(card): due - timing.days_elapsed for card, due in
           col.db.all("select id, case when odid != 0 then odue else due end from cards where type = 2 or queue = 3")}
    with open(os.path.join(work, "reference.json")) as handle:
        reference = json.load(handle)
    reference["apkgImport"] = {
        "zone": setup["importZone"], "rollover": col.get_config("rollover", 4),
        "today": timing.days_elapsed, "nextDayAt": timing.next_day_at,
        "memoryStates": memory_states(col, card_ids), "reviewDueDaysFromToday": due,
    }
    col.close(downgrade=False)
    with open(os.path.join(out, "reference.json"), "w") as handle:
        json.dump(reference, handle, separators=(",", ":"))
        handle.write("\n")


if __name__ == "__main__":
    main()
