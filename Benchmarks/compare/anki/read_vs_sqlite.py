#!/usr/bin/env python3
"""Reading an Anki collection: ZhiXiAnki (zhixi-bench anki) beside SQLite's own reader.

Each round times, alternately, `zhixi-bench anki FILE --runs 1` (open: the bytes read, the log
applied, the in-memory connection; then settings, decks, presets, cards and every revlog row
read into Swift values) and, as the peer, Python's sqlite3 (SQLite 3.40, C) opening a private
copy of the same file and fetching every card and revlog row (`fetchall`, the rows as Python
tuples) — what a tool built on SQLite pays before its own work. Medians of the rounds with
min-max, and the ratio within each round.

How it was run (after `swift build -c release`, the file from make_large_collection.py):

    python3 Benchmarks/compare/anki/read_vs_sqlite.py /tmp/anki-large/live/collection.anki2 --rounds 7
"""
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.join(os.path.dirname(__file__), "../../../.build/release/zhixi-bench")


def ours(path):
    output = subprocess.run([BENCH, "anki", path, "--runs", "1"], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"open and read:\s+([0-9.]+) ms", output).group(1)) / 1000


def peer(path, scratch):
    # A private copy (with its log), as SQLite must not open the profile's file.
    copy = os.path.join(scratch, "collection.anki2")
    for suffix in ("", "-wal"):
        if os.path.exists(path + suffix):
            shutil.copyfile(path + suffix, copy + suffix)
    start = time.perf_counter()
    db = sqlite3.connect(copy)
    cards = db.execute("select id, nid, did, odid, type, queue, due, odue, ivl, factor, reps, lapses, left, data from cards").fetchall()
    revlog = db.execute("select id, cid, usn, ease, ivl, lastIvl, factor, time, type from revlog order by id").fetchall()
    elapsed = time.perf_counter() - start
    db.close()
    assert cards and revlog
    return elapsed


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: read_vs_sqlite.py FILE [--rounds N]")
    path = sys.argv[1]
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
    mine, theirs, ratios = [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(rounds):
            a = ours(path)
            b = peer(path, scratch)
            mine.append(a)
            theirs.append(b)
            ratios.append(b / a)
    def show(values, scale=1000, unit=" ms"):
        return f"{statistics.median(values) * scale:.0f}{unit} ({min(values) * scale:.0f}-{max(values) * scale:.0f})"
    print(f"{path}, {rounds} rounds:")
    print(f"  ZhiXiAnki open and read: {show(mine)}")
    print(f"  Python sqlite3, cards and revlog fetched: {show(theirs)}")
    print(f"  ratio (sqlite3 / ZhiXiAnki): {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
