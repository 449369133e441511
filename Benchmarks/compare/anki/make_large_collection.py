#!/usr/bin/env python3
"""A collection of 1,000,000 reviews for timing ZhiXiAnki's reader (docs/BENCHMARKS.md).

An empty collection is made by Anki's own library (so its schema, notetypes, decks, preset and
settings are Anki's), then 20,000 notes and cards and 1,000,000 review-log rows (50 a card,
learning then reviews at growing intervals of at most a year, lapses relearned) are inserted in bulk with
Python's sqlite3, with FSRS memory states in the cards' data; Anki then opens it once more and
exports it as a .colpkg (current format: collection.anki21b, Zstandard).

How it was run (Python 3.11, `pip install anki==26.9.3`):

    python3 Benchmarks/compare/anki/make_large_collection.py /tmp/anki-large

which writes /tmp/anki-large/collection.anki2 (the profile's file as Anki leaves it when it closes),
/tmp/anki-large/collection.colpkg, and /tmp/anki-large/live/collection.anki2 with its -wal (the
file as it is while Anki is open: 10,000 more answers in the log, not checkpointed). The rows are made from a fixed seed; Anki's note GUIDs
and the package's bytes differ between runs.
"""
import os
import random
import shutil
import sqlite3
import sys

CARDS = 20_000
REVIEWS_PER_CARD = 50
START_MS = 1_600_000_000_000
DAY_MS = 86_400_000


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make_large_collection.py OUTPUT_DIRECTORY")
    from anki.collection import Collection
    output = os.path.abspath(sys.argv[1])
    os.makedirs(output, exist_ok=True)
    path = os.path.join(output, "collection.anki2")
    for stale in (path, path + "-wal", os.path.join(output, "collection.colpkg")):
        if os.path.exists(stale):
            os.remove(stale)
    col = Collection(path)
    col.set_config("fsrs", True)
    notetype = col.models.by_name("Basic")["id"]
    col.close()

    rng = random.Random(1_000_000)
    db = sqlite3.connect(path)
    db.execute("pragma journal_mode = delete")
    notes, cards, revlog = [], [], []
    for index in range(CARDS):
        card_id = START_MS + index
        notes.append((card_id, f"g{index}", notetype, 0, 0, "", f"front {index}\x1fback {index}", f"front {index}", 0, 0, ""))
        day, interval, lapses, stability = 0, 0, 0, 1.0
        for review in range(REVIEWS_PER_CARD):
            rating = rng.choices([1, 2, 3, 4], weights=[0.1, 0.15, 0.65, 0.1])[0]
            kind = 0 if review < 2 else (2 if interval == 0 else 1)
            last = interval
            if review < 2:
                interval = -600 if review == 0 else 1
            elif rating == 1:
                interval, lapses = 0, lapses + 1
            else:
                interval = min(365, max(1, int(max(last, 1) * (1.2 + 0.8 * rng.random() + (rating - 2) * 0.3))))
            revlog.append((START_MS + day * DAY_MS + index % DAY_MS, card_id, -1, rating, interval if interval else -600,
                           last, 2500, rng.randint(2000, 20000), kind))
            day += max(1, interval) if interval > 0 else 1
            stability = max(0.1, stability * (2.5 if rating > 1 else 0.3))
        cards.append((card_id, card_id, 1, 0, 0, 0, 2, 2, day, max(1, interval), 2500, REVIEWS_PER_CARD, lapses, 0, 0, 0, 0,
                      '{"s":%.4f,"d":%.3f,"dr":0.9,"lrt":%d}' % (min(stability, 36500.0), 1 + 9 * rng.random(),
                                                                  (START_MS + day * DAY_MS) // 1000)))
    db.executemany("insert into notes values (?,?,?,?,?,?,?,?,?,?,?)", notes)
    db.executemany("insert into cards values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cards)
    db.executemany("insert into revlog values (?,?,?,?,?,?,?,?,?)", revlog)
    db.commit()
    db.close()

    col = Collection(path)
    print(f"{col.card_count()} cards, {col.db.scalar('select count() from revlog')} revlog rows")
    col.export_collection_package(os.path.join(output, "collection.colpkg"), include_media=False, legacy=False)
    col.reopen()
    col.close()

    # The profile as it is while Anki is open: a copy taken with a write-ahead log holding the
    # last 10,000 answers (inserted here in WAL mode, not checkpointed).
    live = os.path.join(output, "live")
    os.makedirs(live, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("pragma journal_mode = wal")
    db.execute("pragma wal_autocheckpoint = 0")
    last = db.execute("select max(id) from revlog").fetchone()[0]
    extra = [(last + 1000 * (index + 1), START_MS + index % CARDS, -1, 3, 30, 20, 2500, 5000, 1) for index in range(10_000)]
    db.executemany("insert into revlog values (?,?,?,?,?,?,?,?,?)", extra)
    db.commit()
    shutil.copyfile(path, os.path.join(live, "collection.anki2"))
    shutil.copyfile(path + "-wal", os.path.join(live, "collection.anki2-wal"))
    db.close()
    for name in ("collection.anki2", "collection.colpkg", "live/collection.anki2", "live/collection.anki2-wal"):
        print(f"{name}: {os.path.getsize(os.path.join(output, name))} bytes")


if __name__ == "__main__":
    main()
