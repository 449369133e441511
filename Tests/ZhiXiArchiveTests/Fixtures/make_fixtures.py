#!/usr/bin/env python3
"""Makes the archive layer's test fixtures: Zstandard frames made by the `zstd` tool and zip
archives made by Python's `zipfile` and Info-ZIP's `zip`, from inputs generated here with
fixed seeds, and the manifests the tests check them against (SHA-256 of each expected output).

    python3 Tests/ZhiXiArchiveTests/Fixtures/make_fixtures.py   # from the package root

Made with zstd 1.5.4, Info-ZIP zip 3.0, Python 3.11 (1 Dec 2026). `swift test` needs none of
them: it reads the files written here. The Anki package (anki/tiny.colpkg) is made by
Benchmarks/compare/anki/make_colpkg.py.
"""
import hashlib
import io
import json
import os
import random
import shutil
import sqlite3
import struct
import subprocess
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ZSTD_DIR = os.path.join(HERE, "zstd")
ZIP_DIR = os.path.join(HERE, "zip")

WORDS = ("the card review memory stability difficulty interval learner forgets recalls again hard good easy "
         "deck note field schedule retention forgetting curve spacing effect 知习 复习 记忆").split()


def text(rng, size):
    out, length = [], 0
    while length < size:
        word = rng.choice(WORDS)
        if rng.random() < 0.08:
            word += rng.choice([",", ".", ";", "\n"])
        out.append(word)
        length += len(word.encode()) + 1
    return " ".join(out).encode()[:size]


def repetitive(rng, size):
    """Runs of zeros (RLE blocks), repeated records with small edits, copies from far back."""
    out = bytearray()
    record = bytearray(text(rng, 300))
    while len(out) < size:
        choice = rng.random()
        if choice < 0.15:
            out += bytes(rng.choice([1000, 70_000, 300_000]))
        elif choice < 0.6:
            record[rng.randrange(len(record))] = rng.randrange(256)
            out += record
        elif choice < 0.8 and len(out) > 4096:
            start = rng.randrange(len(out) - 2048)
            out += out[start:start + rng.randrange(16, 2048)]
        else:
            out += struct.pack("<QIH", rng.getrandbits(64), len(out), rng.randrange(4)) * rng.randrange(1, 40)
    return bytes(out[:size])


def phrases_with_marks(rng, size):
    """A phrase from rotating starts, a 'Z' or two between: later blocks reuse the Huffman
    table (4 streams, treeless) and the optimal parser uses the repeat offset rep0 - 1."""
    phrase = b"the quick brown fox jumps over the lazy dog 0123456789 "
    out = bytearray()
    while len(out) < size:
        start = rng.randrange(len(phrase))
        out += phrase[start:] + phrase[:start] + b"Z" * rng.choice([0, 1, 1, 2])
    return bytes(out[:size])


def sqlite_database(rng):
    path = tempfile.mktemp(suffix=".db")
    db = sqlite3.connect(path)
    db.execute("pragma page_size=4096")
    db.execute("create table revlog (id integer primary key, cid integer, ease integer, ivl integer, lastIvl integer, factor integer, time integer, type integer)")
    moment = 1_764_400_000_000
    for index in range(2500):
        moment += rng.randrange(1000, 600_000)
        db.execute("insert into revlog values (?,?,?,?,?,?,?,?)",
                   (moment, 1_764_000_000_000 + rng.randrange(300), rng.choice([1, 3, 3, 3, 4]), rng.randrange(-600, 400),
                    rng.randrange(0, 300), 2500, rng.randrange(2000, 30000), rng.randrange(4)))
    db.commit()
    db.close()
    with open(path, "rb") as handle:
        data = handle.read()
    os.remove(path)
    return data


def zstd(data, *options, pipe=False):
    if pipe:
        return subprocess.run(["zstd", "-q", "-c", *options], input=data, stdout=subprocess.PIPE, check=True).stdout
    with tempfile.NamedTemporaryFile(delete=False) as handle:
        handle.write(data)
    try:
        return subprocess.run(["zstd", "-q", "-c", *options, handle.name], stdout=subprocess.PIPE, check=True).stdout
    finally:
        os.remove(handle.name)


def skippable(magic_low, payload):
    return struct.pack("<II", 0x184D2A50 | magic_low, len(payload)) + payload


def main():
    os.makedirs(ZSTD_DIR, exist_ok=True)
    os.makedirs(ZIP_DIR, exist_ok=True)
    rng = random.Random(20261201)
    inputs = {
        "empty": b"",
        "one-byte": b"Z",
        "random-132k": bytes(rng.getrandbits(8) for _ in range(132_000)),
        "text-150k": text(rng, 150_000),
        "text-small": text(rng, 700),
        "repetitive-4m": repetitive(rng, 4 * 1024 * 1024),
        "sqlite-db": sqlite_database(rng),
    }
    far = bytes(rng.getrandbits(8) for _ in range(32_768))
    inputs["long-distance"] = far + bytes(1_100_000) + text(rng, 2000) + far   # `far` again 1.1 MB later
    inputs["phrases-400k"] = phrases_with_marks(rng, 400_000)
    inputs["eight-symbols"] = bytes(rng.randrange(8) for _ in range(20_000))   # Huffman weights written directly
    cases = []  # (file, input name, zstd options, via pipe)
    for level in ["-1", "-3", "-9", "-19", "--ultra -22"]:
        cases.append((f"text-150k{level.replace(' ', '').replace('--ultra', '')}", "text-150k", level.split(), False))
    cases += [
        ("empty-3", "empty", ["-3"], False),
        ("empty-pipe", "empty", ["-3"], True),
        ("one-byte-19", "one-byte", ["-19"], False),
        ("one-byte-nocheck", "one-byte", ["-3", "--no-check"], False),
        ("random-132k-3", "random-132k", ["-3"], False),
        ("text-small-19", "text-small", ["-19"], False),
        ("text-small-1-nocheck", "text-small", ["-1", "--no-check"], False),
        ("text-small-pipe", "text-small", ["-3"], True),
        ("text-150k-nocheck", "text-150k", ["-3", "--no-check"], False),
        ("text-150k-pipe", "text-150k", ["-3"], True),
        ("repetitive-4m-1", "repetitive-4m", ["-1"], False),
        ("repetitive-4m-3", "repetitive-4m", ["-3"], False),
        ("repetitive-4m-19", "repetitive-4m", ["-19"], False),
        ("repetitive-4m-long", "repetitive-4m", ["-3", "--long"], False),
        ("repetitive-4m-pipe-nocheck", "repetitive-4m", ["-3", "--no-check"], True),
        ("sqlite-db-3", "sqlite-db", ["-3"], False),
        ("sqlite-db-19", "sqlite-db", ["-19"], False),
        ("sqlite-db-pipe", "sqlite-db", ["-3"], True),
        ("phrases-400k-3", "phrases-400k", ["-3"], False),
        ("phrases-400k-19", "phrases-400k", ["-19"], False),
        ("eight-symbols-3", "eight-symbols", ["-3"], False),
        ("long-distance-1", "long-distance", ["-1"], False),
        ("long-distance-1-long", "long-distance", ["-1", "--long"], False),
    ]
    manifest = []
    frames = {}
    for name, source, options, pipe in cases:
        data = inputs[source]
        frame = zstd(data, *options, pipe=pipe)
        frames[name] = frame
        with open(os.path.join(ZSTD_DIR, name + ".zst"), "wb") as handle:
            handle.write(frame)
        manifest.append({"file": name + ".zst", "made": "zstd " + " ".join(options) + (" < input (a pipe: no content size)" if pipe else " input"),
                         "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "checksum": "--no-check" not in options})
    # Several frames, and skippable frames around one.
    joined = frames["text-small-19"] + frames["empty-3"] + frames["repetitive-4m-pipe-nocheck"] + frames["one-byte-19"]
    expected = inputs["text-small"] + inputs["repetitive-4m"] + inputs["one-byte"]
    with open(os.path.join(ZSTD_DIR, "four-frames.zst"), "wb") as handle:
        handle.write(joined)
    manifest.append({"file": "four-frames.zst", "made": "cat text-small-19.zst empty-3.zst repetitive-4m-pipe-nocheck.zst one-byte-19.zst",
                     "bytes": len(expected), "sha256": hashlib.sha256(expected).hexdigest(), "checksum": True})
    with_skippable = skippable(3, b"sixteen bytes..!") + frames["text-small-1-nocheck"] + skippable(15, b"") + frames["one-byte-19"]
    expected = inputs["text-small"] + inputs["one-byte"]
    with open(os.path.join(ZSTD_DIR, "skippable-frames.zst"), "wb") as handle:
        handle.write(with_skippable)
    manifest.append({"file": "skippable-frames.zst", "made": "skippable frame (magic 0x184D2A53, 16 bytes) + text-small-1-nocheck.zst + "
                     "empty skippable frame (0x184D2A5F) + one-byte-19.zst", "bytes": len(expected),
                     "sha256": hashlib.sha256(expected).hexdigest(), "checksum": False})
    with open(os.path.join(ZSTD_DIR, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)
        handle.write("\n")

    # XXH64's low 32 bits, as zstd stores them after a frame, for inputs of every length to 100
    # and some longer: byte i of an input of length n is (i * 167 + n) % 256.
    checksums = []
    for length in list(range(0, 101)) + [127, 128, 255, 256, 1000, 4096, 65_537]:
        data = bytes((index * 167 + length) % 256 for index in range(length))
        frame = zstd(data, "-1")
        checksums.append({"length": length, "low32": "%08X" % struct.unpack("<I", frame[-4:])[0]})
    with open(os.path.join(ZSTD_DIR, "xxh64-low32.json"), "w") as handle:
        json.dump(checksums, handle, indent=0)
        handle.write("\n")

    # Zip archives.
    zips = []
    small = inputs["text-small"]
    entries = [("collection.anki21b", frames["text-small-19"]), ("meta", b"\x08\x03"), ("résumé/日本語.txt", small),
               ("empty.txt", b""), ("folder/", b"")]

    moment = (2026, 12, 1, 12, 0, 0)   # fixed times: the same bytes on every run

    def info(entry_name, method):
        item = zipfile.ZipInfo(entry_name, date_time=moment)
        item.compress_type = method
        if entry_name.endswith("/"):
            item.external_attr = 0o40755 << 16 | 0x10
        return item

    def write(name, method, **keywords):
        path = os.path.join(ZIP_DIR, name)
        with zipfile.ZipFile(path, "w", compression=method, **keywords) as archive:
            for entry_name, data in entries:
                archive.writestr(info(entry_name, method), data)
        return path

    write("python-stored.zip", zipfile.ZIP_STORED)
    write("python-deflated.zip", zipfile.ZIP_DEFLATED, compresslevel=9)
    write("python-bzip2.zip", zipfile.ZIP_BZIP2)
    path = os.path.join(ZIP_DIR, "python-zip64.zip")
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for entry_name, data in entries[:3]:
            with archive.open(info(entry_name, zipfile.ZIP_DEFLATED), "w", force_zip64=True) as handle:
                handle.write(data)

    class Unseekable(io.RawIOBase):
        def __init__(self):
            self.buffer = bytearray()
        def writable(self):
            return True
        def write(self, data):
            self.buffer += data
            return len(data)

    stream = Unseekable()
    with zipfile.ZipFile(stream, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for entry_name, data in entries[:3]:
            archive.writestr(info(entry_name, zipfile.ZIP_DEFLATED), data)
    with open(os.path.join(ZIP_DIR, "python-descriptors.zip"), "wb") as handle:
        handle.write(bytes(stream.buffer))
    scratch = tempfile.mkdtemp()
    stamp = 1_796_126_400   # 2026-12-01 12:00 UTC
    for entry_name, data in [("meta", b"\x08\x03"), ("text.txt", small)]:
        with open(os.path.join(scratch, entry_name), "wb") as handle:
            handle.write(data)
        os.utime(os.path.join(scratch, entry_name), (stamp, stamp))
    # Fixed times for Info-ZIP too (libfaketime, when present). Two files still differ from run
    # to run: infozip-streamed.zip (zip stamps stdin with the pipe's time) and
    # infozip-encrypted.zip (a random encryption header); their manifest entries do not.
    clock = ["faketime", "-f", "2026-12-01 12:00:00"] if shutil.which("faketime") else []
    environment = dict(os.environ, TZ="UTC")
    for name, options in [("infozip-zip64.zip", ["-fz"]), ("infozip-encrypted.zip", ["-P", "secret"]),
                          ("infozip-stored.zip", ["-0"])]:
        target = os.path.join(ZIP_DIR, name)
        if os.path.exists(target):
            os.remove(target)
        subprocess.run(clock + ["zip", "-q", "-X", *options, target, "meta", "text.txt"], cwd=scratch, check=True, env=environment)
    streamed = subprocess.run(clock + ["zip", "-q", "-X", "-", "-"], input=small, stdout=subprocess.PIPE, check=True, env=environment).stdout
    with open(os.path.join(ZIP_DIR, "infozip-streamed.zip"), "wb") as handle:
        handle.write(streamed)
    for file in sorted(os.listdir(ZIP_DIR)):
        if not file.endswith(".zip"):
            continue
        path = os.path.join(ZIP_DIR, file)
        with zipfile.ZipFile(path) as archive:
            listed = []
            for info in archive.infolist():
                item = {"name": info.filename, "size": info.file_size, "compressedSize": info.compress_size,
                        "method": info.compress_type, "flags": info.flag_bits}
                if not info.flag_bits & 1 and info.compress_type in (0, 8):
                    item["sha256"] = hashlib.sha256(archive.read(info)).hexdigest()
                listed.append(item)
        zips.append({"file": file, "entries": listed})
    with open(os.path.join(ZIP_DIR, "manifest.json"), "w") as handle:
        json.dump(zips, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    print("fixtures written:", len(manifest), "zstd,", len(zips), "zip")


if __name__ == "__main__":
    main()
