#!/usr/bin/env python3
"""The small Anki collections that ZhiXiAnki's tests read, made with Anki's own library.

A learner answers cards through Anki's scheduler (get_queued_cards / answer_card) over
twelve days in America/New_York, the clock of this process driven by libfaketime, in a
collection with FSRS on, subdecks, two presets with different settings (one with custom
FSRS-6 parameters and an "ignore reviews before" date), a filtered deck that reschedules and
one that does not, a Forget, a Set Due Date, a suspended card, a buried card and a deleted
note. The collection is then written each way Anki writes it:

    collection-current.colpkg   export_collection_package(legacy=False)  (collection.anki21b)
    collection-legacy.colpkg    export_collection_package(legacy=True)   (collection.anki21)
    decks-current.apkg          export_anki_package(legacy=False), with scheduling
    decks-legacy.apkg           export_anki_package(legacy=True), with scheduling
    live/collection.anki2       the profile's file as Anki leaves it while open (WAL mode),
    live/collection.anki2-wal   copied with its write-ahead log before Anki closes it

and each is read back with Anki's own API (the package's newest collection file, opened by
`Collection`) into FIXTURE.expected.json: schema version, creation time, settings, decks,
presets, every card, note ids and every revlog row. The tests compare ZhiXiAnki's reading of
the file with that dump; they never need Anki.

How it was run (Python 3.11, `pip install anki==26.9.3`, Debian's `faketime` and `zstd`):

    python3 Benchmarks/compare/anki/make_reader_fixtures.py Tests/ZhiXiAnkiTests/Fixtures

The script re-runs itself under libfaketime (FAKETIME_TIMESTAMP_FILE, FAKETIME_NO_CACHE=1)
so one process moves through the days. The result is deterministic except for Anki's
random note GUIDs and the files' byte layout; the expected dumps are made from the files.
"""
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import zipfile
from datetime import datetime, timedelta

FAKETIME_LIBRARIES = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
                      "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"]
ZONE = "America/New_York"
FIRST_DAY = datetime(2025, 3, 1, 9, 0, 0)   # local time of the first study session
DAYS = 12
SEED = 26


def under_faketime():
    """Re-executes this script with libfaketime preloaded and a clock file, once."""
    if os.environ.get("FAKETIME_TIMESTAMP_FILE"):
        return
    library = next((path for path in FAKETIME_LIBRARIES if os.path.exists(path)), None)
    if library is None:
        sys.exit("libfaketime not found (apt-get install faketime)")
    clock = tempfile.NamedTemporaryFile("w", suffix=".faketime", delete=False)
    clock.write(FIRST_DAY.strftime("%Y-%m-%d %H:%M:%S"))
    clock.close()
    environment = dict(os.environ, LD_PRELOAD=library, FAKETIME_TIMESTAMP_FILE=clock.name,
                       FAKETIME_NO_CACHE="1", TZ=ZONE)
    try:
        sys.exit(subprocess.call([sys.executable] + sys.argv, env=environment))
    finally:
        os.unlink(clock.name)


class Clock:
    """The faked local time of this process (frozen between moves)."""

    def __init__(self):
        self.now = FIRST_DAY
        self.write()

    def write(self):
        with open(os.environ["FAKETIME_TIMESTAMP_FILE"], "w") as file:
            file.write(self.now.strftime("%Y-%m-%d %H:%M:%S"))

    def advance(self, seconds):
        self.now += timedelta(seconds=seconds)
        self.write()

    def set(self, moment):
        self.now = moment
        self.write()


def make_collection(path, clock):
    from anki.collection import Collection
    from anki.scheduler.v3 import CardAnswer
    from anki.cards import Card

    col = Collection(path)
    col.set_config("fsrs", True)
    col.set_config("rollover", 5)
    models = col.models
    basic = models.by_name("Basic")
    reversed_model = models.by_name("Basic (and reversed card)")

    # Two presets: Default (stock FSRS parameters, edited steps) and Intense.
    default = col.decks.get_config(1)
    default["new"]["delays"] = [1.0, 10.0]
    default["lapse"]["delays"] = [10.0]
    default["rev"]["maxIvl"] = 36500
    default["desiredRetention"] = 0.9
    col.decks.update_config(default)
    intense = col.decks.add_config_returning_id("Intense")
    config = col.decks.get_config(intense)
    config["new"]["delays"] = [2.0, 15.0, 60.0]
    config["lapse"]["delays"] = [5.0]
    config["rev"]["maxIvl"] = 180
    config["new"]["perDay"] = 7
    config["rev"]["perDay"] = 150
    config["desiredRetention"] = 0.85
    config["fsrsParams6"] = [0.3, 1.1, 2.4, 7.9, 6.6, 0.6, 2.9, 0.004, 1.6, 0.15, 1.0,
                             1.8, 0.09, 0.3, 2.2, 0.2, 2.9, 0.5, 0.17, 0.1, 0.15]
    config["ignoreRevlogsBeforeDate"] = "2025-03-02"
    config["easyDaysPercentages"] = [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.0]
    col.decks.update_config(config)

    languages = col.decks.id("Languages")
    spanish = col.decks.id("Languages::Spanish")
    verbs = col.decks.id("Languages::Spanish::Verbs")
    science = col.decks.id("Science")
    for deck_id in (verbs, science):
        deck = col.decks.get(deck_id)
        col.decks.set_config_id_for_deck_dict(deck, intense)
        col.decks.save(deck)

    words = {languages: ["hello", "goodbye", "thanks", "please"],
             spanish: ["casa", "perro", "gato", "libro"],
             verbs: ["ser", "tener", "hacer"],
             science: ["atom", "cell", "gene", "orbit"]}
    for deck_id, fronts in words.items():
        for front in fronts:
            note = col.new_note(basic)
            note["Front"], note["Back"] = front, front.upper()
            col.add_note(note, deck_id)
    note = col.new_note(reversed_model)
    note["Front"], note["Back"] = "photon", "PHOTON"
    col.add_note(note, science)

    rng = random.Random(SEED)

    def answer_all(top_decks):
        for top in top_decks:
            col.decks.select(top)
            for _ in range(200):
                queued = col.sched.get_queued_cards()
                if not queued.cards:
                    break
                queued_card = queued.cards[0]
                card = Card(col)
                card._load_from_backend_card(queued_card.card)
                card.start_timer()
                rating = rng.choices([CardAnswer.AGAIN, CardAnswer.HARD, CardAnswer.GOOD, CardAnswer.EASY],
                                     weights=[0.15, 0.15, 0.6, 0.1])[0]
                col.sched.answer_card(col.sched.build_answer(card=card, states=queued_card.states, rating=rating))
                clock.advance(rng.randint(4, 15))

    tops = [languages, science]
    for day in range(DAYS):
        clock.set(FIRST_DAY + timedelta(days=day))
        for _ in range(5):          # learning steps come due within the session
            answer_all(tops)
            clock.advance(20 * 60)
        if day == 4:
            # A cram deck (no rescheduling) studied once, then emptied.
            cram = col.sched.get_or_create_filtered_deck(0)
            cram.name = "Cram"
            cram.config.reschedule = False
            del cram.config.search_terms[:]
            cram.config.search_terms.add(search="deck:Science", limit=20, order=0)
            cram_id = col.sched.add_or_update_filtered_deck(cram).id
            answer_all([cram_id])
            col.sched.empty_filtered_deck(cram_id)
        if day == 6:
            card_ids = sorted(col.find_cards("deck:Languages::Spanish"))
            col.sched.schedule_cards_as_new([card_ids[0]], restore_position=True, reset_counts=False)
            col.sched.set_due_date([card_ids[1]], "3")
        if day == 8:
            doomed = sorted(col.find_notes("deck:Languages -deck:Languages::*"))[0]
            col.remove_notes([doomed])
    # The end state, written after a checkpoint so that the live file's write-ahead log holds
    # only these last changes (and stays small): a review-ahead deck that reschedules, holding
    # cards; one card suspended, one buried; a last review.
    col.db.all("pragma wal_checkpoint(truncate)")
    ahead = col.sched.get_or_create_filtered_deck(0)
    ahead.name = "Review ahead"
    ahead.config.reschedule = True
    del ahead.config.search_terms[:]
    ahead.config.search_terms.add(search="deck:Languages::Spanish::Verbs", limit=10, order=6)
    col.sched.add_or_update_filtered_deck(ahead)
    science_cards = sorted(col.find_cards("deck:Science"))
    col.sched.suspend_cards([science_cards[0]])
    col.sched.bury_cards([science_cards[1]], manual=True)
    clock.advance(3600)
    answer_all([languages])
    return col


def newest_collection_file(package):
    """The collection inside a package as Anki picks it: the newest format present."""
    with zipfile.ZipFile(package) as archive:
        names = archive.namelist()
        for name in ("collection.anki21b", "collection.anki21", "collection.anki2"):
            if name in names:
                data = archive.read(name)
                if name.endswith("b"):
                    data = subprocess.run(["zstd", "-d", "-c"], input=data, stdout=subprocess.PIPE, check=True).stdout
                return name, data
    raise SystemExit(f"{package}: no collection inside")


def dump(path, source_name):
    """What Anki's API says the collection at `path` holds (opened from a private copy)."""
    from anki.collection import Collection
    raw = sqlite3.connect(path)
    version, created = raw.execute("select ver, crt from col").fetchone()
    raw.close()
    col = Collection(path)
    try:
        def optional(value):
            return None if value is None else value
        decks = []
        for name_id in sorted(col.decks.all_names_and_ids(include_filtered=True), key=lambda d: d.id):
            deck = col.decks.get(name_id.id)
            decks.append({"id": deck["id"], "name": deck["name"], "filtered": bool(deck["dyn"]),
                          "presetId": None if deck["dyn"] else deck["conf"],
                          "reschedules": bool(deck.get("resched", False)) if deck["dyn"] else None})
        presets = []
        for config in sorted(col.decks.all_config(), key=lambda c: c["id"]):
            presets.append({"id": config["id"], "name": config["name"],
                            "fsrsParameters6": config.get("fsrsParams6", []),
                            "fsrsParameters5": config.get("fsrsParams5", []),
                            "fsrsParameters4": config.get("fsrsWeights", []),
                            "desiredRetention": config.get("desiredRetention"),
                            "learningStepsMinutes": config["new"]["delays"],
                            "relearningStepsMinutes": config["lapse"]["delays"],
                            "maximumIntervalDays": config["rev"]["maxIvl"],
                            "newPerDay": config["new"]["perDay"], "reviewsPerDay": config["rev"]["perDay"],
                            "ignoreReviewsBefore": config.get("ignoreRevlogsBeforeDate", ""),
                            "easyDaysPercentages": config.get("easyDaysPercentages", [])})
        cards = []
        for card_id in sorted(col.find_cards("")):
            card = col.get_card(card_id)
            memory = card.memory_state
            cards.append({"id": card.id, "noteId": card.nid, "deckId": card.did, "originalDeckId": card.odid,
                          "type": int(card.type), "queue": int(card.queue), "due": card.due,
                          "originalDue": card.odue, "intervalDays": card.ivl, "easeFactor": card.factor,
                          "reps": card.reps, "lapses": card.lapses, "left": card.left,
                          "stability": memory.stability if memory else None,
                          "difficulty": memory.difficulty if memory else None,
                          "desiredRetention": card.desired_retention,
                          "lastReviewTime": card.last_review_time})
        revlog = [list(row) for row in col.db.all(
            "select id, cid, usn, ease, ivl, lastIvl, factor, time, type from revlog order by id")]
        return {"source": source_name, "schemaVersion": version, "creationTime": created,
                "rolloverHour": col.get_config("rollover", 4),
                "creationOffsetMinutesWest": optional(col.get_config("creationOffset", None)),
                "localOffsetMinutesWest": optional(col.get_config("localOffset", None)),
                "fsrs": bool(col.get_config("fsrs", False)),
                "loadBalancer": bool(col.get_config("loadBalancerEnabled", True)),
                "decks": decks, "presets": presets, "cards": cards,
                "noteIds": sorted(col.find_notes("")), "revlog": revlog}
    finally:
        col.close(downgrade=False)


def dump_file(fixture, inner_name, data, output_directory):
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "collection.anki2")
        with open(path, "wb") as file:
            file.write(data)
        expected = dump(path, inner_name)
    with open(os.path.join(output_directory, fixture + ".expected.json"), "w") as file:
        json.dump(expected, file, indent=1, sort_keys=True)
        file.write("\n")
    print(f"{fixture}: {len(expected['cards'])} cards, {len(expected['revlog'])} revlog rows, "
          f"schema {expected['schemaVersion']} ({inner_name})")


def main():
    under_faketime()
    if len(sys.argv) != 2:
        sys.exit("usage: make_reader_fixtures.py OUTPUT_DIRECTORY")
    output = os.path.abspath(sys.argv[1])
    os.makedirs(os.path.join(output, "live"), exist_ok=True)
    from anki.collection import ExportAnkiPackageOptions

    clock = Clock()
    work = tempfile.mkdtemp()
    live_path = os.path.join(work, "collection.anki2")
    col = make_collection(live_path, clock)

    # The live profile file: copied with its write-ahead log while Anki holds it open.
    wal = live_path + "-wal"
    if not os.path.exists(wal) or os.path.getsize(wal) == 0:
        sys.exit("expected Anki to leave a write-ahead log while open")
    live_directory = os.path.join(output, "live")
    shutil.copyfile(live_path, os.path.join(live_directory, "collection.anki2"))
    shutil.copyfile(wal, os.path.join(live_directory, "collection.anki2-wal"))

    for legacy, name in ((False, "decks-current.apkg"), (True, "decks-legacy.apkg")):
        options = ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=False, legacy=legacy)
        col.export_anki_package(out_path=os.path.join(output, name), options=options, limit=None)
    col.export_collection_package(os.path.join(output, "collection-current.colpkg"), include_media=False, legacy=False)
    col.reopen()
    col.export_collection_package(os.path.join(output, "collection-legacy.colpkg"), include_media=False, legacy=True)
    col.close()

    # What Anki reads from each file.
    with open(os.path.join(live_directory, "collection.anki2"), "rb") as file:
        main_bytes = file.read()
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copyfile(os.path.join(live_directory, "collection.anki2"), os.path.join(scratch, "collection.anki2"))
        shutil.copyfile(os.path.join(live_directory, "collection.anki2-wal"), os.path.join(scratch, "collection.anki2-wal"))
        expected = dump(os.path.join(scratch, "collection.anki2"), "collection.anki2 + collection.anki2-wal")
    with open(os.path.join(output, "live.expected.json"), "w") as file:
        json.dump(expected, file, indent=1, sort_keys=True)
        file.write("\n")
    print(f"live: {len(expected['cards'])} cards, {len(expected['revlog'])} revlog rows "
          f"({len(main_bytes)} + {os.path.getsize(os.path.join(live_directory, 'collection.anki2-wal'))} bytes)")
    for package in ("collection-current.colpkg", "collection-legacy.colpkg", "decks-current.apkg", "decks-legacy.apkg"):
        inner, data = newest_collection_file(os.path.join(output, package))
        dump_file(package, inner, data, output)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
