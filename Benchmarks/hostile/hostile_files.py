"""The fourth hostile pass (issue 35, the Anki-file half): what a file, or a neighbour who can put
files beside one, can do to `zhixi-review` reading an Anki collection. Every case is built here,
from the reference collection in Tests/Fixtures/Anki and the live one in
Tests/ZhiXiAnkiTests/Fixtures/live, with Python's sqlite3 and byte surgery:

  btree     damaged b-trees: interior pages whose cells all point at one child (one and two
            levels deep), a child pointer back to its parent, past the file's end, a cell
            pointer past its page, keys out of order, a freelist that lies, an overflow loop
  header    lying headers and companions: a page count of 262,143 in a 450 KB file, a page size
            that does not divide the file, a 4 KB `-wal` whose commit claims 262,143 pages, a
            `-wal` frame for page 262,143, a hot `-journal` claiming 262,143 original pages
  bomb      a .colpkg whose Zstandard frame (with and without a declared size) or deflated
            legacy entry expands to 1 GiB behind a 446 KB collection; a header that honestly
            gives 1 GiB of pages; an entry declaring 3 GiB
  schema    a generated column, a view and a trigger, a view in place of the review log, a
            virtual table, a default that is an expression, a value of 80 MiB
  special   a named pipe, a socket, a directory, a link to /dev/zero and (as root) a character
            device as the collection's -wal, -journal or -shm
  link      the collection reached through symbolic links (absolute, relative, chained), with a
            decoy -wal beside the link
  values    out-of-range numbers: steps, retention, easy days, offsets, creation time,
            review-log times and intervals, a card's memory state, in current and legacy
            collections; an option's step of 2^70 days
  stdin     a collection on standard input: whole, cut at whole pages, cut mid-page, with pages
            after the header's count, a package

Each run is judged: crash (a signal), hang (still running at its timeout), silent accept (0
where a refusal was due), wrong exit (another status), unclear error (a refusal that does not
name the file, or does not say what is wrong), wrong answer (an accept whose output differs from
the same collection read soundly), cost (a refusal taking 10 s or more, or 500 MiB or more of
resident memory; an accept more than its size allows). Peak resident memory is measured with
/usr/bin/time; the Zstandard cases need the `zstd` tool (skipped, and said, without it).
"""

import os
import shutil
import socket
import sqlite3
import stat
import struct
import subprocess
import tempfile
import time
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BASE = os.path.join(ROOT, "Tests", "Fixtures", "Anki", "collection.anki2")
LIVE = os.path.join(ROOT, "Tests", "ZhiXiAnkiTests", "Fixtures", "live")
LEGACY_COLPKG = os.path.join(ROOT, "Tests", "Fixtures", "Anki", "legacy.colpkg")
NOW = "2026-12-01T12:00:00Z"
SECONDS = 10          # a refusal must take less
MEBIBYTES = 500       # and less resident memory
CLASSES = ("crash", "hang", "silent accept", "wrong exit", "unclear error", "wrong answer", "cost")


# ---------------------------------------------------------------------------------------------
# SQLite's formats, as far as the cases need them

def page_size(data):
    size = struct.unpack(">H", data[16:18])[0]
    return 65536 if size == 1 else size


def root_page(path, table):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        return db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    finally:
        db.close()


def interior_children(data, page):
    """The child page numbers of an interior table page, and where each is written."""
    size = page_size(data)
    base = (page - 1) * size
    header = base + (100 if page == 1 else 0)
    assert data[header] == 0x05, "page %d is not an interior table page" % page
    count = struct.unpack(">H", data[header + 3:header + 5])[0]
    places = []
    for cell in range(count):
        offset = base + struct.unpack(">H", data[header + 12 + 2 * cell:header + 14 + 2 * cell])[0]
        places.append(offset)
    places.append(header + 8)   # the right-most pointer
    return [(struct.unpack(">I", data[place:place + 4])[0], place) for place in places]


def wal_checksum(data, seed=(0, 0)):
    s0, s1 = seed
    for index in range(0, len(data), 8):
        x0, x1 = struct.unpack("<II", data[index:index + 8])
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def write_ahead_log(size, frames):
    """A valid -wal (little-endian checksums): frames of (page number, commit size, page bytes)."""
    salts = (0x1234, 0x5678)
    header = struct.pack(">IIIIII", 0x377F0682, 3007000, size, 0, *salts)
    sums = wal_checksum(header)
    out = bytearray(header + struct.pack(">II", *sums))
    for number, commit, page in frames:
        head = struct.pack(">II", number, commit)
        sums = wal_checksum(head, sums)
        sums = wal_checksum(page, sums)
        out += head + struct.pack(">II", *salts) + struct.pack(">II", *sums) + page
    return bytes(out)


def rollback_journal(size, original_pages, records):
    """A hot -journal (sector 512): records of (page number, original bytes)."""
    nonce = 7
    header = bytes([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]) + struct.pack(">IIIII", len(records), nonce, original_pages, 512, size)
    out = bytearray(header.ljust(512, b"\0"))
    for number, page in records:
        total = nonce
        index = size - 200
        while index > 0:
            total = (total + page[index]) & 0xFFFFFFFF
            index -= 200
        out += struct.pack(">I", number) + page + struct.pack(">I", total)
    return bytes(out)


# Protocol Buffers, the few wire types a preset uses.

def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_varint(data, index):
    value = shift = 0
    while True:
        byte = data[index]
        index += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, index


def proto_fields(data):
    fields, index = [], 0
    while index < len(data):
        key, start = read_varint(data, index)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, end = read_varint(data, start)
        elif wire == 1:
            end = start + 8
        elif wire == 5:
            end = start + 4
        elif wire == 2:
            length, body = read_varint(data, start)
            end = body + length
        else:
            raise ValueError("wire type %d" % wire)
        fields.append((number, wire, data[index:end]))
        index = end
    return fields


def proto_replace(data, number, encoded):
    """`data` with every field `number` removed and `encoded` (a whole field, key included) added."""
    kept = b"".join(raw for field, _, raw in proto_fields(data) if field != number)
    return kept + encoded


def packed_floats(number, values):
    body = b"".join(struct.pack("<f", value) for value in values)
    return varint(number << 3 | 2) + varint(len(body)) + body


def float_field(number, value):
    return varint(number << 3 | 5) + struct.pack("<f", value)


def varint_field(number, value):
    return varint(number << 3) + varint(value)


# ---------------------------------------------------------------------------------------------

class FourthPass:
    def __init__(self, binary, scratch, verbose=False, only=None):
        self.binary, self.scratch, self.verbose, self.only = binary, scratch, verbose, only
        self.results, self.skipped = [], []
        self.is_root = os.geteuid() == 0
        self.references = {}

    # --- files -------------------------------------------------------------------------------

    def folder(self, name):
        return tempfile.mkdtemp(prefix=name + "-", dir=self.scratch)

    def copy(self, source=BASE, name="collection.anki2"):
        """A copy of a collection in a folder of its own, as a plain (rollback-journal) file."""
        path = os.path.join(self.folder("c"), name)
        shutil.copyfile(source, path)
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode = DELETE")
        db.close()
        return path

    def edited(self, statements=None, function=None, source=BASE):
        path = self.copy(source)
        db = sqlite3.connect(path)
        db.create_collation("unicase", lambda a, b: (a.casefold() > b.casefold()) - (a.casefold() < b.casefold()))
        if statements:
            db.executescript(statements)
        if function:
            function(db)
        db.commit()
        db.close()
        return path

    def patched(self, path, patch):
        """`patch(bytearray)` applied to the file's bytes."""
        with open(path, "rb") as file:
            data = bytearray(file.read())
        patch(data)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def grown(self):
        """The reference collection with 300,000 more review-log rows: a table three levels deep."""
        if "grown" not in self.references:
            def add(db):
                rows = ((1_900_000_000_000 + index * 1000, 1_767_600_000_000 + index % 297, 0, 3, 5, 3, 2500, 4000, 1)
                        for index in range(300_000))
                db.executemany("INSERT INTO revlog VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            self.references["grown"] = self.edited(function=add)
        return self.references["grown"]

    # --- running -----------------------------------------------------------------------------

    def run_binary(self, argv, stdin=None, timeout=60):
        """Runs the binary under /usr/bin/time; (status, stdout, stderr, seconds, peak MiB, timed out)."""
        measure = os.path.join(self.scratch, "time.txt")
        command = ["/usr/bin/time", "-f", "%M", "-o", measure, "prlimit", "--as=%d" % (3 << 30), "--", self.binary] + argv
        stdin_handle = subprocess.DEVNULL
        if isinstance(stdin, (bytes, bytearray)):
            stdin_handle = subprocess.PIPE
        started = time.monotonic()
        process = subprocess.Popen(command, stdin=stdin_handle, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=self.scratch, start_new_session=True, env=dict(os.environ, LANG="C.UTF-8"))
        timed_out = False
        try:
            out, err = process.communicate(bytes(stdin) if stdin is not None else None, timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, 9)
            out, err = process.communicate()
        seconds = time.monotonic() - started
        peak = 0.0
        try:
            with open(measure) as file:
                lines = [line for line in file.read().split("\n") if line.strip().isdigit()]
                peak = int(lines[-1]) / 1024 if lines else 0.0
        except OSError:
            pass
        status = process.returncode
        if status is not None and status < 0:
            status = 128 - status
        # /usr/bin/time reports a child killed by a signal as "Command terminated by signal N".
        signal_line = [line for line in err.decode("utf-8", "replace").split("\n") if "terminated by signal" in line]
        if signal_line:
            status = 128 + int(signal_line[-1].split()[-1])
        return status, out, err, seconds, peak, timed_out

    def reference(self, path, argv_tail=()):
        """The output of the sound collection, to compare accepts with."""
        key = (path, tuple(argv_tail))
        if key not in self.references:
            status, out, err, _, _, _ = self.run_binary(["states", path, "--format", "csv", "--now", NOW] + list(argv_tail))
            if status != 0:
                raise RuntimeError("the sound collection %s is refused: %s" % (path, err.decode()[-300:]))
            self.references[key] = out
        return self.references[key]

    def case(self, group, name, path, expect, says=(), same_as=None, stdin=None, argv=None, shown=None, memory=MEBIBYTES,
             timeout=60):
        """One run of `states PATH --format csv --now …` (or `argv`), judged.

        expect: the statuses allowed; says: words the message must hold (besides the file's name,
        `shown`, default the path's last part); same_as: the path of a sound collection whose
        output an accept must equal; memory: the most resident MiB (refusals: 500)."""
        if self.only and self.only not in group and self.only not in name:
            return
        argv = argv or ["states", path, "--format", "csv", "--now", NOW]
        status, out, err, seconds, peak, timed_out = self.run_binary(argv, stdin=stdin, timeout=timeout)
        message = err.decode("utf-8", "replace")
        findings = []
        if timed_out:
            findings.append(("hang", "still running after %d s" % timeout))
        elif status in (132, 133, 134, 135, 136, 137, 139) or status >= 128:
            findings.append(("crash", "status %d: %s" % (status, message[-300:].strip())))
        elif status not in expect:
            kind = "silent accept" if status == 0 else "wrong exit"
            findings.append((kind, "status %d, expected %s: %s" % (status, sorted(expect), message[-300:].strip())))
        elif status != 0:
            name_shown = shown if shown is not None else os.path.basename(path) if path else ""
            if name_shown and name_shown not in message:
                findings.append(("unclear error", "the message does not name %s: %s" % (name_shown, message[-300:].strip())))
            missing = [word for word in says if word.lower() not in message.lower()]
            if missing:
                findings.append(("unclear error", "the message does not say %s: %s" % (", ".join(missing), message[-300:].strip())))
            if seconds >= SECONDS or peak >= memory:
                findings.append(("cost", "refused after %.1f s and %.0f MiB" % (seconds, peak)))
        else:
            if same_as is not None and out != self.reference(same_as):
                findings.append(("wrong answer", "the output differs from the sound collection's (%d bytes / %d)"
                                 % (len(out), len(self.reference(same_as)))))
            if peak >= memory:
                findings.append(("cost", "accepted with %.0f MiB, more than %d" % (peak, memory)))
        verdict = findings[0][0] if findings else ("accept" if status == 0 else "error")
        self.results.append({"group": group, "case": name, "pass": "fourth", "status": status, "seconds": round(seconds, 2),
                             "peak_mib": round(peak, 1), "verdict": verdict, "findings": [text for _, text in findings],
                             "message": message.strip()[-400:]})
        if self.verbose or findings:
            print("%-13s %-8s %-58s %5.1f s %6.0f MiB %s" % (verdict, group, name[:58], seconds, peak,
                                                             "; ".join(text for _, text in findings)[:200]), flush=True)

    # --- the classes -------------------------------------------------------------------------

    def btrees(self):
        def all_children_to_first(table, levels):
            def patch(data):
                root = root_page(path, table)
                pages = [root]
                for _ in range(levels):
                    below = []
                    for page in pages:
                        children = interior_children(data, page)
                        first = children[0][0]
                        for _, place in children:
                            data[place:place + 4] = struct.pack(">I", first)
                        below.append(first)
                    pages = below
            return patch
        path = self.copy()
        self.patched(path, all_children_to_first("revlog", 1))
        self.case("btree", "the review log's root: every cell points at one leaf", path, {65}, says=("damaged",))
        path = self.copy()
        self.patched(path, all_children_to_first("cards", 1))
        self.case("btree", "the cards' root: every cell points at one leaf", path, {65}, says=("damaged",))
        path = self.copy(self.grown())
        self.patched(path, all_children_to_first("revlog", 2))
        self.case("btree", "two levels deep (303,000 rows): every cell at one child", path, {65}, says=("damaged",))

        def child_to(target):
            def patch(data):
                root = root_page(path, "revlog")
                children = interior_children(data, root)
                place = children[len(children) // 2][1]
                data[place:place + 4] = struct.pack(">I", target(root))
            return patch
        path = self.copy()
        self.patched(path, child_to(lambda root: root))
        self.case("btree", "a child pointer back to its own page (a loop)", path, {65}, says=("damaged",))
        path = self.copy()
        self.patched(path, child_to(lambda root: 0x7FFFFFF0))
        self.case("btree", "a child pointer past the file's end", path, {65}, says=("damaged",))

        def leaf_patch(kind):
            def patch(data):
                size = page_size(data)
                root = root_page(path, "revlog")
                leaf = interior_children(data, root)[1][0]
                base = (leaf - 1) * size
                if kind == "cell pointer":
                    data[base + 8:base + 10] = struct.pack(">H", size + 40)
                else:   # swap the first two cells' rowids (a one-byte payload size, then a 6-byte varint rowid)
                    first = base + struct.unpack(">H", data[base + 8:base + 10])[0] + 1
                    second = base + struct.unpack(">H", data[base + 10:base + 12])[0] + 1
                    data[first:first + 6], data[second:second + 6] = bytes(data[second:second + 6]), bytes(data[first:first + 6])
            return patch
        path = self.copy()
        self.patched(path, leaf_patch("cell pointer"))
        self.case("btree", "a leaf's cell pointer past its page", path, {65}, says=("damaged",))
        path = self.copy()
        self.patched(path, leaf_patch("order"))
        self.case("btree", "a leaf's keys out of order", path, {65}, says=("damaged",))
        path = self.copy()
        self.patched(path, lambda data: data.__setitem__(slice(36, 40), struct.pack(">I", 999_999)))
        self.case("btree", "a freelist count of 999,999 in the header", path, {65}, says=("damaged",))

        def overflow_loop(db):
            db.execute("INSERT INTO notes VALUES (1767700000000, 'loop', 1, 0, 0, '', ?, 'x', 0, 0, '')", ("x" * 20000,))
        path = self.edited(function=overflow_loop)

        def loop(data):
            size = page_size(data)
            # The note's first overflow page: the largest page whose first 4 bytes point at a page
            # whose content is 'x' (the chain); point the first at itself.
            marker = b"x" * 64
            for page in range(2, len(data) // size + 1):
                start = (page - 1) * size
                if data[start + 4:start + 68] == marker:
                    data[start:start + 4] = struct.pack(">I", page)
                    return
            raise RuntimeError("no overflow page found")
        self.patched(path, loop)
        self.case("btree", "an overflow chain that loops on itself", path, {65}, says=("damaged",))

    def headers(self):
        path = self.copy()

        def claim(data):
            data[28:32] = struct.pack(">I", 262_143)
            data[92:96] = data[24:28]
        self.patched(path, claim)
        self.case("header", "a page count of 262,143 in a 446 KB file", path, {65}, says=("262143", "pages"))
        path = self.copy()
        self.patched(path, lambda data: data.__setitem__(slice(16, 18), b"\x00\x01"))
        self.case("header", "a page size (65,536) that does not divide the file", path, {65}, says=("pages",))
        path = self.copy()
        self.patched(path, lambda data: data.__setitem__(slice(16, 18), b"\x0c\x00"))
        self.case("header", "a page size of 3,072 (not a power of two)", path, {65}, says=("SQLite",))

        with open(BASE, "rb") as file:
            base = file.read()
        size = page_size(base)
        first = bytearray(base[:size])
        first[18:20] = b"\x01\x01"
        path = self.copy()
        with open(path + "-wal", "wb") as file:
            file.write(write_ahead_log(size, [(1, 262_143, bytes(first))]))
        self.case("header", "a 4 KB -wal whose commit claims 262,143 pages", path, {65}, says=("write-ahead log", "262143"))
        path = self.copy()
        with open(path + "-wal", "wb") as file:
            file.write(write_ahead_log(size, [(262_143, 262_143, bytes(size))]))
        self.case("header", "a -wal frame for page 262,143", path, {65}, says=("write-ahead log",))
        path = self.copy()
        with open(path + "-journal", "wb") as file:
            file.write(rollback_journal(size, 262_143, []))
        self.case("header", "a hot -journal claiming 262,143 original pages", path, {65}, says=("journal", "262143"))
        path = self.copy()
        with open(path + "-journal", "wb") as file:
            file.write(rollback_journal(size, len(base) // size, [(262_143, bytes(size))]))
        self.case("header", "a hot -journal with a record for page 262,143 (ignored)", path, {0}, same_as=BASE)

    def bombs(self):
        with open(BASE, "rb") as file:
            base = file.read()
        gibibyte = 1 << 30

        def colpkg(name, entry, data_writer, compression=zipfile.ZIP_STORED):
            path = os.path.join(self.folder("bomb"), name)
            with zipfile.ZipFile(path, "w", compression=compression, allowZip64=True) as archive:
                with archive.open(entry, "w", force_zip64=True) as handle:
                    data_writer(handle)
                archive.writestr("meta", b"\x08\x03")
            return path

        def zeros(handle, count):
            block = bytes(1 << 20)
            for _ in range(count >> 20):
                handle.write(block)

        if shutil.which("zstd"):
            for declared in (False, True):
                compressed = os.path.join(self.folder("zstd"), "collection.zst")
                total = gibibyte - (gibibyte - len(base)) % (1 << 20)
                # From a pipe zstd declares no content size, unless told the stream's size.
                subprocess.run("{ cat '%s'; head -c %d /dev/zero; } | zstd -q -3 %s -o '%s'"
                               % (BASE, total - len(base), "--stream-size=%d" % total if declared else "", compressed),
                               shell=True, check=True, executable="/bin/bash")

                def write_compressed(handle, source=compressed):
                    with open(source, "rb") as file:
                        shutil.copyfileobj(file, handle)
                path = colpkg("bomb.colpkg", "collection.anki21b", write_compressed)
                self.case("bomb", "a %d KB zstd frame (%s) expanding to 1 GiB behind the collection"
                          % (os.path.getsize(compressed) // 1024, "size declared" if declared else "no size"),
                          path, {65}, says=("446464",))
            honest = bytearray(base)
            honest[28:32] = struct.pack(">I", gibibyte // page_size(base))
            honest[92:96] = honest[24:28]
            header = os.path.join(self.folder("zstd"), "honest.head")
            with open(header, "wb") as file:
                file.write(honest)
            compressed = header + ".zst"
            subprocess.run("{ cat '%s'; head -c %d /dev/zero; } | zstd -q -3 -o '%s'" % (header, gibibyte - len(base), compressed),
                           shell=True, check=True, executable="/bin/bash")

            def write_honest(handle, source=compressed):
                with open(source, "rb") as file:
                    shutil.copyfileobj(file, handle)
            path = colpkg("honest.colpkg", "collection.anki21b", write_honest)
            self.case("bomb", "a header that honestly gives 1 GiB of pages (its size: memory up to 1.3 GiB)", path, {0, 65},
                      same_as=BASE, memory=1300)
        else:
            self.skipped.append("the Zstandard bombs (no zstd tool)")

        def legacy(handle):
            handle.write(base)
            zeros(handle, gibibyte - len(base) - (gibibyte - len(base)) % (1 << 20))
        path = colpkg("bomb-legacy.colpkg", "collection.anki21", legacy, zipfile.ZIP_DEFLATED)
        self.case("bomb", "a %d KB deflated legacy entry expanding to 1 GiB" % (os.path.getsize(path) // 1024), path, {65},
                  says=("446464",))
        # An entry declaring 3 GiB: the central directory's size, rewritten.
        path = colpkg("declared.colpkg", "collection.anki21", lambda handle: handle.write(base), zipfile.ZIP_DEFLATED)

        def declare(data):
            # The first central header (the collection's): its size, in its ZIP64 extra field if any.
            index = data.find(b"PK\x01\x02")
            name_length, extra_length = struct.unpack("<HH", data[index + 28:index + 32])
            extra = index + 46 + name_length
            while extra < index + 46 + name_length + extra_length:
                tag, length = struct.unpack("<HH", data[extra:extra + 4])
                if tag == 1:
                    data[extra + 4:extra + 12] = struct.pack("<Q", 3 << 30)
                    return
                extra += 4 + length
            data[index + 24:index + 28] = struct.pack("<I", 3 << 30)   # no ZIP64 field: the 32-bit size
        self.patched(path, declare)
        self.case("bomb", "an entry declaring 3 GiB", path, {65}, says=("limit",))

    def schema(self):
        def generated(db):
            columns = [row[1] for row in db.execute("PRAGMA table_info(cards)")]
            kept = [column for column in columns if column != "data"]
            sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'cards'").fetchone()[0]
            sql = sql.replace("CREATE TABLE cards", "CREATE TABLE cards_new")
            sql = sql.replace("data text NOT NULL", "data text GENERATED ALWAYS AS (printf('%.*c', 999999999, 'x')) VIRTUAL")
            db.execute(sql)
            db.execute("INSERT INTO cards_new (%s) SELECT %s FROM cards" % (", ".join(kept), ", ".join(kept)))
            db.execute("DROP TABLE cards")
            db.execute("ALTER TABLE cards_new RENAME TO cards")
        self.case("schema", "a generated column printf('%.*c', 999999999, 'x') as cards.data", self.edited(function=generated),
                  {65}, says=("generated column",))
        path = self.edited("""
            CREATE VIEW endless AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n;
            CREATE TRIGGER costly AFTER INSERT ON revlog BEGIN SELECT printf('%.*c', 999999999, 'x'); END;
            CREATE TRIGGER costlier BEFORE UPDATE ON cards BEGIN SELECT count(*) FROM endless; END;
            """)
        self.case("schema", "an endless view and costly triggers beside the tables (never read)", path, {0}, same_as=BASE)
        path = self.edited("""
            ALTER TABLE revlog RENAME TO revlog_kept;
            CREATE VIEW revlog AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n)
              SELECT x AS id, 1 AS cid, 0 AS usn, 3 AS ease, 1 AS ivl, 0 AS lastIvl, 2500 AS factor, 1 AS time, 1 AS type FROM n;
            """)
        self.case("schema", "an endless view in place of the review log", path, {65}, says=("revlog",))

        def rewrite(table, old, new):
            def function(db):
                db.execute("PRAGMA writable_schema = ON")
                sql = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
                db.execute("UPDATE sqlite_master SET sql = ? WHERE name = ?", (sql.replace(old, new), table))
                db.execute("PRAGMA writable_schema = OFF")
            return function
        path = self.edited(function=rewrite("revlog", "type integer NOT NULL\n)",
                                            "type integer NOT NULL,\n  extra text DEFAULT (printf('%.*c', 999999999, 'x'))\n)"))
        self.case("schema", "a column whose default is printf('%.*c', 999999999, 'x')", path, {65}, says=("default",))
        path = self.edited(function=rewrite("revlog", "CREATE TABLE revlog (", "CREATE VIRTUAL TABLE revlog USING nosuch ("))
        self.case("schema", "the review log as a virtual table", path, {65}, says=("revlog",))
        path = self.edited(function=lambda db: db.execute("UPDATE cards SET data = ? WHERE id = (SELECT min(id) FROM cards)",
                                                          ("{" + " " * (80 << 20) + "}",)))
        self.case("schema", "a card's data of 80 MiB", path, {65}, says=("64 MiB",))

    def special(self):
        for suffix in ("-wal", "-journal", "-shm"):
            path = self.copy()
            os.mkfifo(path + suffix)
            self.case("special", "a named pipe as " + suffix, path, {66}, says=("named pipe",), timeout=30)
        path = self.copy()
        os.symlink("/dev/zero", path + "-wal")
        self.case("special", "-wal a link to /dev/zero", path, {66}, says=("character device",), timeout=30)
        path = self.copy()
        os.mkdir(path + "-wal")
        self.case("special", "-wal a directory", path, {66}, says=("directory",))
        path = self.copy()
        fifo = os.path.join(self.folder("fifo"), "pipe")
        os.mkfifo(fifo)
        os.symlink(fifo, path + "-journal")
        self.case("special", "-journal a link to a named pipe elsewhere", path, {66}, says=("named pipe",), timeout=30)
        path = self.copy()
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path + "-wal")
        self.case("special", "-wal a socket", path, {66}, says=("socket",), timeout=30)
        server.close()
        if self.is_root:
            path = self.copy()
            os.mknod(path + "-wal", stat.S_IFCHR | 0o600, os.makedev(1, 5))
            self.case("special", "-wal a character device (mknod 1 5, /dev/zero)", path, {66}, says=("character device",), timeout=30)
        else:
            self.skipped.append("a character device as -wal (needs root for mknod)")

    def links(self):
        live = os.path.join(self.folder("live"), "profile")
        shutil.copytree(LIVE, live)
        target = os.path.join(live, "collection.anki2")
        elsewhere = self.folder("elsewhere")
        link = os.path.join(elsewhere, "collection.anki2")
        os.symlink(target, link)
        self.case("link", "a link to a live collection (its -wal beside the file)", link, {0}, same_as=target)
        relative = os.path.join(self.folder("relative"), "mine.anki2")
        os.symlink(os.path.relpath(target, os.path.dirname(relative)), relative)
        self.case("link", "a relative link", relative, {0}, same_as=target)
        chain = os.path.join(self.folder("chain"), "c.anki2")
        os.symlink(link, chain)
        self.case("link", "a chain of two links", chain, {0}, same_as=target)
        decoy = os.path.join(self.folder("decoy"), "collection.anki2")
        os.symlink(target, decoy)
        with open(BASE, "rb") as file:
            base = file.read()
        size = page_size(base)
        with open(decoy + "-wal", "wb") as file:
            file.write(write_ahead_log(size, [(1, 262_143, bytes(size))]))
        os.mkfifo(decoy + "-journal")
        self.case("link", "a decoy -wal and a pipe beside the link (not the file's)", decoy, {0}, same_as=target, timeout=30)

    def values(self):
        def preset(update):
            def function(db):
                for identifier, config in db.execute("SELECT id, config FROM deck_config").fetchall():
                    db.execute("UPDATE deck_config SET config = ? WHERE id = ?", (update(bytes(config)), identifier))
            return self.edited(function=function)
        nan = float("nan")
        for name, update, says in (
                ("a learning step of 1.7e18 minutes", lambda c: proto_replace(c, 1, packed_floats(1, [1.0, 1.7e18])), "learning step"),
                ("a relearning step of 1.7e18 minutes", lambda c: proto_replace(c, 2, packed_floats(2, [1.7e18])), "relearning step"),
                ("a learning step of -5 minutes", lambda c: proto_replace(c, 1, packed_floats(1, [-5.0])), "learning step"),
                ("a learning step of NaN minutes", lambda c: proto_replace(c, 1, packed_floats(1, [nan])), "learning step"),
                ("a 40-day step with a maximum interval of 30 days",
                 lambda c: proto_replace(proto_replace(c, 16, varint_field(16, 30)), 1, packed_floats(1, [57_600.0])), "maximum interval"),
                ("a desired retention of 0.0001", lambda c: proto_replace(c, 37, float_field(37, 0.0001)), "retention"),
                ("a desired retention of 0.995", lambda c: proto_replace(c, 37, float_field(37, 0.995)), "retention"),
                ("a desired retention of NaN", lambda c: proto_replace(c, 37, float_field(37, nan)), "retention"),
                ("an easy-days factor of 7", lambda c: proto_replace(c, 4, packed_floats(4, [1, 1, 1, 1, 1, 7, 1])), "easy-days")):
            self.case("values", name, preset(update), {65}, says=("preset", says))
        for retention in (0.7, 0.99):
            self.case("values", "a desired retention of %.2f (Anki's bounds)" % retention,
                      preset(lambda c, r=retention: proto_replace(c, 37, float_field(37, r))), {0})
        path = preset(lambda c: proto_replace(c, 16, varint_field(16, 1_000_000_000)))
        self.case("values", "a maximum interval of 10^9 days (read as Anki reads it: 36500)", path, {0}, same_as=BASE)

        def config(key, value):
            return self.edited(function=lambda db: db.execute("UPDATE config SET val = ? WHERE KEY = ?", (value.encode(), key)))
        self.case("values", "localOffset 999,999,999 minutes", config("localOffset", "999999999"), {65}, says=("localOffset",))
        self.case("values", "localOffset 841 minutes", config("localOffset", "841"), {65}, says=("localOffset",))
        self.case("values", "creationOffset -2000 minutes", config("creationOffset", "-2000"), {65}, says=("creationOffset",))
        self.case("values", "localOffset -840 minutes (UTC+14, accepted)", config("localOffset", "-840"), {0})
        self.case("values", "col.crt in the year 33658", self.edited("UPDATE col SET crt = 1000000000000"), {65}, says=("col.crt",))
        for name, identifier in (("in the year 9999", 253_402_300_799_000), ("near Int64.max", 9_223_372_036_854_775_000),
                                 ("in the year 1800", -5_364_662_400_000)):
            path = self.edited("UPDATE revlog SET id = %d WHERE id = (SELECT max(id) FROM revlog)" % identifier)
            self.case("values", "a review-log id " + name, path, {65}, says=(str(identifier), "1900"))
        path = self.edited("UPDATE revlog SET ivl = 2147483647 WHERE id = (SELECT max(id) FROM revlog)")
        self.case("values", "a review-log interval of 2^31 - 1 days", path, {65}, says=("interval",))
        for name, data, says in (('a stability of -5', '{"s":-5,"d":5}', "stability"), ('a difficulty of 11', '{"s":5,"d":11}', "difficulty"),
                                 ('a last review in the year 5138', '{"s":5,"d":5,"lrt":100000000000}', "last review")):
            path = self.edited(function=lambda db, d=data: db.execute("UPDATE cards SET data = ? WHERE id = (SELECT min(id) FROM cards)", (d,)))
            self.case("values", "a card's data with " + name, path, {65}, says=("card", says))
        path = self.copy()
        self.case("values", "--learning-steps 2^70 days", path, {64},
                  argv=["states", path, "--learning-steps", "%dd" % (1 << 70), "--now", NOW], says=("learning-steps",), shown="")
        path = preset(lambda c: proto_replace(c, 46, varint(46 << 3 | 2) + varint(17) + b"99999999999-01-01"))
        self.case("values", "ignore reviews before 99999999999-01-01 (not a date: said)", path, {0},
                  argv=["states", path, "--now", NOW])
        # A legacy (schema 11) collection: its presets are JSON in col.dconf.
        legacy_folder = self.folder("legacy")
        with zipfile.ZipFile(LEGACY_COLPKG) as archive:
            archive.extract("collection.anki21", legacy_folder)
        legacy = os.path.join(legacy_folder, "collection.anki21")
        import json
        for name, change, says in (("a legacy step of 1.7e18 minutes", lambda conf: conf["new"].update(delays=[1.7e18]), "learning step"),
                                   ("a legacy retention of 0.0001", lambda conf: conf.update(desiredRetention=0.0001), "retention")):
            def function(db, change=change):
                presets = json.loads(db.execute("SELECT dconf FROM col").fetchone()[0])
                for conf in presets.values():
                    change(conf)
                db.execute("UPDATE col SET dconf = ?", (json.dumps(presets),))
            self.case("values", name, self.edited(function=function, source=legacy), {65}, says=("preset", says))

    def standard_input(self):
        with open(BASE, "rb") as file:
            base = file.read()
        size = page_size(base)
        argv = ["states", "-", "--format", "csv", "--now", NOW]
        self.case("stdin", "a whole collection", None, {0}, stdin=base, argv=argv, same_as=BASE)
        self.case("stdin", "cut at 100 whole pages", None, {65}, stdin=base[:100 * size], argv=argv, shown="standard input",
                  says=("100", "109 pages"))
        self.case("stdin", "cut mid-page", None, {65}, stdin=base[:100 * size + 1000], argv=argv, shown="standard input",
                  says=("whole number",))
        self.case("stdin", "three pages after the header's count", None, {0}, stdin=base + bytes(3 * size), argv=argv, same_as=BASE)
        with open(LEGACY_COLPKG, "rb") as file:
            package = file.read()
        self.case("stdin", "a package", None, {0}, stdin=package, argv=argv)

    def run(self):
        for part in (self.btrees, self.headers, self.bombs, self.schema, self.special, self.links, self.values, self.standard_input):
            part()
        return self.results, self.skipped


def summary_line(results):
    counts = {}
    for result in results:
        counts[result["verdict"]] = counts.get(result["verdict"], 0) + 1
    return counts, ("fourth pass: %d runs: " % len(results) + ", ".join("%d %s" % (counts.get(kind, 0), kind) for kind in CLASSES)
                    + "; %d clear errors, %d correct accepts" % (counts.get("error", 0), counts.get("accept", 0)))
