#!/usr/bin/env python3
"""Makes an Anki collection package (.colpkg) with Anki's own library, for the archive layer.

    python3 Benchmarks/compare/anki/make_colpkg.py OUT.colpkg [--cards N] [--reviews-per-card K]
        [--seed S] [--legacy]

A new collection (Anki's schema and defaults) gets N "Basic" notes with one card each, added
through Anki (`col.add_note`) when N <= 1000, else inserted in bulk with SQL in Anki's own
table layout; each card gets K review-log rows (again/hard/good/easy drawn from the seed,
intervals growing, one review a day or so). The collection is then exported by Anki itself:
`col.export_collection_package(OUT, include_media=False, legacy=...)` -- the current format
(`collection.anki21b`, Zstandard, as Anki 23.10+ writes it) unless --legacy.

Made this way (1 Dec 2026, anki 26.9.3):
  Tests/ZhiXiArchiveTests/Fixtures/anki/tiny.colpkg   --cards 5 --reviews-per-card 3 --seed 1
  the benchmark's 1,000,000 reviews                    --cards 100000 --reviews-per-card 10 --seed 2
Needs `pip install anki`; never needed by the main command or `swift test`.
"""
import argparse
import os
import random
import shutil
import tempfile

from anki.collection import Collection


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--reviews-per-card", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--legacy", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    scratch = tempfile.mkdtemp(prefix="zhixi-colpkg-")
    try:
        col = Collection(os.path.join(scratch, "collection.anki2"))
        model = col.models.by_name("Basic")
        base_ms = 1_764_400_000_000
        if args.cards <= 1000:
            for index in range(args.cards):
                note = col.new_note(model)
                note["Front"] = f"front {index}"
                note["Back"] = f"back {index} {rng.random():.6f}"
                col.add_note(note, 1)
            card_ids = list(col.db.list("select id from cards order by id"))
        else:
            notes, cards = [], []
            for index in range(args.cards):
                note_id = base_ms + index
                fields = f"front {index}\x1fback {index} {rng.random():.6f}"
                notes.append((note_id, f"g{index:09d}", model["id"], 1_764_400_000, -1, "", fields, f"front {index}", 0, 0, ""))
                cards.append((base_ms + index, note_id, 1, 0, 1_764_400_000, -1, 2, 2, 100 + index % 365, 30, 2500,
                              args.reviews_per_card, 0, 0, 0, 0, 0, ""))
            col.db.executemany("insert into notes values (?,?,?,?,?,?,?,?,?,?,?)", notes)
            col.db.executemany("insert into cards values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cards)
            card_ids = [card[0] for card in cards]
        rows = []
        for card_id in card_ids:
            moment = base_ms + rng.randrange(0, 86_400_000)
            interval = 0
            for _ in range(args.reviews_per_card):
                ease = rng.choices([1, 2, 3, 4], weights=[12, 8, 70, 10])[0]
                last = interval
                interval = 1 if ease == 1 else max(1, int(max(1, interval) * (1.2 if ease == 2 else 2.5 if ease == 3 else 3.5)))
                rows.append((moment, card_id, -1, ease, interval, last, 2500, rng.randrange(2_000, 20_000), 1 if last else 0))
                moment += interval * 86_400_000 + rng.randrange(1, 3_600_000)
        rows.sort()
        col.db.executemany("insert or ignore into revlog values (?,?,?,?,?,?,?,?,?)", rows)
        col.export_collection_package(os.path.abspath(args.out), include_media=False, legacy=args.legacy)
        col.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{args.out}: {os.path.getsize(args.out)} bytes, {args.cards} cards, {len(rows)} reviews")


if __name__ == "__main__":
    main()
