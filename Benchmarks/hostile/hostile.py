#!/usr/bin/env python3
"""The hostile passes of zhixi-review: inputs a hostile or careless user would type, against
every command, as root and as an unprivileged user, each run bounded in time and memory.

The second pass (issue 16) is the original 402 cases. The third pass (issue 28) adds a hostile
loopback server (`hostile_api.py`: text that drives terminals, another learner, records out of
bounds, a session dated 2199, pages without end, bodies that never end, tokens too large, lost
answers) and a second local user (`second_user.py`: made with `useradd` for the run and removed
after), whose links, directories and entries are planted where root keeps or writes files. Its
runs are judged in the issue's classes: security, data loss, crash, hang, silent accept (0 where
a refusal was due), wrong exit, unclear error.

Every case runs the binary under `prlimit --as` (address space) and a timeout, and is judged:

  crash      ended by a signal (SIGILL 132, SIGABRT 134, SIGBUS 135, SIGKILL 137, SIGSEGV 139)
  hang       still running at its timeout (then killed)
  data loss  a file, an event or a byte the user had is gone or changed when it should not be
  security   the machine or another user harmed: a special file replaced, a directory opened,
             someone else's file taken over, a secret printed, a terminal driven by data
  wrong      an exit status outside the documented ones for the case, or a message naming a
             Swift API or printing raw control characters (not counted in the four above)
  error      a clear refusal with a documented status (64, 65, 66, 69, 74, 75, 76, 77)
  accept     the command did what was asked (0)

Usage (from the package root, after `swift build`):
  python3 Benchmarks/hostile/hostile.py                       # .build/debug/zhixi-review
  python3 Benchmarks/hostile/hostile.py --binary .build/release/zhixi-review --json report.json
  python3 Benchmarks/hostile/hostile.py --only record --verbose

  python3 Benchmarks/hostile/hostile.py --pass third            # only the third pass
  python3 Benchmarks/hostile/hostile.py --pass fourth           # only the fourth pass (Anki files, hostile_files.py)

Runs as any user; as root it also runs the unprivileged cases (user 65534 through setpriv),
those that need mknod and the second local user's, and skips them otherwise (said in the
summary). Every server is a thread of this script on 127.0.0.1. About 5 minutes with a debug
build (the third pass waits out a body that never ends with the default limits once: about 90 s);
at most 2 GiB of address space and 120 s per run; the scratch directory and the second user are
removed at the end.
"""

import argparse
import base64
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_api import HostileAPI, loopback_server      # noqa: E402  (the third pass's server)
from second_user import SecondUser      # noqa: E402  (the third pass's neighbour)
from hostile_files import FourthPass, summary_line as fourth_summary      # noqa: E402  (the fourth pass: Anki files)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "data", "sample-workspace.json")
COLLECTION = os.path.join(ROOT, "Tests", "Fixtures", "Anki", "collection.anki2")
MEMORY = 2 << 30          # address space per run, bytes
TIMEOUT = 120             # seconds per run
SWIFT_API = re.compile(r"URLError|DecodingError|NSError|NSCocoaErrorDomain|Error Domain=|FSRSParameters\(|Swift\.|"
                       r"Foundation\.|CocoaError|EncodingError|\w+Error\(")
CRASH_STATUSES = {132, 133, 134, 135, 136, 137, 139}
NOBODY = 65534


# ---------------------------------------------------------------------------------------------
# Running the binary

class Outcome:
    def __init__(self, status, stdout, stderr, seconds, timed_out):
        self.status, self.stdout, self.stderr, self.seconds, self.timed_out = status, stdout, stderr, seconds, timed_out

    @property
    def crashed(self):
        return not self.timed_out and (self.status < 0 or self.status in CRASH_STATUSES)

    @property
    def text(self):
        return self.stdout.decode("utf-8", "replace")

    @property
    def error(self):
        return self.stderr.decode("utf-8", "replace")


class Runner:
    def __init__(self, binary, scratch):
        self.binary, self.scratch = binary, scratch

    def run(self, argv, stdin=None, user=None, timeout=TIMEOUT, memory=MEMORY, shell=None, env=None):
        """Runs the binary with argv (or `shell`, a /bin/bash script where $Z is the binary)."""
        command = []
        if user is not None:
            uid, gid = user if isinstance(user, tuple) else (user, user)
            command += ["setpriv", "--reuid=%d" % uid, "--regid=%d" % gid, "--clear-groups", "--"]
        command += ["prlimit", "--as=%d" % memory, "--"]
        command += ["/bin/bash", "-c", shell] if shell else [self.binary] + argv
        environment = dict(os.environ, Z=self.binary, HOME=self.scratch, XDG_CONFIG_HOME=os.path.join(self.scratch, "config"))
        environment.update(env or {})
        stdin_handle = subprocess.DEVNULL
        stdin_bytes = None
        if isinstance(stdin, str):
            stdin_handle = open(stdin, "rb")
        elif isinstance(stdin, (bytes, bytearray)):
            stdin_handle = subprocess.PIPE
            stdin_bytes = bytes(stdin)
        started = time.monotonic()
        process = subprocess.Popen(command, stdin=stdin_handle, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=environment, cwd=self.scratch, start_new_session=True)
        timed_out = False
        try:
            stdout, stderr = process.communicate(stdin_bytes, timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
        finally:
            if isinstance(stdin, str):
                stdin_handle.close()
        status = process.returncode
        return Outcome(status, stdout[:1 << 22], stderr[:1 << 20], time.monotonic() - started, timed_out)


# ---------------------------------------------------------------------------------------------
# A loopback server playing the API, with a behaviour chosen by the first path segment:
# http://127.0.0.1:PORT/<mode>/api/...

class FakeAPI:
    MODES = ["ok", "refuse413", "refuse400", "refuse422", "huge", "escape", "dupkey", "slowhuge"]

    def __init__(self):
        self.received = {}
        self.lock = threading.Lock()
        self.server = loopback_server(self.answer)

    def url(self, mode):
        return "http://127.0.0.1:%d/%s/api" % (self.server.server_address[1], mode)

    def stop(self):
        self.server.shutdown()

    @staticmethod
    def user():
        return {"id": "user-1", "appleUserId": "apple-1", "displayName": "晓 林", "email": "lin@example.com",
                "onboardingCompleted": True, "createdAt": "2026-01-01T00:00:00Z", "status": "active"}

    def answer(self, handler, method):
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(min(length, 64 << 20)) if length else b""
        parts = handler.path.split("/", 3)
        mode = parts[1] if len(parts) > 1 else "ok"
        path = "/" + (parts[3] if len(parts) > 3 else "")
        status, payload = 200, {}
        if mode in ("huge", "slowhuge"):
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(2_000_000_000))
            handler.end_headers()
            try:
                chunk = b" " * (1 << 20)
                for _ in range(64 if mode == "huge" else 4):   # a few MiB: a bounded client stops at once
                    handler.wfile.write(chunk)
                    if mode == "slowhuge":
                        time.sleep(0.5)
            except OSError:
                pass
            handler.close_connection = True
            return
        if path.startswith("/auth/apple") or path.startswith("/auth/refresh"):
            payload = {"accessToken": "AT-SECRET-" + uuid.uuid4().hex, "refreshToken": "RT-SECRET-" + uuid.uuid4().hex,
                       "expiresIn": 900, "tokenType": "Bearer", "user": self.user()}
        elif path.startswith("/users/me"):
            payload = self.user()
        elif path.startswith("/auth/logout"):
            status, payload = 204, None
        elif path.startswith("/learning/reading-events/batch"):
            try:
                events = json.loads(body or b"{}").get("events", [])
            except ValueError:
                events = []
            if mode in ("refuse413", "refuse400", "refuse422"):
                status, payload = int(mode[-3:]), None
            else:
                with self.lock:
                    for event in events:
                        self.received[event.get("eventId")] = event
                payload = {"accepted": [event.get("eventId") for event in events], "rejected": []}
        else:
            status, payload = 404, {"code": "NOT_FOUND", "message": "no route"}
        if mode == "escape" and path.startswith("/auth/apple"):
            status, payload = 403, {"code": "NO\x1b[31m", "message": "refused\x1b[2J\nzhixi-review: all is well"}
        text = b"" if payload is None else json.dumps(payload).encode()
        if mode == "dupkey" and text.startswith(b"{"):
            text = b'{"id":"someone-else",' + text[1:]
        handler.send_response(status)
        if text:
            handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(text)))
        handler.end_headers()
        handler.wfile.write(text)


# ---------------------------------------------------------------------------------------------
# Inputs

def sample():
    with open(SAMPLE, encoding="utf-8") as file:
        return json.load(file)


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def event_line(sequence, event_id=None, material="src-1"):
    return compact({"eventId": event_id or str(uuid.uuid4()).upper(), "clientSessionId": "s-1", "materialId": material,
                    "readingTargetType": "knowledge_source", "eventType": "heartbeat", "position": {"progress": 0.5},
                    "activeSecondsDelta": 15, "clientTimestampMs": 1_767_225_600_000 + sequence, "sequence": sequence})


def hostile_workspaces():
    """(name, text, acceptable statuses) of workspaces a hostile user would hand to `plan`."""
    cases = []

    def edited(name, change, expect=(65,)):
        workspace = sample()
        change(workspace)
        cases.append((name, compact(workspace), set(expect)))

    def lessons(key, value):
        return lambda w: w["lessons"][3].__setitem__(key, value)

    def sessions(key, value, index=0):
        return lambda w: w["sessions"][index].__setitem__(key, value)

    edited("estimatedMinutes 1e10", lessons("estimatedMinutes", 10 ** 10))
    edited("estimatedMinutes 1e9", lessons("estimatedMinutes", 10 ** 9))
    edited("estimatedMinutes -5", lessons("estimatedMinutes", -5))
    edited("estimatedMinutes 2^63", lessons("estimatedMinutes", 2 ** 63))
    edited("estimatedMinutes 1e400", lessons("estimatedMinutes", "1e400"))
    edited("order 1e18", lessons("order", 10 ** 18))
    edited("dailyMinutes 10^7", lambda w: w["profile"].__setitem__("dailyMinutes", 10 ** 7))
    edited("dailyMinutes -1", lambda w: w["profile"].__setitem__("dailyMinutes", -1))
    edited("dayStartHour 99", lambda w: w["profile"].__setitem__("dayStartHour", 99))
    edited("desiredRetention 1", lambda w: w["profile"].__setitem__("desiredRetention", 1))
    edited("desiredRetention 1e-300", lambda w: w["profile"].__setitem__("desiredRetention", 1e-300), expect=(0, 65))
    edited("firstWeekday 99", lambda w: w["profile"].__setitem__("firstWeekday", 99))
    edited("firstWeekday 0", lambda w: w["profile"].__setitem__("firstWeekday", 0))
    edited("timeZone Mars", lambda w: w["profile"].__setitem__("timeZone", "Mars/Olympus_Mons"))
    edited("schemaVersion 99", lambda w: w.__setitem__("schemaVersion", 99))
    edited("schemaVersion -1", lambda w: w.__setitem__("schemaVersion", -1))
    edited("schemaVersion 2 (next)", lambda w: w.__setitem__("schemaVersion", 2), expect=(0,))
    edited("masteryScore 1000", sessions("masteryScore", 1000))
    edited("masteryScore -1", sessions("masteryScore", -1))
    edited("startedAt year 9999", sessions("startedAt", "9999-01-01T00:00:00Z"))
    edited("startedAt year 0001", sessions("startedAt", "0001-01-01T00:00:00Z"))
    edited("startedAt year 1800", sessions("startedAt", "1800-01-01T00:00:00Z"))
    edited("endedAt before startedAt", sessions("endedAt", "2026-09-01T10:00:00Z"))
    edited("reviewAt year 3000", sessions("reviewAt", "3000-01-01T00:00:00Z"))
    edited("createdAt garbage", sessions("createdAt", "yesterday"))
    edited("lesson unknown", sessions("lessonId", "no-such-lesson"))
    edited("reviewTask year 5000", lambda w: w.setdefault("reviewTasks", []).append(
        {"id": "t", "userId": "user-lin-xiao", "lessonId": "lesson-1-1", "reviewType": "recall",
         "scheduledAt": "5000-01-01T00:00:00Z"}))
    edited("feedback rating 99", lambda w: w.setdefault("feedback", []).append(
        {"id": "f", "userId": "user-lin-xiao", "rating": 99, "createdAt": "2026-11-01T00:00:00Z"}))
    edited("titles with ESC NUL CR LF", lambda w: [lesson.__setitem__("title", "T\x1b[2J\x00\r\nFORGED\x07")
                                                    for lesson in w["lessons"]], expect=(0,))
    edited("10,000 weak points in one session", sessions("weakPoints", ["w%d" % i for i in range(10000)]), expect=(0,))
    text = compact(sample())
    cases.append(("duplicate key sessions", text[:-1] + ',"sessions":[]}', {65}))
    cases.append(("duplicate key in profile", text.replace('"dailyMinutes":45', '"dailyMinutes":45,"dailyMinutes":0'), {65}))
    cases.append(("duplicate escaped key", text[:-1] + ',"\\u0073essions":[]}', {65}))
    cases.append(("deep nesting 100000", '{"x":' + "[" * 100000 + "]" * 100000 + "}", {65}))
    cases.append(("deep nesting unclosed", "[" * 1000000, {65}))
    cases.append(("invalid UTF-8 in a title", text.encode().replace(b'"title":"', b'"title":"\xff\xfe', 1), {65}))
    cases.append(("a lone surrogate escape in a title", text.replace('"title":"', '"title":"\\ud800', 1), {0, 65}))
    cases.append(("trailing garbage", text + "garbage", {65}))
    cases.append(("top level array", "[" + text + "]", {65}))
    cases.append(("BOM and CRLF", "\ufeff" + json.dumps(sample(), ensure_ascii=False, indent=2).replace("\n", "\r\n"), {0}))
    cases.append(("number 1e999999", text.replace('"dailyMinutes":45', '"dailyMinutes":1e999999'), {65}))
    return cases


# ---------------------------------------------------------------------------------------------
# The pass

class Pass:
    def __init__(self, runner, api, verbose, only, hostile_api=None, other=None, passes=None):
        self.runner, self.api, self.verbose, self.only = runner, api, verbose, only
        self.hostile, self.other, self.passes = hostile_api, other, passes
        self.results = []
        self.skipped = []
        self.is_root = os.geteuid() == 0
        self.scratch = runner.scratch

    def path(self, *parts):
        path = os.path.join(self.scratch, *parts)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        return path

    def folder(self, name):
        path = os.path.join(self.scratch, name + "-" + uuid.uuid4().hex[:8])
        os.makedirs(path)
        return path

    def write(self, path, data, mode=0o644):
        with open(path, "wb") as file:
            file.write(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
        os.chmod(path, mode)
        return path

    def case(self, group, name, argv=None, expect=(0,), stdin=None, user=None, shell=None, timeout=TIMEOUT,
             check=None, env=None, text_output=False, third=False, fourth=False):
        """Runs one case and judges it; `check(outcome)` returns [(category, message)]. A case of
        the third pass (`third`) or the fourth (`fourth`) names a wrong status as the issue's
        classes do: a `silent accept` when it succeeded where a refusal was due, else a `wrong exit`."""
        if self.only and self.only not in group and self.only not in name:
            return None
        pass_name = "fourth" if fourth else "third" if third else "second"
        third = third or fourth
        if self.passes and pass_name not in self.passes:
            return None
        outcome = self.runner.run(argv or [], stdin=stdin, user=user, timeout=timeout, shell=shell, env=env)
        findings = []
        if outcome.timed_out:
            findings.append(("hang", "still running after %d s" % timeout))
        elif outcome.crashed:
            findings.append(("crash", "status %d: %s" % (outcome.status, outcome.error[-300:].strip())))
        if check and not outcome.timed_out:
            try:
                findings += check(outcome) or []
            except Exception as error:  # a check that cannot run is itself a finding to look at
                findings.append(("wrong", "the check failed: %r" % error))
        if third and not outcome.timed_out:
            findings += hidden_characters(outcome)
        if not findings:
            if outcome.status not in set(expect):
                kind = "wrong" if not third else "silent accept" if outcome.status == 0 else "wrong exit"
                findings.append((kind, "status %d, expected %s: %s" % (outcome.status, sorted(set(expect)), outcome.error[-300:].strip())))
            elif SWIFT_API.search(outcome.error):
                findings.append(("wrong", "a message names a Swift API: " + SWIFT_API.search(outcome.error).group(0)))
            elif re.search("[\x00\x1b]", outcome.error) or (text_output and re.search("[\x00\x1b]", outcome.text)):
                findings.append(("security", "raw control characters reached the terminal"))
        verdict = findings[0][0] if findings else ("accept" if outcome.status == 0 else "error")
        self.results.append({"group": group, "case": name, "pass": pass_name,
                             "user": "nobody" if user == NOBODY else "other" if user is not None else "root" if self.is_root else "user",
                             "status": outcome.status, "seconds": round(outcome.seconds, 2), "verdict": verdict,
                             "findings": [message for _, message in findings]})
        if self.verbose or findings and verdict not in ("accept", "error"):
            print("%-9s %-10s %-60s %s" % (verdict, group, name[:60], "; ".join(m for _, m in findings)[:200]), flush=True)
        return outcome

    # --- inputs ------------------------------------------------------------------------------

    def inputs(self):
        workspaces = hostile_workspaces()
        for name, text, expect in workspaces:
            data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
            path = self.write(self.path("inputs", uuid.uuid4().hex + ".json"), data)
            for argv, format_is_text in ((["plan", path, "--now", "2026-11-29T09:00:00+08:00"], True),
                                         (["plan", path, "--format", "ics", "--now", "2026-11-29T09:00:00+08:00"], False),
                                         (["optimize", path], False), (["simulate", "--workspace", path, "--days", "30"], False)):
                accepted = expect if argv[0] == "plan" else expect | ({65} if 0 in expect else set())
                self.case("input", "%s: %s" % (argv[0] + (" ics" if "ics" in argv else ""), name), argv, accepted,
                          text_output=format_is_text,
                          check=self.check_ics if "ics" in argv else None)
            good = compact(sample()).encode()
            batch = b"\n".join([good, data.replace(b"\r\n", b" ").replace(b"\r", b" ").replace(b"\n", b" "), good]) + b"\n"
            self.case("batch", "plan --batch middle line: " + name, ["plan", "--batch", "-", "--now", "2026-11-29T01:00:00Z"],
                      {0} if expect == {0} else {65} if 0 not in expect else {0, 65}, stdin=batch, check=self.check_batch(3))
        for path, name, expect in (("/dev/zero", "/dev/zero", {65}), ("/dev/null", "/dev/null", {65}),
                                   ("/dev/urandom", "/dev/urandom", {65}), (self.scratch, "a directory", {66}),
                                   ("/nonexistent/w.json", "a missing file", {66}), ("/proc/self/mem", "/proc/self/mem", {65, 66})):
            for template in (["plan", "{}"], ["states", "{}"], ["optimize", "{}"], ["evaluate", "{}"], ["plan", "--batch", "{}"],
                             ["optimize", "--batch", "{}"], ["simulate", "--config", "{}"], ["simulate", "--workspace", "{}"],
                             ["plan", SAMPLE, "--params", "{}"]):
                argv = [path if part == "{}" else part for part in template]
                # No learners in an empty batch: nothing to answer (an empty Spark partition).
                accepted = {0} if name == "/dev/null" and "--batch" in template else expect
                self.case("input", " ".join(name if part == "{}" else os.path.basename(part) for part in template), argv, accepted)
        for argv in (["plan", "-"], ["plan", "--batch", "-"], ["optimize", "--batch", "-"], ["states", "-"], ["optimize", "-"]):
            self.case("stdin", " ".join(argv) + " < /dev/zero", argv, {65}, stdin="/dev/zero")
            self.case("stdin", " ".join(argv) + " < /dev/urandom", argv, {65}, stdin="/dev/urandom")
        with open(SAMPLE, "rb") as file:
            data = file.read()
        self.case("stream", "plan /dev/stdin from a pipe", ["plan", "/dev/stdin"], {0}, stdin=data)
        self.case("stream", "plan <(cat sample)", shell='exec "$Z" plan <(cat "%s")' % SAMPLE, expect={0})
        fifo = self.path("fifo-in")
        os.mkfifo(fifo)
        self.case("stream", "plan FIFO", shell='cat "%s" > "%s" & exec "$Z" plan "%s"' % (SAMPLE, fifo, fifo), expect={0})
        self.case("stream", "simulate --config /dev/null", ["simulate", "--config", "/dev/null"], {65},
                  check=lambda o: [] if "empty" in o.error else [("wrong", "not called empty: " + o.error[:200])])
        loop = self.path("loop.json")
        os.symlink(loop, loop)
        self.case("input", "a symbolic link loop", ["plan", loop], {66})
        spaces = self.path("spaces.jsonl")
        with open(spaces, "wb") as file:
            file.write((compact(sample()) + "\n").encode())
            for _ in range(300):
                file.write(b" " * (1 << 20))
        self.case("batch", "a 300 MiB line of spaces", ["plan", "--batch", spaces, "--now", "2026-11-29T01:00:00Z"], {65},
                  check=self.check_batch(2))
        os.remove(spaces)

    def check_batch(self, lines):
        def check(outcome):
            count = outcome.text.count("\n")
            return [] if count == lines else [("data loss", "%d output lines for %d learners" % (count, lines))]
        return check

    @staticmethod
    def check_ics(outcome):
        if outcome.status != 0:
            return []
        data = outcome.stdout
        problems = []
        if re.search(b"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", data):
            problems.append(("security", "control characters in the calendar"))
        if re.search(b"\r(?!\n)|(?<!\r)\n", data):
            problems.append(("security", "a bare CR or LF in the calendar"))
        if any(len(line) > 75 for line in data.split(b"\r\n")):
            problems.append(("wrong", "a calendar line longer than 75 octets"))
        return problems

    # --- outputs -----------------------------------------------------------------------------

    def outputs(self):
        commands = [("optimize --out", ["optimize", SAMPLE, "--out"]),
                    ("evaluate --predictions", ["evaluate", SAMPLE, "--splits", "2", "--predictions"]),
                    ("simulate --svg", ["simulate", "--days", "30", "--deck", "100", "--svg"])]
        for label, argv in commands:
            folder = self.folder("out")
            fifo = os.path.join(folder, "fifo")
            os.mkfifo(fifo)
            reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            self.case("output", label + " FIFO", argv + [fifo], {0},
                      check=lambda o, f=fifo: [] if stat.S_ISFIFO(os.lstat(f).st_mode) else [("security", "the FIFO was replaced")])
            os.close(reader)
            if self.is_root:
                device = os.path.join(folder, "null")
                os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
                self.case("output", label + " character device", argv + [device], {0},
                          check=lambda o, d=device: [] if stat.S_ISCHR(os.lstat(d).st_mode)
                          else [("security", "the character device was replaced by a file")])
            link = os.path.join(folder, "stdout")
            os.symlink("/dev/stdout", link)
            self.case("output", label + " link to /dev/stdout", argv + [link], {0},
                      check=lambda o, l=link: ([] if os.path.islink(l) else [("security", "the link to /dev/stdout was replaced")])
                      + ([] if o.stdout else [("data loss", "nothing reached the pipe")]))
            self.case("output", label + " -", argv + ["-"], {0})
            self.case("output", label + " a directory", argv + [folder], {64},
                      check=lambda o: [] if "epoch" not in o.error else [("wrong", "refused only after the work")])
            self.case("output", label + " missing directory", argv + [os.path.join(folder, "no", "x")], {74})
            readonly = self.write(os.path.join(folder, "readonly"), "keep", 0o444)
            self.case("output", label + " read-only file", argv + [readonly], {74},
                      check=lambda o, p=readonly: [] if open(p).read() == "keep" else [("data loss", "a read-only file was replaced")])
            linked = self.write(os.path.join(folder, "linked"), "keep")
            os.link(linked, os.path.join(folder, "linked2"))
            self.case("output", label + " hard-linked file", argv + [linked], {74},
                      check=lambda o, p=linked: [] if os.stat(p).st_nlink == 2 and open(p).read() == "keep"
                      else [("data loss", "the hard link was split")])
            target = self.write(os.path.join(folder, "target"), "old", 0o640)
            os.symlink(target, os.path.join(folder, "symlink"))
            self.case("output", label + " symbolic link to a file", argv + [os.path.join(folder, "symlink")], {0},
                      check=lambda o, p=target, f=folder: [] if os.path.islink(os.path.join(f, "symlink")) and
                      stat.S_IMODE(os.stat(p).st_mode) == 0o640 and open(p).read() != "old"
                      else [("data loss", "the link or the mode was not kept")])
            os.symlink(os.path.join(folder, "nothing"), os.path.join(folder, "dangling"))
            self.case("output", label + " dangling link", argv + [os.path.join(folder, "dangling")], {64})
            self.case("output", label + " 250-byte name", argv + [os.path.join(folder, "n" * 250)], {0})
            if self.is_root:
                # A private /dev/full (never the machine's: an old build replaced such files).
                full = os.path.join(folder, "full")
                os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
                self.case("output", label + " a full device", argv + [full], {74},
                          check=lambda o, d=full: [] if stat.S_ISCHR(os.lstat(d).st_mode)
                          else [("security", "the character device was replaced by a file")])

    # --- record --------------------------------------------------------------------------------

    def workspace_copy(self, folder, name="w.json", text=None, mode=0o644):
        if text is None:
            with open(SAMPLE, encoding="utf-8") as file:
                text = file.read()
        return self.write(os.path.join(folder, name), text, mode)

    def record_argv(self, path, minute=0, extra=()):
        return ["record", path, "--lesson", "lesson-1-1", "--score", "70", "--at", "2026-11-29T10:%02d:00+08:00" % minute] + list(extra)

    def record(self):
        folder = self.folder("record")
        path = self.workspace_copy(folder)
        self.case("record", "a plain record", self.record_argv(path), {0})
        # Concurrent runs all land.
        script = " & ".join('"$Z" record "%s" --lesson lesson-1-2 --score %d --at 2026-11-29T11:%02d:00+08:00' % (path, 50 + i, i)
                            for i in range(20)) + " & wait"
        before = len(json.load(open(path))["sessions"])
        self.case("record", "20 concurrent records", shell=script, expect={0},
                  check=lambda o: [] if len(json.load(open(path))["sessions"]) == before + 20
                  else [("data loss", "%d of 20 sessions landed" % (len(json.load(open(path))["sessions"]) - before))])
        for name, text_transform in (("mixed CRLF and LF", lambda t: "".join(l + ("\r\n" if i % 3 else "\n") for i, l in enumerate(t.split("\n")))),
                                     ("CR only", lambda t: t.replace("\n", "\r")),
                                     ("BOM and CRLF", lambda t: "\ufeff" + t.replace("\n", "\r\n"))):
            with open(SAMPLE, encoding="utf-8") as file:
                original = text_transform(file.read())
            target = self.workspace_copy(folder, "le-%s.json" % uuid.uuid4().hex[:6], original)
            self.case("record", "line endings: " + name, self.record_argv(target, 5), {0},
                      check=lambda o, p=target, b=original.encode(): self.only_inserted(b, open(p, "rb").read()))
        readonly = self.workspace_copy(folder, "ro.json", mode=0o444)
        self.case("record", "a read-only workspace", self.record_argv(readonly), {74})
        linked = self.workspace_copy(folder, "linked.json")
        os.link(linked, os.path.join(folder, "linked-2.json"))
        self.case("record", "a hard-linked workspace", self.record_argv(linked), {74},
                  check=lambda o: [] if os.stat(linked).st_nlink == 2 else [("data loss", "the hard link was split")])
        long = self.workspace_copy(folder, "w" * 245 + ".json")
        self.case("record", "a 250-byte file name", self.record_argv(long), {0})
        fifo = os.path.join(folder, "fifo.json")
        os.mkfifo(fifo)
        self.case("record", "a FIFO as workspace", self.record_argv(fifo), {66}, timeout=30)
        self.case("record", "a directory as workspace", self.record_argv(folder), {66})
        dup = self.workspace_copy(folder, "dup.json", compact(sample())[:-1] + ',"sessions":[]}')
        self.case("record", "duplicate sessions key", self.record_argv(dup), {65},
                  check=lambda o: [] if o.status != 0 else [("data loss", "one of two sessions arrays was silently chosen")])
        held = self.workspace_copy(folder, "held.json")
        self.case("record", "a lock held by another process (--wait 2)",
                  shell='exec 9<"%s"; flock -x 9; "$Z" record "%s" --lesson lesson-1-1 --score 70 --wait 2' % (held, held), expect={75},
                  check=lambda o: [] if "waiting for another zhixi-review" in o.error else [("wrong", "the wait was not said")])
        # kill -9 while writing: the next record removes the temporary file.
        big = sample()
        big["x-padding"] = "x" * 40_000_000
        killed = self.workspace_copy(folder, "killed.json", json.dumps(big))
        script = ('for i in 1 2 3 4 5 6 7 8; do "$Z" record "%s" --lesson lesson-1-1 --score 70 --at 2026-11-29T12:0$i:00+08:00 & p=$!; '
                  'for t in $(seq 1 400); do ls -a "%s" | grep -q "\\.tmp$" && { kill -9 $p; break; }; sleep 0.005; done; wait $p; done; '
                  '"$Z" record "%s" --lesson lesson-1-1 --score 71 --at 2026-11-29T13:00:00+08:00') % (killed, folder, killed)
        self.case("record", "kill -9 while writing, then record again", shell=script, expect={0}, timeout=300,
                  check=lambda o: [] if not [n for n in os.listdir(folder) if n.endswith(".tmp")]
                  else [("data loss", "temporary files left: %d" % len([n for n in os.listdir(folder) if n.endswith(".tmp")]))])
        self.case("record", "SIGTERM while writing leaves the file whole",
                  shell='"$Z" record "%s" --lesson lesson-1-1 --score 72 --at 2026-11-29T14:00:00+08:00 & p=$!; sleep 0.3; kill -TERM $p; wait $p; '
                  'exit 0' % killed, expect={0},
                  check=lambda o: [] if json.load(open(killed)) else [("data loss", "the workspace does not read")])
        for argv, name in ((["--at", "3026-01-01T00:00:00Z"], "--at far ahead"), (["--minutes", "1e300"], "--minutes 1e300"),
                           (["--score", "101"], "--score 101")):
            self.case("record", name, self.record_argv(path) + argv if "--score" not in argv else
                      ["record", path, "--lesson", "lesson-1-1"] + argv, {64})
        if self.is_root:
            shared = self.folder("shared")
            os.chmod(shared, 0o777)
            roots = self.workspace_copy(shared, "root.json", mode=0o644)
            before = open(roots, "rb").read()
            self.case("record", "nobody records root's 0644 file in a 0777 directory", self.record_argv(roots), {74}, user=NOBODY,
                      check=lambda o: ([] if os.stat(roots).st_uid == 0 else [("security", "root's file now belongs to nobody")])
                      + ([] if open(roots, "rb").read() == before else [("data loss", "root's file was changed")]))
            own = self.workspace_copy(shared, "own.json")
            os.chown(own, NOBODY, NOBODY)
            self.case("record", "nobody records their own file", self.record_argv(own), {0}, user=NOBODY)
        else:
            self.skipped.append("record as nobody (needs root)")

    @staticmethod
    def only_inserted(original, updated):
        prefix = 0
        while prefix < min(len(original), len(updated)) and original[prefix] == updated[prefix]:
            prefix += 1
        suffix = 0
        while suffix < len(original) - prefix and original[len(original) - 1 - suffix] == updated[len(updated) - 1 - suffix]:
            suffix += 1
        return [] if prefix + suffix == len(original) else [("data loss", "bytes other than the new session changed")]

    # --- store and auth ------------------------------------------------------------------------

    def sign_in_argv(self, store, mode="ok", extra=()):
        return ["auth", "sign-in", "--server", self.api.url(mode), "--store", store, "--identity-token", "-",
                "--authorization-code", "-", "--user-identifier", "apple-1"] + list(extra)

    def auth(self):
        secrets = b"IDTOKEN-SECRET-123\nAUTHCODE-SECRET-456\n"
        for mode_bits in (0o1777, 0o777, 0o755):
            store = self.folder("store")
            os.chmod(store, mode_bits)
            self.case("store", "--store mode %o" % mode_bits, self.sign_in_argv(store), {77}, stdin=secrets,
                      check=lambda o, s=store, m=mode_bits: [] if stat.S_IMODE(os.stat(s).st_mode) == m
                      else [("security", "the store directory was chmod-ed")])
        real = self.folder("real")
        os.chmod(real, 0o755)
        link = real + "-link"
        os.symlink(real, link)
        self.case("store", "--store symlink to a 0755 directory", self.sign_in_argv(link), {77}, stdin=secrets,
                  check=lambda o: [] if stat.S_IMODE(os.stat(real).st_mode) == 0o755 else [("security", "the link target was chmod-ed")])
        if self.is_root:
            foreign = self.folder("foreign")
            os.chmod(foreign, 0o700)
            os.chown(foreign, 4242, 4242)
            self.case("store", "--store owned by another user", self.sign_in_argv(foreign), {77}, stdin=secrets)
        fresh = os.path.join(self.folder("fresh"), "a", "b", "store")
        self.case("store", "--store with missing parents under umask 000",
                  shell='umask 000; exec "$Z" auth sign-in --server %s --store %s --identity-token - --authorization-code - '
                        '--user-identifier apple-1 <<< $\'t\\nc\'' % (self.api.url("ok"), fresh), expect={0},
                  check=lambda o: [] if all(stat.S_IMODE(os.stat(p).st_mode) == 0o700 for p in
                                            (fresh, os.path.dirname(fresh), os.path.dirname(os.path.dirname(fresh))))
                  else [("security", "a store directory or parent is not 0700")])
        signed = os.path.join(self.folder("signed"), "store")
        self.case("auth", "sign-in with tokens on standard input", self.sign_in_argv(signed), {0}, stdin=secrets,
                  check=self.no_secret(b"SECRET"))
        self.case("auth", "whoami", ["auth", "whoami", "--server", self.api.url("ok"), "--store", signed, "--verbose"], {0},
                  check=self.no_secret(b"SECRET"))
        self.case("auth", "whoami, answer with a key twice", ["auth", "whoami", "--server", self.api.url("dupkey"), "--store", signed], {76})
        self.case("auth", "whoami, 2 GB announced", ["auth", "whoami", "--server", self.api.url("huge"), "--store", signed, "--timeout", "5"],
                  {76}, timeout=60)
        self.case("auth", "sign-in, 2 GB announced", self.sign_in_argv(os.path.join(self.folder("huge"), "s"), "huge", ["--timeout", "5"]),
                  {76}, stdin=secrets, timeout=60)
        self.case("auth", "sign-in refused with ESC and a forged line", self.sign_in_argv(os.path.join(self.folder("esc"), "s"), "escape"),
                  {77}, stdin=secrets,
                  check=lambda o: [] if not re.search(r"^zhixi-review: all is well", o.error, re.M) else [("security", "a forged line")])
        fifo_store = self.folder("fifostore")
        os.chmod(fifo_store, 0o700)
        os.mkfifo(os.path.join(fifo_store, "session-tokens"))
        self.case("auth", "status with a FIFO as session-tokens", ["auth", "status", "--server", self.api.url("ok"), "--store", fifo_store],
                  {0, 77}, timeout=30)
        for url, name in (("http://127.0.0.1:99999/api", "port 99999"), ("http://zhixi.example/api", "http to another host"),
                          ("https://user:pw@zhixi.example/api", "credentials in the URL"), ("ftp://x/api", "ftp"),
                          ("http://[::1/api", "broken URL"), ("http://127.0.0.1:1/api\x1b[2J", "ESC in the URL")):
            self.case("auth", "--server " + name, ["auth", "status", "--server", url, "--store", os.path.join(self.scratch, "nostore")], {64})
        for group in ("auth", "events"):
            self.case("usage", group + " without a subcommand", [group], {64})
        self.case("auth", "sign-in with a token in argv (visible, but works)",
                  ["auth", "sign-in", "--server", self.api.url("ok"), "--store", os.path.join(self.folder("argv"), "s"),
                   "--identity-token", "ARGV-SECRET", "--authorization-code", "c", "--user-identifier", "u"], {0},
                  check=self.no_secret(b"ARGV-SECRET"))

    @staticmethod
    def no_secret(marker):
        def check(outcome):
            return [("security", "a secret was printed")] if marker in outcome.stdout or marker in outcome.stderr else []
        return check

    # --- events --------------------------------------------------------------------------------

    def events(self):
        queue = os.path.join(self.folder("events"), "queue")
        lines = "\n".join(event_line(i) for i in range(1, 7)) + "\n"
        self.runner.run(["events", "enqueue", queue], stdin=lines.encode())   # the queue the cases below use
        self.case("events", "enqueue 6 again (already queued)", ["events", "enqueue", queue], {0}, stdin=lines.encode())
        token = self.write(self.path("token"), "TOKEN-SECRET-789\n", 0o600)
        for mode in ("refuse413", "refuse400", "refuse422"):
            self.case("events", "flush, every batch %s" % mode[-3:],
                      ["events", "flush", queue, "--server", self.api.url(mode), "--token-file", token, "--batch-size", "4"], {75},
                      check=lambda o: self.queue_holds(queue, 6))
        self.case("events", "flush, 2 GB announced", ["events", "flush", queue, "--server", self.api.url("huge"), "--token-file", token,
                                                      "--timeout", "5"], {76}, timeout=60, check=lambda o: self.queue_holds(queue, 6))
        self.case("events", "flush, token file /dev/null", ["events", "flush", queue, "--server", self.api.url("ok"), "--token-file",
                                                            "/dev/null"], {65})
        self.case("events", "enqueue < /dev/zero", ["events", "enqueue", queue], {65}, stdin="/dev/zero")
        self.case("events", "enqueue a 2 MiB line", ["events", "enqueue", queue], {65}, stdin=("x" * (2 << 20) + "\n").encode())
        self.case("events", "enqueue a key twice", ["events", "enqueue", queue], {65},
                  stdin=event_line(9).replace('"sequence":9', '"sequence":9,"sequence":10').encode())
        self.case("events", "enqueue ESC in a material", ["events", "enqueue", queue], {0},
                  stdin=(event_line(11, material="m\x1b[2J\nFORGED") + "\n").encode())
        self.case("events", "inspect shows it escaped", ["events", "inspect", queue], {0}, text_output=True)
        self.case("events", "flush to the server", ["events", "flush", queue, "--server", self.api.url("ok"), "--token-file", token],
                  {0}, check=lambda o: ([] if self.queue_holds(queue, 0) == [] else [("data loss", "events left")])
                  + self.no_secret(b"TOKEN-SECRET")(o))
        # Damage: a torn tail and a flipped byte; inspect reads and changes nothing.
        for damage in ("torn tail", "flipped byte"):
            damaged = os.path.join(self.folder("damaged"), "queue")
            for call in range(3):
                self.runner.run(["events", "enqueue", damaged], stdin=("\n".join(event_line(call * 3 + i) for i in range(1, 4)) + "\n").encode())
            journal = os.path.join(damaged, "journal")
            data = bytearray(open(journal, "rb").read())
            end = len(data.rstrip(b"\x00"))
            if damage == "torn tail":
                data = data[:end - 40]
            else:
                data[end - 700] ^= 0x01
            open(journal, "wb").write(data)
            self.case("events", "inspect, " + damage, ["events", "inspect", damaged], {65},
                      check=lambda o, j=journal, d=bytes(data): ([] if open(j, "rb").read() == d
                                                                 else [("data loss", "inspect changed the journal")])
                      + ([] if "unreadable" in o.text else [("data loss", "the damage was not reported")]))
        locked = os.path.join(self.folder("locked"), "queue")
        self.runner.run(["events", "enqueue", locked], stdin=(event_line(1) + "\n").encode())
        for command in ("enqueue", "inspect"):
            self.case("events", command + " on a locked queue (--wait 2)",
                      shell='exec 9<>"%s/lock"; flock -x 9; "$Z" events %s "%s" --wait 2 <<< \'%s\'' % (locked, command, locked, event_line(2)),
                      expect={75}, check=lambda o: [] if "waiting for another zhixi-review" in o.error else [("wrong", "the wait was not said")])
        fifo_queue = self.folder("fifoqueue")
        os.chmod(fifo_queue, 0o700)   # a queue's directory is private (issue 28): the FIFOs are what is tried
        os.mkfifo(os.path.join(fifo_queue, "journal"))
        os.mkfifo(os.path.join(fifo_queue, "lock"))
        for command in ("inspect", "enqueue"):
            self.case("events", command + " with FIFOs in the queue", ["events", command, fifo_queue], {65}, stdin=(event_line(3) + "\n").encode(),
                      timeout=30)

    def queue_holds(self, queue, count):
        outcome = self.runner.run(["events", "inspect", queue, "--format", "json"])
        try:
            total = json.loads(outcome.text)["total"]
        except (ValueError, KeyError):
            return [("wrong", "inspect did not answer: " + outcome.error[:200])]
        return [] if total == count else [("data loss", "the queue holds %d events, not %d" % (total, count))]

    # --- simulate, states, misc ----------------------------------------------------------------

    def simulate(self):
        for argv, expect in ((["--deck", "10", "--days", "36500", "--seeds", "10000"], {64}),
                             (["--sweep", "0.7:0.9:1e-20"], {64}), (["--sweep", "0.0001:0.9999:0.0001"], {64}),
                             (["--deck", "10000000", "--days", "36500"], {64}), (["--sweep", "0.9:0.1:0.1"], {64}),
                             (["--sweep", "nan:0.9:0.1"], {64}), (["--days", "0"], {64}), (["--seeds", "1e9"], {64}),
                             (["--retention", "1"], {64}), (["--new-per-day", "inf"], {64}), (["--max-minutes-per-day", "-1"], {64}),
                             (["--deck", "2000", "--days", "90", "--sweep", "0.80:0.90:0.05", "--seeds", "2"], {0}),
                             (["--mode", "zhixi", "--deck", "10000000", "--days", "36500"], {64}),
                             (["--seed", "18446744073709551615", "--days", "30", "--deck", "100"], {0})):
            self.case("simulate", " ".join(argv), ["simulate"] + argv, expect)
        config = self.write(self.path("config.json"), '{"deck_size": 100,\n "deck_size": 200}')
        self.case("simulate", "--config with a field twice", ["simulate", "--config", config], {65})
        huge = self.write(self.path("config-huge.json"), '{"deck_size": 1e30, "learn_span": 1e30}')
        self.case("simulate", "--config with huge sizes", ["simulate", "--config", huge], {64, 65})
        params = ",".join("1e9" if i == 3 else "0.5" for i in range(21))
        self.case("params", "--params out of range", ["plan", SAMPLE, "--params", "[%s]" % params], {65})
        self.case("params", "--params object twice", ["plan", SAMPLE, "--params", '{"w":[],"w":[]}'], {65})
        log = self.write(self.path("log.csv"), "card_id,review_time,review_rating\n" + "".join(
            "c\x1b[2J%d,%d,3\n" % (i % 50, 1_700_000_000_000 + i * 86_400_000) for i in range(500)))
        self.case("states", "card ids with ESC", ["states", log], {0}, text_output=True)
        self.case("states", "a NUL in a log", ["states", self.write(self.path("nul.csv"), "card_id,review_time,review_rating\n1,\x00,3\n")],
                  {65})

    def account(self):
        """The account commands (pull, analyze) and simulate's other outputs: outputs refused
        before any request or simulation, inputs bounded."""
        folder = self.folder("account")
        store = os.path.join(folder, "store")
        self.runner.run(self.sign_in_argv(store), stdin=b"t\nc\n")
        server = ["--server", self.api.url("ok"), "--store", store]
        self.case("account", "pull --out a directory", ["pull", "--out", folder] + server, {64})
        self.case("account", "pull --out in a missing directory", ["pull", "--out", os.path.join(folder, "no", "w.json")] + server, {74})
        self.case("account", "pull --out /dev/stdout", ["pull", "--out", "/dev/stdout"] + server, {64})
        workspace = self.workspace_copy(folder, "w.json")
        os.link(workspace, os.path.join(folder, "w2.json"))
        self.case("account", "pull --out a hard-linked workspace", ["pull", "--out", workspace] + server, {74, 69, 76},
                  check=lambda o: [] if os.stat(workspace).st_nlink == 2 else [("data loss", "the hard link was split")])
        self.case("account", "analyze --input /dev/zero", ["analyze", "--lesson", "lesson-1-1", "--input", "/dev/zero"] + server, {65})
        self.case("account", "analyze --input - < /dev/zero", ["analyze", "--lesson", "lesson-1-1", "--input", "-"] + server, {65},
                  stdin="/dev/zero")
        for option in ("--series", "--svg"):
            self.case("account", "simulate %s a directory" % option, ["simulate", "--days", "30", "--deck", "100", option, folder], {64},
                      check=lambda o: [] if not o.stdout else [("wrong", "the simulation ran before the refusal")])
        log = self.write(os.path.join(folder, "log.csv"), "card_id,review_time,review_rating\n" + "".join(
            "%d,%d,3\n" % (i % 40, 1_700_000_000_000 + i * 86_400_000) for i in range(400)))
        self.case("account", "simulate --save-config a directory", ["simulate", "--revlog", log, "--days", "30", "--save-config", folder],
                  {64})

    def pipes(self):
        fleet = self.write(self.path("fleet.jsonl"), "\n".join([compact(sample())] * 200) + "\n")
        for command in ('"$Z" plan "%s" --days 366 --format json' % SAMPLE, '"$Z" plan --batch "%s" --now 2026-11-29T01:00:00Z' % fleet,
                        '"$Z" states "%s"' % self.write(self.path("big.csv"), "card_id,review_time,review_rating\n" +
                                                         "".join("%d,%d,3\n" % (i, 1_700_000_000_000 + i) for i in range(100000)))):
            self.case("pipe", command.split('"$Z" ')[1][:40] + " | head -c 10",
                      shell='%s | head -c 10 > /dev/null; exit ${PIPESTATUS[0]}' % command, expect={0})

    # --- the third pass (issue 28): a hostile server, a hostile neighbour, hostile files -------

    def hostile_store(self, mode="ok"):
        """A store signed in to the hostile server (the sample learner)."""
        store = os.path.join(self.folder("h-store"), "store")
        outcome = self.runner.run(["auth", "sign-in", "--server", self.hostile.url(mode), "--store", store, "--identity-token", "t",
                                   "--authorization-code", "c", "--user-identifier", "apple-1"])
        if outcome.status != 0:
            raise RuntimeError("the hostile server's sign-in failed: " + outcome.error[-300:])
        return store

    def hargs(self, mode, store, *extra):
        return ["--server", self.hostile.url(mode), "--store", store] + list(extra)

    def changes(self, since):
        with self.hostile.lock:
            return self.hostile.received[since:]

    def mark(self):
        with self.hostile.lock:
            return len(self.hostile.received)

    @staticmethod
    def same_file(path, before):
        def check(outcome):
            return [] if open(path, "rb").read() == before else [("data loss", "%s was changed" % os.path.basename(path))]
        return check

    def third(self):
        if self.hostile is None:
            return
        self.hostile.reset()
        self.third_neighbour()
        self.third_escaping()
        self.third_pull()
        self.third_time()
        self.third_check_before_acting()
        self.third_paths_dates_headers()

    def third_neighbour(self):
        """Another user of the machine: links, directories and entries planted where root keeps
        or writes files."""
        if not (self.other and self.other.available):
            self.skipped.append("the neighbour's cases (%s)" % (self.other.reason if self.other else "no second user"))
            return
        other = (self.other.uid, self.other.gid)
        shared = self.folder("n-shared")
        os.chmod(shared, 0o1777)
        # 1. STORE-outbox a link of the neighbour's to a directory of theirs: nothing created there.
        store = self.hostile_store()
        target = self.folder("n-target")
        self.other.own(target)
        os.chmod(target, 0o777)
        os.symlink(target, store + "-outbox")
        self.other.own(store + "-outbox")
        since = self.mark()
        self.case("neighbour", "tasks complete, STORE-outbox a neighbour's link", ["tasks", "complete", "task-1"]
                  + self.hargs("ok", store), {74, 77}, third=True,
                  check=lambda o, t=target, m=since: ([] if not os.listdir(t) else [("security", "files created through the link")])
                  + ([] if not self.changes(m) else [("security", "an action was sent")]))
        # 2. STORE-outbox a directory of the neighbour's with an action planted in the learner's outbox.
        store = self.hostile_store()
        planted = os.path.join(store + "-outbox", "user-lin-xiao")
        os.makedirs(planted)
        os.chmod(store + "-outbox", 0o777)
        os.chmod(planted, 0o777)
        action = os.path.join(planted, "7461736b2d32.complete.json")
        self.write(action, '{"taskId":"task-2","kind":"complete","completedAt":"2026-11-29T01:00:00Z","recordedAt":"2026-11-29T01:00:00Z"}')
        self.write(os.path.join(planted, "learner"), "user-lin-xiao\n")
        self.other.own(store + "-outbox", planted, action, os.path.join(planted, "learner"))
        since = self.mark()
        self.case("neighbour", "tasks sync, an action planted in the outbox", ["tasks", "sync"] + self.hargs("ok", store), {77},
                  third=True, check=lambda o, m=since: [] if not self.changes(m) else [("security", "the planted action was sent")])
        # 3. A shared --outbox holding the neighbour's action.
        outbox = os.path.join(shared, "outbox")
        os.makedirs(outbox)
        os.chmod(outbox, 0o777)
        action = os.path.join(outbox, "7461736b2d33.complete.json")
        self.write(action, '{"taskId":"task-3","kind":"complete","completedAt":"2026-11-29T01:00:00Z","recordedAt":"2026-11-29T01:00:00Z"}',
                   0o666)
        self.other.own(outbox, action)
        since = self.mark()
        self.case("neighbour", "tasks sync --outbox a shared directory with the neighbour's action",
                  ["tasks", "sync", "--outbox", outbox] + self.hargs("ok", store), {77}, third=True,
                  check=lambda o, m=since: [] if not self.changes(m) else [("security", "the neighbour's action was sent")])
        # 4. A learner file planted to lock root out is refused and said, not obeyed silently.
        store = self.hostile_store()
        os.makedirs(store + "-outbox", mode=0o700)
        locked_out = os.path.join(store + "-outbox", "user-lin-xiao")
        os.makedirs(locked_out, mode=0o700)
        marker = self.write(os.path.join(locked_out, "learner"), "someone-else\n", 0o644)
        self.other.own(marker)
        self.case("neighbour", "tasks complete, a neighbour's learner file in the outbox", ["tasks", "complete", "task-1"]
                  + self.hargs("ok", store), {77}, third=True,
                  check=lambda o: [] if "another user" in o.error else [("unclear error", "the planted file was not named: "
                                                                          + o.error[-200:])])
        # 5. An output through the neighbour's link in a sticky directory.
        victim = self.write(os.path.join(self.folder("n-victim"), "precious"), "keep\n", 0o644)
        link = os.path.join(shared, "params.json")
        os.symlink(victim, link)
        self.other.own(link)
        self.case("neighbour", "optimize --out the neighbour's link in /tmp-like 1777", ["optimize", SAMPLE, "--out", link],
                  {74}, third=True, check=self.same_file(victim, b"keep\n"))
        for command in (["simulate", "--days", "30", "--deck", "50", "--svg", link], ["evaluate", SAMPLE, "--splits", "2", "--predictions", link]):
            self.case("neighbour", command[0] + " through the neighbour's link in 1777", command, {74}, third=True,
                      check=self.same_file(victim, b"keep\n"))
        # 6. pull --out and record through the neighbour's link.
        store = self.hostile_store()
        workspace = self.workspace_copy(self.folder("n-ws"), "w.json")
        original = open(workspace, "rb").read()
        wlink = os.path.join(shared, "w.json")
        os.symlink(workspace, wlink)
        self.other.own(wlink)
        self.case("neighbour", "pull --out the neighbour's link in 1777", ["pull", "--out", wlink] + self.hargs("ok", store), {74},
                  third=True, check=self.same_file(workspace, original))
        # 7. The store's parent a link of the neighbour's: nothing created through it.
        parent = self.folder("n-parent")
        self.other.own(parent)
        os.chmod(parent, 0o755)
        plink = os.path.join(shared, "config")
        os.symlink(parent, plink)
        self.other.own(plink)
        self.case("neighbour", "auth sign-in --store through the neighbour's link", ["auth", "sign-in", "--store",
                  os.path.join(plink, "zhixi"), "--server", self.hostile.url("ok"), "--identity-token", "t", "--authorization-code", "c",
                  "--user-identifier", "apple-1"], {74, 77}, third=True,
                  check=lambda o, p=parent: [] if not os.listdir(p) else [("security", "the store was created through the link")])
        # 8. The reading queue: another user's queue directory is not flushed with root's token.
        queue = os.path.join(shared, "queue")
        self.runner.run(["events", "enqueue", queue], stdin=(event_line(1) + "\n").encode(), user=other)
        token = self.write(self.path("h-token"), "TOKEN-SECRET-789\n", 0o600)
        since = self.mark()
        self.case("neighbour", "events flush of the neighbour's queue", ["events", "flush", queue, "--server", self.hostile.url("ok"),
                  "--token-file", token], {77}, third=True,
                  check=lambda o, m=since: [] if not self.changes(m) else [("security", "the neighbour's events were sent")])

    def third_escaping(self):
        """Server text with ESC, BEL, CR, LF, bidirectional overrides and forged lines, through
        every command's every format: nothing raw, no line forged."""
        store = self.hostile_store("escape")
        for fmt in ("text", "json"):
            self.case("escape", "tasks list --format " + fmt, ["tasks", "list", "--format", fmt] + self.hargs("escape", store), {0},
                      third=True, check=self.valid_json if fmt == "json" else None)
            self.case("escape", "auth whoami --format " + fmt, ["auth", "whoami", "--format", fmt] + self.hargs("escape", store), {0},
                      third=True, check=self.valid_json if fmt == "json" else None)
            self.case("escape", "auth status --format " + fmt, ["auth", "status", "--format", fmt] + self.hargs("escape", store), {0},
                      third=True)
            out = os.path.join(self.folder("e-pull"), "w.json")
            self.case("escape", "pull --format " + fmt, ["pull", "--out", out, "--format", fmt] + self.hargs("escape", store), {0},
                      third=True, check=self.valid_json if fmt == "json" else None)
            self.case("escape", "plan of the pulled workspace, " + fmt, ["plan", out, "--now", "2026-11-29T09:00:00+08:00",
                      "--format", fmt], {0}, third=True, check=self.valid_json if fmt == "json" else None)
            self.case("escape", "tasks complete, refused with a forged message, " + fmt,
                      ["tasks", "complete", "task-1", "--format", fmt] + self.hargs("escape", store), {77}, third=True)
            self.case("escape", "analyze --format " + fmt, ["analyze", "--lesson", "lesson-1-1", "--input", "-", "--format", fmt]
                      + self.hargs("escape", store), {0}, third=True, stdin=("我学了" + fmt + "\n").encode(),
                      check=self.valid_json if fmt == "json" else None)
        out = os.path.join(self.folder("e-pull"), "w.json")
        self.runner.run(["pull", "--out", out] + self.hargs("escape", store))
        for fmt in ("csv", "ics"):
            self.case("escape", "plan of the pulled workspace, " + fmt, ["plan", out, "--now", "2026-11-29T09:00:00+08:00",
                      "--format", fmt], {0}, third=True, check=self.check_ics if fmt == "ics" else None)
        self.case("escape", "sign-in refused with a forged line", self.sign_in_argv(os.path.join(self.folder("e-si"), "s"), "escape"),
                  {77}, stdin=b"t\nc\n", third=True)
        log = self.write(self.path("e-log.csv"), "card_id,review_time,review_rating\n" + "".join(
            "c\u202e\u2066%d\x9b,%d,3\n" % (i % 20, 1_700_000_000_000 + i * 86_400_000) for i in range(200)))
        for argv in (["states", log], ["states", log, "--format", "json"], ["states", log, "--format", "csv"],
                     ["evaluate", log, "--splits", "2"]):
            self.case("escape", " ".join(a if a != log else "LOG" for a in argv) + " (bidi in card ids)", argv, {0}, third=True)
        titles = sample()
        for lesson in titles["lessons"]:
            lesson["title"] = "T\u202eevil\u2066\u2028x\x9b"
        hostile_ws = self.write(self.path("e-ws.json"), compact(titles))
        for fmt in ("text", "json", "csv", "ics"):
            self.case("escape", "plan --format %s, bidi and C1 in titles" % fmt, ["plan", hostile_ws, "--format", fmt,
                      "--now", "2026-11-29T09:00:00+08:00"], {0}, third=True)
        self.case("escape", "record, bidi in the weak point", ["record", self.workspace_copy(self.folder("e-rec")), "--lesson",
                  "lesson-1-1", "--score", "60", "--weak-point", "点\u202e\x1b[2J\nFORGED"], {0}, third=True)

    @staticmethod
    def valid_json(outcome):
        """The standard output is JSON (one document, or one per line)."""
        if outcome.status != 0:
            return []
        try:
            json.loads(outcome.text)
        except ValueError:
            try:
                for line in outcome.text.strip().split("\n"):
                    json.loads(line)
            except ValueError as error:
                return [("wrong exit", "the JSON does not read: %s" % error)]
        return []

    def third_pull(self):
        """`pull` as a merge that can be trusted."""
        store = self.hostile_store()
        folder = self.folder("p")
        # The file's learner must be the signed-in learner.
        theirs = self.workspace_copy(folder, "theirs.json")
        before = open(theirs, "rb").read()
        self.case("pull", "--out another learner's workspace", ["pull", "--out", theirs] + self.hargs("other", store), {77},
                  third=True, check=self.same_file(theirs, before))
        # A file that is not a workspace.
        package = self.write(os.path.join(folder, "package.json"), '{"name": "my-app", "version": "1.0.0"}\n')
        self.case("pull", "--out package.json", ["pull", "--out", package] + self.hargs("ok", store), {65}, third=True,
                  check=self.same_file(package, b'{"name": "my-app", "version": "1.0.0"}\n'))
        for command in (["plan", "-"], ["optimize", "-"], ["plan", "--batch", "-"]):
            self.case("pull", " ".join(command) + ' < {"name": "my-app"}', command, {65} if "--batch" not in command else {0, 65},
                      stdin=b'{"name": "my-app"}\n', third=True,
                      check=(lambda o: [] if '"error"' in o.text else [("silent accept", "planned as an empty workspace")])
                      if "--batch" in command else None)
        # Unknown keys are kept.
        kept = sample()
        kept["x-note"] = {"mine": True}
        kept["sessions"][0]["x-mood"] = "happy"
        unknown = self.write(os.path.join(folder, "unknown.json"), json.dumps(kept, ensure_ascii=False, indent=2))
        self.case("pull", "unknown keys survive a pull", ["pull", "--out", unknown] + self.hargs("ok", store), {0}, third=True,
                  check=lambda o, p=unknown: [] if '"x-note"' in open(p, encoding="utf-8").read() and '"x-mood"' in open(p, encoding="utf-8").read()
                  else [("data loss", "the file's own keys were dropped")])
        # Incremental by the server's records, never a local one.
        incremental = os.path.join(folder, "incremental.json")
        self.runner.run(["pull", "--out", incremental] + self.hargs("ok", store))
        # The server records a session (another device's), then one is recorded here, later.
        missed = self.hostile.add_session(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        self.runner.run(["record", incremental, "--lesson", "lesson-1-1", "--score", "70", "--at",
                         time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 7200))])
        self.case("pull", "a local record does not hide the server's later sessions", ["pull", "--out", incremental]
                  + self.hargs("ok", store), {0}, third=True,
                  check=lambda o, p=incremental, m=missed: [] if m in open(p, encoding="utf-8").read()
                  else [("data loss", "the server's session %s was missed" % m)])
        future = os.path.join(folder, "future.json")
        self.runner.run(["pull", "--out", future] + self.hargs("future", store))
        later = self.hostile.add_session(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        self.case("pull", "a server session dated 2199 does not hide later ones", ["pull", "--out", future]
                  + self.hargs("ok", store), {0}, third=True,
                  check=lambda o, p=future, m=later: [] if m in open(p, encoding="utf-8").read()
                  else [("data loss", "the server's session %s was missed" % m)])
        # Every server record within the workspace's bounds.
        for mode in ("bounds", "unknownlesson"):
            out = os.path.join(folder, mode + ".json")
            self.case("pull", "a server record out of bounds (%s) is left out, named" % mode, ["pull", "--out", out]
                      + self.hargs(mode, store), {0}, third=True,
                      check=lambda o, p=out: ([] if "left out" in o.error else [("silent accept", "the refused record was not named")])
                      + self.plans(p))
        # A pull begun before the file existed never overwrites what was made meanwhile.
        race = os.path.join(folder, "race.json")
        script = ('"$Z" pull --out "%s" --server %s --store "%s" > /dev/null & p=$!; sleep 1.5; cp "%s" "%s"; '
                  '"$Z" record "%s" --lesson lesson-1-1 --score 61 --session-id race-session --wait 60 > /dev/null; r=$?; wait $p; '
                  'exit $r') % (race, self.hostile.url("slow"), store, SAMPLE, race, race)
        self.case("pull", "pull of a new file while another program makes it and records", shell=script, expect={0}, third=True,
                  timeout=120, check=lambda o, p=race: [] if "race-session" in open(p, encoding="utf-8").read()
                  and "session-0001" in open(p, encoding="utf-8").read() else [("data loss", "what was made meanwhile is gone")])
        # Limits on pages, bytes and time, each a clear error.
        for mode, words in (("endless", "pages"), ("bigpages", "bytes")):
            out = os.path.join(folder, mode + ".json")
            self.case("pull", "a server paging without end (%s)" % mode, ["pull", "--out", out] + self.hargs(mode, store), {69, 76}, third=True, timeout=120,
                      check=lambda o, p=out: [] if not os.path.exists(p) or os.path.getsize(p) == 0 or self.plans(p) == []
                      else [("data loss", "a partial workspace was written")])

    def plans(self, path):
        if not os.path.exists(path):
            return [("data loss", "no workspace was written")]
        outcome = self.runner.run(["plan", path, "--now", "2026-11-29T09:00:00+08:00"])
        return [] if outcome.status == 0 else [("data loss", "plan refuses the pulled file: " + outcome.error[-200:])]

    def third_time(self):
        """Time limits that are limits: a body that never ends."""
        store = self.hostile_store()
        self.case("time", "auth whoami, a body that never ends, --timeout 5", ["auth", "whoami", "--timeout", "5"]
                  + self.hargs("slowbody", store), {69}, third=True, timeout=40)
        self.case("time", "tasks list, a body that never ends, --timeout 5", ["tasks", "list", "--timeout", "5"]
                  + self.hargs("slowbody", store), {69}, third=True, timeout=40)
        self.case("time", "auth whoami, a body that never ends, the defaults", ["auth", "whoami"] + self.hargs("slowbody", store),
                  {69}, third=True, timeout=110)
        token = self.write(self.path("t-token"), "T\n", 0o600)
        queue = os.path.join(self.folder("t-events"), "queue")
        self.runner.run(["events", "enqueue", queue], stdin=(event_line(1) + "\n").encode())
        self.case("time", "events flush, a body that never ends, --timeout 5", ["events", "flush", queue, "--server",
                  self.hostile.url("slowbody"), "--token-file", token, "--timeout", "5", "--retries", "1"], {69, 75, 76}, third=True, timeout=40)

    def third_check_before_acting(self):
        """Every command proves it can write its outputs before it changes the server; a rerun
        after a failure does not duplicate."""
        store = self.hostile_store()
        folder = self.folder("c")
        readonly = self.workspace_copy(folder, "ro.json", mode=0o444)
        since = self.mark()
        self.case("check", "analyze --workspace a file it may not replace", ["analyze", "--lesson", "lesson-1-1", "--input", "-",
                  "--workspace", readonly] + self.hargs("ok", store), {74}, stdin=b"text\n", third=True,
                  check=lambda o, m=since: [] if not self.changes(m) else [("data loss", "sent before the refusal: %r" % self.changes(m))])
        if self.is_root:
            # Root may write a 0444 file; a directory it cannot enter is what stops it.
            pass
        text = ("我解释了链式法则 %s\n" % uuid.uuid4().hex).encode()
        workspace = self.workspace_copy(folder, "w.json")
        before = (self.hostile.created_sessions, self.hostile.created_analyses)
        self.runner.run(["analyze", "--lesson", "lesson-1-1", "--input", "-", "--workspace", workspace, "--retries", "0"]
                        + self.hargs("ailost", store), stdin=text)
        self.case("check", "analyze again after a lost answer: no second session or analysis", ["analyze", "--lesson", "lesson-1-1",
                  "--input", "-", "--workspace", workspace] + self.hargs("ok", store), {0}, stdin=text, third=True,
                  check=lambda o, b=before: [] if (self.hostile.created_sessions - b[0], self.hostile.created_analyses - b[1]) == (1, 1)
                  else [("data loss", "the server holds %d sessions and %d analyses for one analysis"
                         % (self.hostile.created_sessions - b[0], self.hostile.created_analyses - b[1]))])
        si = os.path.join(self.folder("c-si"), "store")
        self.case("check", "sign-in whose tokens could never be read back", ["auth", "sign-in", "--store", si, "--server",
                  self.hostile.url("hugetoken"), "--identity-token", "t", "--authorization-code", "c", "--user-identifier", "a"],
                  {74}, third=True,
                  check=lambda o: [] if "signed in" not in o.text else [("silent accept", "success reported")])
        self.case("check", "whoami after it", ["auth", "whoami"] + self.hargs("ok", si), {77}, third=True)

    def third_paths_dates_headers(self):
        store = self.hostile_store()
        for task in ("..", ".", "a/../../complete", "%2e%2e"):
            since = self.mark()
            self.case("paths", "tasks complete %r" % task, ["tasks", "complete", task] + self.hargs("ok", store), {77}, third=True,
                      check=lambda o, m=since: [] if all(p.startswith("/api/review-tasks/") for _, p in self.changes(m))
                      else [("security", "a request left review-tasks/: %r" % self.changes(m))])
        for argv, expect in ((["plan", SAMPLE, "--now", "9999-01-01T00:00:00Z"], {64}),
                             (["plan", SAMPLE, "--now", "0001-01-01T00:00:00Z", "--format", "ics"], {64}),
                             (["plan", SAMPLE, "--away", "0001-01-01:0001-01-02"], {64}),
                             (["tasks", "complete", "task-1", "--at", "0001-01-01T00:00:00Z"] + self.hargs("ok", store), {64}),
                             (["tasks", "list", "--from", "9999-01-01"] + self.hargs("ok", store), {64}),
                             (["tasks", "list"] + self.hargs("year9999", store), {76}),
                             (["tasks", "list", "--format", "json"] + self.hargs("year9999", store), {76}),
                             (["states", self.write(self.path("d-log.csv"), "card_id,review_time,review_rating\n1,253402300800000,3\n")], {65}),
                             (["simulate", "--now", "9999-01-01T00:00:00Z", "--days", "10", "--deck", "10"], {64})):
            self.case("dates", " ".join(a for a in argv if not a.startswith("http"))[:70], argv, expect, third=True)
        twice = self.write(self.path("h-twice.csv"), "card_id,review_time,review_rating,review_rating\n1,1700000000000,3,1\n")
        for command in ("states", "optimize", "evaluate"):
            self.case("headers", command + " a CSV naming review_rating twice", [command, twice], {65}, third=True)
        huge = "x" * (100 << 10)   # the kernel takes at most 128 KiB in one argument
        for argv in (["tasks", "complete", huge] + self.hargs("ok", store), ["plan", SAMPLE, "--now", huge],
                     ["plan", SAMPLE, "--lang", huge], ["record", self.workspace_copy(self.folder("h-huge")), "--lesson", huge],
                     ["plan", "--" + huge]):
            self.case("headers", "a 100 KiB argument (%s)" % argv[0], argv, {64, 65, 77}, third=True, stdin=b"text\n",
                      check=lambda o: [] if len(o.stderr) < 16 << 10 else [("unclear error", "%d bytes of message" % len(o.stderr))])
        # Exit codes agree with the output and the docs.
        self.case("exits", "pull into a directory-less path", ["pull", "--out", "/nonexistent/w.json"] + self.hargs("ok", store), {74},
                  third=True)
        self.case("exits", "tasks sync with nothing waiting", ["tasks", "sync"] + self.hargs("ok", store), {0}, third=True,
                  check=lambda o: [] if "outbox is empty" in o.text else [("wrong exit", "the output does not say it")])
        self.case("exits", "tasks skip refused for good: 77, and said", ["tasks", "skip", "task-404"] + self.hargs("refuse", store),
                  {77}, third=True)

    # --- the fourth pass (issue 35): paths and neighbours ---------------------------------------

    def fourth(self):
        if self.hostile is None:
            return
        self.hostile.reset()
        self.fourth_outputs_over_inputs()
        self.fourth_left_from_third()

    def fourth_outputs_over_inputs(self):
        """No command writes over one of its inputs: as itself, through a link, through a hard link."""
        commands = [
            ("optimize --out", COLLECTION, lambda i, o: ["optimize", i, "--out", o]),
            ("optimize --out", SAMPLE, lambda i, o: ["optimize", i, "--out", o]),
            ("optimize --params --out", SAMPLE, lambda i, o: ["optimize", SAMPLE, "--params", i, "--out", o]),
            ("evaluate --predictions", COLLECTION, lambda i, o: ["evaluate", i, "--splits", "2", "--predictions", o]),
            ("evaluate --svg", SAMPLE, lambda i, o: ["evaluate", i, "--splits", "2", "--svg", o]),
            ("simulate --save-config", COLLECTION, lambda i, o: ["simulate", "--revlog", i, "--days", "5", "--save-config", o]),
            ("simulate --svg", SAMPLE, lambda i, o: ["simulate", "--workspace", i, "--days", "5", "--svg", o]),
            ("simulate --series", SAMPLE, lambda i, o: ["simulate", "--workspace", i, "--days", "5", "--series", o]),
            ("optimize --batch --out", SAMPLE, lambda i, o: ["optimize", "--batch", i, "--out", o]),
        ]
        for label, source, argv in commands:
            for naming in ("itself", "a link", "a hard link"):
                folder = self.folder("over")
                given = os.path.join(folder, os.path.basename(source))
                if label.startswith("optimize --params"):
                    self.write(given, "[0.212, 1.2931, 2.3065, 8.2956]\n")
                else:
                    shutil.copyfile(source, given)
                output = given
                if naming == "a link":
                    output = os.path.join(folder, "link")
                    os.symlink(given, output)
                elif naming == "a hard link":
                    output = os.path.join(folder, "hard")
                    os.link(given, output)
                before = open(given, "rb").read()
                self.case("outputs", "%s naming its input through %s" % (label, naming) if naming != "itself"
                          else "%s naming its input itself" % label, argv(given, output), {64}, fourth=True,
                          check=lambda o, p=given, b=before, out=output: self.same_file(p, b)(o)
                          + ([] if out in o.error and p in o.error else [("unclear error", "the message does not name both files")]))
        # An Anki collection's companions, before they exist, and another collection.
        for suffix in ("-wal", "-shm", "-journal"):
            folder = self.folder("companion")
            collection = os.path.join(folder, "collection.anki2")
            shutil.copyfile(COLLECTION, collection)
            before = open(collection, "rb").read()
            self.case("outputs", "optimize collection --out collection%s (not there yet)" % suffix,
                      ["optimize", collection, "--out", collection + suffix], {64}, fourth=True,
                      check=lambda o, c=collection, b=before, s=suffix: self.same_file(c, b)(o)
                      + ([("data loss", "%s was made beside the collection" % s)] if os.path.exists(c + s) else []))
        other = os.path.join(self.folder("other-collection"), "collection.anki2")
        shutil.copyfile(COLLECTION, other)
        self.case("outputs", "optimize a workspace --out an Anki collection it does not read", ["optimize", SAMPLE, "--out", other], {64},
                  fourth=True, check=self.same_file(other, open(COLLECTION, "rb").read()))
        # Standard output appended to the input; standard input that is the output.
        folder = self.folder("append")
        workspace = os.path.join(folder, "w.json")
        shutil.copyfile(SAMPLE, workspace)
        before = open(workspace, "rb").read()
        self.case("outputs", "plan W.json >> W.json", shell='"$Z" plan "%s" >> "%s"' % (workspace, workspace), expect={64},
                  fourth=True, check=self.same_file(workspace, before))
        self.case("outputs", "optimize - --out W.json < W.json", ["optimize", "-", "--out", workspace], {64}, stdin=workspace,
                  fourth=True, check=self.same_file(workspace, before))
        # Two outputs, one file; an output inside the store.
        both = os.path.join(self.folder("both"), "both")
        self.case("outputs", "simulate --svg F --series F", ["simulate", "--days", "5", "--deck", "20", "--svg", both, "--series", both],
                  {64}, fourth=True, check=lambda o, p=both: [("silent accept", "written")] if os.path.exists(p) else [])
        store = self.hostile_store()
        inside = os.path.join(store, "w.json")
        self.case("outputs", "pull --out inside --store", ["pull", "--out", inside] + self.hargs("ok", store), {64}, fourth=True,
                  check=lambda o, p=inside: [("silent accept", "written into the store")] if os.path.exists(p) else [])

    def fourth_left_from_third(self):
        """The third pass's six that were left (issue 35, item 5)."""
        # A learner id that ends in a space keeps its outbox.
        store = self.hostile_store("trailing")
        outbox = os.path.join(self.folder("trailing"), "outbox")
        self.runner.run(["tasks", "complete", "task-1", "--outbox", outbox] + self.hargs("redirect", store))
        self.case("left", "a learner id ending in a space: its outbox, again", ["tasks", "sync", "--outbox", outbox]
                  + self.hargs("trailing", store), {0}, fourth=True,
                  check=lambda o: [] if "outbox is empty" in o.text else [("wrong exit", "the action was not sent: " + o.text[:200])])
        # users/me naming another learner than the session's: nothing written as theirs.
        store = self.hostile_store()
        new = os.path.join(self.folder("other-me"), "new.json")
        self.case("left", "pull when users/me names another learner", ["pull", "--out", new] + self.hargs("other", store), {77},
                  fourth=True, check=lambda o, p=new: [("data loss", "a workspace was written as someone else's")]
                  if os.path.exists(p) and os.path.getsize(p) > 0 else [])
        # An access token said to last 10^12 seconds is a malformed answer.
        longstore = os.path.join(self.folder("long"), "store")
        self.case("left", "sign-in whose expiresIn is 10^12", ["auth", "sign-in", "--identity-token", "t", "--authorization-code", "c",
                                                               "--user-identifier", "apple-1"] + self.hargs("longexpiry", longstore),
                  {76}, fourth=True, check=lambda o: [] if "expiresIn" in o.error else [("unclear error", "the field is not named")])
        # A 302 to a review task's action: the action waits in the outbox, and the message says so.
        store = self.hostile_store()
        outbox = os.path.join(self.folder("redirect"), "outbox")
        self.case("left", "tasks complete answered 302", ["tasks", "complete", "task-1", "--outbox", outbox]
                  + self.hargs("redirect", store), {69, 75}, fourth=True,
                  check=lambda o, d=outbox: ([] if "wait" in o.error and d in o.error else
                                             [("unclear error", "the message does not say the action waits: " + o.error[-200:])])
                  + ([] if any(n.endswith(".json") for n in os.listdir(d)) else [("data loss", "the action is not in the outbox")]))
        # A number out of range: said, and where.
        bigpull = os.path.join(self.folder("bignumber"), "w.json")
        self.case("left", "pull with the number 1e400", ["pull", "--out", bigpull] + self.hargs("bignumber", store), {76}, fourth=True,
                  check=lambda o: [] if "1e400" in o.error and "out of range" in o.error and "not valid JSON" not in o.error
                  else [("unclear error", "the number is not named: " + o.error[-200:])])
        queue = os.path.join(self.folder("bignumber"), "queue")
        self.case("left", "events enqueue with the number 1e400", ["events", "enqueue", queue], {65}, fourth=True,
                  stdin=(event_line(7).replace('"sequence":7', '"sequence":1e400') + "\n").encode(),
                  check=lambda o: [] if "1e400" in o.error and "sequence" in o.error and "not valid JSON" not in o.error
                  else [("unclear error", "the number is not named: " + o.error[-200:])])
        self.fourth_full_disk()

    def fourth_full_disk(self):
        """`events enqueue` on a full disk: 0 with the events in the queue, or 74 with none of them
        and nothing torn left; first with room for the events but not for the zeros written ahead
        of them, then with no room at all."""
        if not self.is_root or not shutil.which("mount"):
            self.skipped.append("the full-disk case (needs root to mount a small tmpfs)")
            return
        mount = self.folder("full")
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", mount]).returncode != 0:
            self.skipped.append("the full-disk case (mount -t tmpfs failed)")
            return
        try:
            queue = os.path.join(mount, "queue")
            self.runner.run(["events", "enqueue", queue], stdin=(event_line(1) + "\n").encode())
            held = [1]

            def fill(leaving):
                """Fills the disk but `leaving` bytes."""
                reserve = os.path.join(mount, "reserve")
                with open(reserve, "wb") as file:
                    file.write(b"\1" * leaving)
                for size in (1 << 16, 4096, 512, 1):
                    try:
                        with open(os.path.join(mount, "filler-%s" % uuid.uuid4().hex), "wb", buffering=0) as filler:
                            while True:
                                filler.write(b"\0" * size)
                    except OSError:
                        pass
                os.remove(reserve)

            def consistent(outcome, count):
                expected = held[0] + (count if outcome.status == 0 else 0)
                findings = self.queue_holds(queue, expected)
                inspect = self.runner.run(["events", "inspect", queue])
                if inspect.status != 0:
                    findings.append(("data loss", "the journal was left with unreadable bytes: " + inspect.error[-200:]))
                if outcome.status == 0 and not findings:
                    held[0] = expected
                return findings
            for label, leaving, count in (("room for the events, not for the zeros ahead", 400 << 10, 2000),
                                          ("no room at all", 0, 4000)):
                fill(leaving)
                lines = "\n".join(event_line(10_000 * len(label) + i) for i in range(count)) + "\n"
                self.case("left", "events enqueue %d on a full disk: %s" % (count, label), ["events", "enqueue", queue], {0, 74},
                          fourth=True, stdin=lines.encode(), check=lambda o, c=count: consistent(o, c))
        finally:
            subprocess.run(["umount", "-l", mount])

    def run(self):
        for part in (self.inputs, self.outputs, self.record, self.auth, self.events, self.simulate, self.account, self.pipes,
                     self.third, self.fourth):
            part()


HIDDEN = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|\xc2[\x80-\x9f]|\xe2\x80[\xa8-\xae]|\xe2\x81[\xa6-\xa9]")
FORGED = re.compile(rb"^(FORGED|zhixi-review: all is well)", re.M)


def hidden_characters(outcome):
    """The third pass's rule for what reaches a terminal: no control character (but LF, tab and
    CRLF), no bidirectional override or line separator, raw; no line forged by a server."""
    findings = []
    for name, data in (("standard output", outcome.stdout), ("standard error", outcome.stderr)):
        if HIDDEN.search(data):
            findings.append(("security", "a raw control character or bidirectional override on %s: %r"
                             % (name, HIDDEN.search(data).group(0))))
        if FORGED.search(data):
            findings.append(("security", "a line forged by the server on " + name))
    return findings


CLASSES = ("security", "data loss", "crash", "hang", "silent accept", "wrong exit", "unclear error")


def summarize(results, skipped):
    """Counts per verdict, for all runs and per pass, and a line for people."""
    def count(runs):
        counts = {}
        for result in runs:
            counts[result["verdict"]] = counts.get(result["verdict"], 0) + 1
        return counts
    counts = count(results)
    lines = []
    for name in ("second", "third", "fourth"):
        runs = [result for result in results if result.get("pass", "second") == name]
        if not runs:
            continue
        if name == "fourth":
            counts[name], text = fourth_summary(runs)
            lines.append(text)
            continue
        part = count(runs)
        if name == "second":
            lines.append("second pass: %d runs: %d crashes, %d hangs, %d data loss, %d security findings; %d clear errors, "
                         "%d correct accepts, %d wrong" % (len(runs), part.get("crash", 0), part.get("hang", 0), part.get("data loss", 0),
                                                           part.get("security", 0), part.get("error", 0), part.get("accept", 0),
                                                           part.get("wrong", 0)))
        else:
            lines.append("%s pass: %d runs: " % (name, len(runs)) + ", ".join("%d %s" % (part.get(kind, 0), kind) for kind in CLASSES)
                         + "; %d clear errors, %d correct accepts" % (part.get("error", 0), part.get("accept", 0)))
        counts[name] = part
    return counts, "; ".join(lines) + ("; skipped: " + ", ".join(skipped) if skipped else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "zhixi-review"))
    parser.add_argument("--json", help="write every run and its verdict to this file")
    parser.add_argument("--only", help="run only the cases whose group or name contains this text")
    parser.add_argument("--verbose", action="store_true", help="print every run, not only the findings")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    parser.add_argument("--pass", dest="passes", choices=("second", "third", "fourth"), action="append",
                        help="run only this pass (repeatable; default both)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        sys.exit("hostile: no executable at %s; build it first (swift build)" % binary)
    for tool in ("prlimit", "flock"):
        if not shutil.which(tool):
            sys.exit("hostile: %s is needed (util-linux)" % tool)
    scratch = tempfile.mkdtemp(prefix="zhixi-hostile-")
    os.chmod(scratch, 0o755)
    api = FakeAPI()
    hostile_api = HostileAPI(sample())
    started = time.monotonic()
    with SecondUser() as other:
        hostile = Pass(Runner(binary, scratch), api, arguments.verbose, arguments.only, hostile_api=hostile_api, other=other,
                       passes=set(arguments.passes or ()))
        try:
            if not arguments.passes or set(arguments.passes) != {"fourth"}:
                hostile.run()
        finally:
            api.stop()
            hostile_api.stop()
            if not arguments.keep:
                shutil.rmtree(scratch, ignore_errors=True)
    if not arguments.passes or "fourth" in arguments.passes:
        # The fourth pass (issue 35): hostile Anki files and what a neighbour puts beside them.
        fourth_scratch = tempfile.mkdtemp(prefix="zhixi-hostile-files-")
        try:
            fourth_results, fourth_skipped = FourthPass(binary, fourth_scratch, arguments.verbose, arguments.only).run()
        finally:
            if not arguments.keep:
                shutil.rmtree(fourth_scratch, ignore_errors=True)
        hostile.results += fourth_results
        hostile.skipped += fourth_skipped
    counts, line = summarize(hostile.results, hostile.skipped)
    print("hostile: %s (%s, %.0f s)" % (line, binary, time.monotonic() - started))
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump({"binary": binary, "summary": counts, "runs": hostile.results}, file, indent=1, ensure_ascii=False)
    sys.exit(1 if any(counts.get(kind) for kind in ("crash", "hang", "data loss", "security"))
             or any(counts.get("fourth", {}).get(kind) for kind in ("silent accept", "wrong exit", "unclear error", "wrong answer", "cost"))
             else 0)


if __name__ == "__main__":
    main()
