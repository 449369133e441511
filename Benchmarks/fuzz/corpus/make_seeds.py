#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (corpus/TARGET/*) and the workspace dictionary
(../workspace.dict): a few small inputs per target, hand-picked to reach each reader's
branches quickly; the workspace seeds are data/sample-workspace.json cut to one element per
array, and variants. The fuzzer grows its own corpus from these in .build-fuzz/corpus/.

Usage: python3 Benchmarks/fuzz/corpus/make_seeds.py   (rewrites the files; deterministic)
"""
import json
import os
import shutil

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, "..", "..", ".."))


def write(target, name, content):
    directory = os.path.join(here, target)
    os.makedirs(directory, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    with open(os.path.join(directory, name), "wb") as file:
        file.write(data)


json_seeds = {
    "object": '{"a": 1, "b": [true, false, null], "id": "x", "name": "y"}',
    "numbers": '[0, -0, 1.5e3, 72.0, 1E+2, 1e400, 1e-400, 2.5e-324, 9007199254740993, '
               '9007199254740993.5, 18446744073709551615, 18446744073709551616, -9223372036854775808, 0.1]',
    "strings": '["\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/", "caf\u00e9", "\\u0000", "a\\u0301", ""]',
    "keys": '{"": 1, "abcdefgh": 2, "abcdefghijklmnop": 3, "aKeyOfMoreThanSixteenBytes": 4, '
            '"\\u212A": 5, "\u00e9": 6, "a\\"b\\\\c": 7, "summary": 8, "name": 9, "k": 10}',
    "required": '[{"id": 1, "a": 2, "learningPathId": 3}, {"a": null, "id": null}, {"b": 1}]',
    "former": '{"summary": "old", "name": null, "abcdefghijklmnopq": [1], "aKeyOfMoreThanSixteenBytes": [2]}',
    "trailing": '{"a": [1, 2, ], "b": {"c": 1, }, }',
    "duplicates": '{"a": 1, "a": 2, "\\u0061": 3, "K": 4, "\\u212A": 5, "x": {"y": [{"z": 1, "z": 2}]}}',
    "deep": "[" * 512 + "]" * 512,
    "too-deep": "[" * 513 + "]" * 513,
    "scalar": ' "text" ',
    "bom": "\ufeff{\"a\": 1}",
    "bad": '{"a": 01, "b": "\\ud800", "c": "\x01", "d": tru}',
}
for name, text in json_seeds.items():
    write("json-reader", name, text)
    write("json-duplicate-keys", name, text)
many_keys = "{" + ", ".join(f'"k{i}": {i}' for i in range(40)) + ', "k7": 0}'
write("json-duplicate-keys", "many-keys", many_keys)
write("json-duplicate-keys", "long-keys", '{"aKeyOfMoreThanSixteenBytes": 1, "aKeyOfMoreThanSixteenByte\\u0073": 2}')
write("json-duplicate-keys", "path", '{"outer": [0, {"not plain": {"q\\"": 1, "q\\u0022": 2}}]}')
write("json-duplicate-keys", "lines", '{\n  "a": 1,\n  "b": {\n    "c": 2,\n    "c": 3\n  }\n}\n')

sample = json.load(open(os.path.join(root, "data", "sample-workspace.json"), encoding="utf-8"))
small = {key: (value[:1] if isinstance(value, list) else value) for key, value in sample.items()}
write("workspace", "sample-one-each", json.dumps(small, ensure_ascii=False))
write("workspace", "sample-compact", json.dumps(small, separators=(",", ":")))
minimal = {"schemaVersion": 2, "profile": {"userId": "u"}}
write("workspace", "minimal", json.dumps(minimal))
write("workspace", "empty-object", "{}")
old = dict(small)
old["schemaVersion"] = 1
old["lessons"] = [dict(small["lessons"][0], learningPathId=small["lessons"][0]["pathId"], summary="old")]
del old["lessons"][0]["pathId"]
old["feedback"] = [dict(small["feedback"][0], comment="old")] if small.get("feedback") else []
write("workspace", "schema-1", json.dumps(old, ensure_ascii=False))
write("workspace", "duplicate", '{"schemaVersion": 2, "schemaVersion": 1, "profile": {"userId": "u"}}')
if small.get("sessions"):
    sessions = dict(minimal, sessions=[dict(small["sessions"][0], masteryScore=1e2, startedAt="2026-09-01T16:37:00.123456789+08:00")])
    write("workspace", "session", json.dumps(sessions))

keys = set()


def collect(value):
    if isinstance(value, dict):
        for key, member in value.items():
            keys.add(key)
            collect(member)
    elif isinstance(value, list):
        for element in value:
            collect(element)


collect(sample)
keys.update(["summary", "learningPathId", "comment", "schemaVersion", "reviewTasks", "weakPoints", "suggestions"])
with open(os.path.join(here, "..", "workspace.dict"), "w", encoding="utf-8") as file:
    file.write("# JSON keys of the workspace (from data/sample-workspace.json and the former names), "
               "written by corpus/make_seeds.py\n")
    for key in sorted(keys):
        file.write(f'"\\"{key}\\":"\n')
    for token in ["{", "}", "[", "]", ",", "null", "true", "false", "2026-09-01T16:37:00Z", "+08:00", ".123Z", "1e2", "-0"]:
        file.write('"' + token.replace("\\", "\\\\").replace('"', '\\"') + '"\n')

for name, text in {
    "utc": "2025-03-14T09:30:00Z",
    "fraction": "2025-03-14T09:30:00.123456789123Z",
    "offset": "2024-02-29T23:59:59.5+08:00",
    "offset-compact": "1970-01-01t00:00:00-0530",
    "lower": "2001-01-01t00:00:00.000000001z",
    "year-zero": "0000-01-01T00:00:00+01:00",
    "year-9999": "9999-12-31T23:59:59.9999999-23:59",
    "bad-day": "2023-02-29T00:00:00Z",
    "leap-second": "2016-12-31T23:59:60Z",
}.items():
    write("iso8601", name, text)

csv_seeds = {
    "milliseconds": "card_id,review_time,review_rating,review_state,review_duration\n"
                    "1,1711744352000,3,0,5400\n1,1711830752000,1,2,\n2,1711830752001,4,1,12.5\n",
    "seconds": "review_rating,card_id,review_time\r\n3,a,1711744352\r\n2,b,1711830752\r\n",
    "iso": "\ufeffCard_ID , Review_Time,review_rating,extra\n\"x,\"\"y\"\"\",2024-03-29T20:32:32Z,0,z\n",
    "quoted-newline": "card_id,review_time,review_rating\n\"multi\nline\",2024-03-29T20:32:32.5+08:00,3\n\n",
    "lone-cr": "card_id,review_time,review_rating\r1,1711744352000,3\r2,1711744352,3\r",
    "unterminated": "card_id,review_time,review_rating\n\"open,1,3\n",
    "missing": "card_id,review_time,review_rating,review_state\n1,1711744352000\n2,1711744352000,5,6\n",
    "after-quote": "card_id,review_time,review_rating\n\"a\"junk, 1711744352000 ,\t3\t\n",
}
for name, text in csv_seeds.items():
    write("review-log-csv", name, text)
for name, text in {
    "archive": "card_id,review_time,review_rating,review_state,review_duration\n"
               "1764400000123,2026-11-29T13:40:00.25Z,3,0,5400\n1764400000123,2026-11-29T13:50:00.25Z,3,1,\n",
    "crlf": "review_state,review_rating,review_time,card_id,other\r\n2,4,1764400000123,-7,x\r\n\r\n3,1,2001-01-01T00:00:00.000000001+01:00,0,\r\n",
    "bom": "\ufeffcard_id,review_time,review_rating,review_state\n5,0000-01-01T00:00:00Z,2,3\n",
}.items():
    write("review-archive-csv", name, text)

# anki-sqlite: small collections (512-byte pages, so that a few KiB hold a review log of several
# leaf pages under an interior page), made with Python's sqlite3 (SQLite's own file format).
import sqlite3
import tempfile

anki_tables = """
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
"""
current_tables = """
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
  usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL);
"""


def anki_seed(name, schema, reviews, extra="", companion=None):
    """A collection of `reviews` review-log rows; with `companion` ("wal" or "journal"), 8 more
    rows written while the files are copied: committed into a write-ahead log, or uncommitted
    with their pages' originals in a hot rollback journal (the input then is "ZXW1" or "ZXJ1",
    the database's length in 4 bytes, the database, the companion)."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "collection.anki2")
        database = sqlite3.connect(path, isolation_level=None)
        database.executescript("PRAGMA page_size = 512; PRAGMA journal_mode = DELETE;" + anki_tables
                               + (current_tables if schema == 18 else ""))
        if schema == 18:
            database.executescript("""
            INSERT INTO col VALUES (1, 1700000000, 0, 0, 18, 0, 0, 0, '', '', '', '', '');
            INSERT INTO decks VALUES (1, 'Default', 0, 0, x'', x'0a020801');
            INSERT INTO deck_config VALUES (1, 'Default', 0, 0, x'1a0a0a08000000000000f03f');
            INSERT INTO config VALUES ('rollover', 0, 0, '4');
            INSERT INTO config VALUES ('fsrs', 0, 0, 'true');""")
        else:
            database.executescript("""
            INSERT INTO col VALUES (1, 1700000000, 0, 0, 11, 0, 0, 0, '{"rollover": 4, "collapseTime": 1200}', '{}',
              '{"1": {"id": 1, "name": "Default", "conf": 1, "dyn": 0}}',
              '{"1": {"id": 1, "name": "Default", "new": {"delays": [1, 10]}, "lapse": {"delays": [10]}, "desiredRetention": 0.9}}', '{}');""")
        database.executescript("""
        INSERT INTO notes VALUES (10, 'g', 1, 0, 0, '', 'front', 'front', 0, 0, '');
        INSERT INTO cards VALUES (100, 10, 1, 0, 0, 0, 2, 2, 5, 3, 2500, 4, 0, 0, 0, 0, 0, '{"s":3.5,"d":5.25,"dr":0.9,"lrt":1700000000}');
        """)
        for row in range(reviews):
            ivl = -600 if row % 7 == 0 else row * 1009 % 100000 if row % 11 == 0 else row % 300
            factor = 2500.75 if row % 13 == 0 else row % 4000
            database.execute("INSERT INTO revlog VALUES (?, 100, ?, ?, ?, ?, ?, ?, ?)",
                             (1700000000000 + row * 997, row % 3 - 1, row % 5, ivl, 0 if row % 2 == 0 else -row, factor,
                              row * 37 % 70000, row % 6))
        if extra:
            database.executescript(extra)
        if companion is None:
            database.close()
            write("anki-sqlite", name, open(path, "rb").read())
            return
        more = [(1800000000000 + row * 997, 100, 0, 3, row % 300, 0, 2500, 1000, 1) for row in range(8)]
        if companion == "wal":
            database.executescript("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
            database.executemany("INSERT INTO revlog VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", more)
        else:
            database.executescript("PRAGMA cache_size = 1; BEGIN;")
            database.executemany("INSERT INTO revlog VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", more + [
                (1900000000000 + row, 100, 0, 3, 1, 0, 2500, 1000, 1) for row in range(40)])
        main = open(path, "rb").read()
        side = open(path + ("-wal" if companion == "wal" else "-journal"), "rb").read()
        database.close()
        tag = b"ZXW1" if companion == "wal" else b"ZXJ1"
        write("anki-sqlite", name, tag + len(main).to_bytes(4, "big") + main + side)


anki_seed("current-60-reviews", 18, 60)
anki_seed("legacy-12-reviews", 11, 12)
anki_seed("current-text-in-revlog", 18, 30, "UPDATE revlog SET ivl = 'twelve' WHERE id = 1700000000997;")
anki_seed("current-no-reviews", 18, 0)
anki_seed("current-12-reviews-wal", 18, 12, companion="wal")
anki_seed("current-12-reviews-hot-journal", 18, 12, companion="journal")
