"""A hostile loopback server playing the ZhiXi API for the third hostile pass (issue 28).

It serves one learner — the sample workspace's, `user-lin-xiao` — over every endpoint the
server-facing commands use (auth, users/me, the profile, knowledge bases, paths, lessons, pages
of sessions and analyses, review tasks and their actions, recording a session, the AI's
analysis), and misbehaves as the first path segment says: http://127.0.0.1:PORT/<mode>/api/…

  ok             plays fair: pages of 100 by `since` and `cursor`, Idempotency-Key honoured
  escape         ESC, BEL, CR, LF, bidirectional overrides and a forged line in every text it
                 sends (user id, lesson ids and titles, task ids, weak points, suggestions,
                 error messages)
  other          users/me is another learner (`someone-else`)
  bounds         one session with masteryScore 1000
  unknownlesson  one session of a lesson that does not exist
  future         one session recorded in 2199
  year9999       a review task scheduled in the year 9999
  endless        sessions pages with a new cursor every time, for ever
  bigpages       sessions pages of about 8 MiB each, for ever
  slowbody       every request is answered a body that never ends (a byte every 0.5 s)
  slow           every request waits 0.4 s before it is answered
  hugetoken      sign-in and refresh answer a 2 MiB access token
  ailost         the AI's analysis is made and stored, then the connection is closed unanswered
  refuse         every POST of a review task is refused (404) with a forged line in its message

The fourth pass (issue 35) adds:

  trailing       the learner's id ends in a space (`user-lin-xiao `), in sign-in and users/me
  longexpiry     sign-in and refresh say the access token lasts 10^12 seconds
  redirect       every POST of a review task is answered 302 to another address
  bignumber      the learning profile's dailyMinutes is the number 1e400

Every loop is bounded (pages by the client's limits, the slow body at 400 bytes), the server
binds 127.0.0.1 only, and `received` keeps what changed the server for the checks.
"""

import copy
import hashlib
import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOSTILE = "\x1b[31mRED\x07\r\nFORGED line\u202eevil\u2066x\u2028y\x9b"
FORGED_ERROR = "refused\x1b[2J\nzhixi-review: all is well\r\u202e"


def loopback_server(answer):
    """An HTTP/1.1 server on 127.0.0.1 (an ephemeral port) on a thread of its own, whose every
    GET, POST and PUT is `answer(handler, method)`; for the passes' servers."""
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            answer(self, "GET")

        def do_POST(self):
            answer(self, "POST")

        def do_PUT(self):
            answer(self, "PUT")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.handle_error = lambda request, address: None   # a client that hangs up is no news
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class HostileAPI:
    def __init__(self, sample):
        self.sample = sample
        self.lock = threading.Lock()
        self.reset()
        self.server = loopback_server(self.answer)

    def url(self, mode):
        return "http://127.0.0.1:%d/%s/api" % (self.server.server_address[1], mode)

    def stop(self):
        self.server.shutdown()

    def reset(self):
        """The learner as the sample has it, and nothing received."""
        with self.lock:
            self.sessions = copy.deepcopy(self.sample["sessions"])
            self.analyses = copy.deepcopy(self.sample["analyses"])
            self.tasks = [{"id": "task-%d" % i, "userId": "user-lin-xiao", "lessonId": "lesson-1-%d" % i, "reviewType": "recall",
                           "scheduledAt": "2026-12-0%dT01:00:00Z" % i, "status": "pending"} for i in range(1, 4)]
            self.received = []          # (method, path) of every request that may change the server
            self.created_sessions = 0   # sessions made (not answers replayed from a key)
            self.created_analyses = 0
            self.keys = {}              # (route, Idempotency-Key) -> (body digest, status, payload)

    def add_session(self, created_at, lesson="lesson-1-2"):
        """A session the server records now (as another device would), dated `created_at`."""
        with self.lock:
            number = len(self.sessions) + 1
            session = {"id": "session-extra-%d-%s" % (number, uuid.uuid4().hex[:6]), "userId": "user-lin-xiao", "lessonId": lesson,
                       "startedAt": created_at, "endedAt": created_at, "createdAt": created_at, "masteryScore": 71,
                       "weakPoints": [], "userInput": "from another device"}
            self.sessions.append(session)
            return session["id"]

    # --- the learner's data, as each mode sends it -------------------------------------------------

    def user(self, mode):
        user = copy.deepcopy(self.sample["user"])
        if mode == "escape":
            user["id"] = "user-lin-xiao" + HOSTILE
            user["displayName"] = "林晓" + HOSTILE
        elif mode == "other":
            user["id"] = "someone-else"
        elif mode == "trailing":
            user["id"] += " "
        return user

    def lessons(self, mode):
        lessons = copy.deepcopy(self.sample["lessons"])
        if mode == "escape":
            for lesson in lessons:
                lesson["title"] += HOSTILE
        return lessons

    def session_list(self, mode):
        with self.lock:
            sessions = copy.deepcopy(self.sessions)
        if mode == "bounds":
            sessions[-1]["masteryScore"] = 1000
        elif mode == "unknownlesson":
            sessions[-1]["lessonId"] = "no-such-lesson"
        elif mode == "future":
            sessions[-1]["createdAt"] = "2199-01-01T00:00:00Z"
        elif mode == "escape":
            for session in sessions:
                session["weakPoints"] = [point + HOSTILE for point in session.get("weakPoints", [])]
        return sorted(sessions, key=lambda s: (s.get("createdAt") or s.get("endedAt") or s["startedAt"], s["id"]))

    def task_list(self, mode):
        with self.lock:
            tasks = copy.deepcopy(self.tasks)
        if mode == "escape":
            for task in tasks:
                task["id"] += HOSTILE
                task["lessonId"] += HOSTILE
        elif mode == "year9999":
            tasks[0]["scheduledAt"] = "9999-01-01T00:00:00Z"
        return tasks

    # --- answering ---------------------------------------------------------------------------------

    def answer(self, handler, method):
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(min(length, 64 << 20)) if length else b""
        parts = handler.path.split("?", 1)
        query = {}
        if len(parts) > 1:
            for pair in parts[1].split("&"):
                name, _, value = pair.partition("=")
                query[name] = value.replace("%3A", ":").replace("%2B", "+")
        segments = parts[0].split("/")
        mode = segments[1] if len(segments) > 1 else "ok"
        path = "/".join(segments[3:]) if len(segments) > 3 else ""
        if method != "GET":
            with self.lock:
                self.received.append((method, "/" + "/".join(segments[2:])))
        if mode == "slow":
            time.sleep(0.4)
        if mode == "slowbody":
            return self.slow_body(handler)
        status, payload = self.route(mode, method, path, query, body, handler.headers.get("Idempotency-Key"))
        if status is None:          # the answer is lost on the way
            handler.close_connection = True
            try:
                handler.connection.shutdown(2)
            except OSError:
                pass
            return
        text = b"" if payload is None else (payload if isinstance(payload, bytes) else json.dumps(payload).encode())
        try:
            handler.send_response(status)
            if 300 <= status < 400:
                handler.send_header("Location", "http://127.0.0.1:%d/ok%s" % (self.server.server_address[1], "/".join([""] + segments[2:])))
            if text:
                handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(text)))
            handler.end_headers()
            handler.wfile.write(text)
        except OSError:
            pass

    def slow_body(self, handler):
        try:
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", "100000")
            handler.end_headers()
            handler.wfile.write(b"{")
            for _ in range(400):
                time.sleep(0.5)
                handler.wfile.write(b" ")
                handler.wfile.flush()
        except OSError:
            pass
        handler.close_connection = True

    def page(self, items, query, size=100):
        since = query.get("since")
        if since:
            items = [item for item in items if (item.get("createdAt") or item.get("endedAt") or item["startedAt"]) >= since]
        offset = int(query.get("cursor", "o0")[1:] or 0)
        end = min(len(items), offset + size)
        return {"items": items[offset:end], "nextCursor": "o%d" % end if end < len(items) else None}

    def keyed(self, route, key, body, make):
        """The Idempotency-Key rule: the same key and body answer what the first request got."""
        if not key:
            return make()
        digest = hashlib.sha256(body).hexdigest()
        with self.lock:
            kept = self.keys.get((route, key))
        if kept:
            if kept[0] != digest:
                return 422, {"code": "IDEMPOTENCY_KEY_REUSED", "message": "this key was used with another request"}
            return kept[1], kept[2]
        status, payload = make()
        if status is not None and 200 <= status < 300:
            with self.lock:
                self.keys[(route, key)] = (digest, status, payload)
        return status, payload

    def route(self, mode, method, path, query, body, key):
        if path in ("auth/apple", "auth/refresh"):
            token = ("AT-" + "x" * (2 << 20)) if mode == "hugetoken" else "AT-" + uuid.uuid4().hex
            return 200, {"accessToken": token, "refreshToken": "RT-" + uuid.uuid4().hex,
                         "expiresIn": 10 ** 12 if mode == "longexpiry" else 900, "tokenType": "Bearer",
                         "user": self.user(mode)}
        if path == "auth/logout":
            return 204, None
        if path == "users/me":
            return 200, self.user(mode)
        if path == "users/me/learning-profile":
            if mode == "bignumber":
                return 200, json.dumps(dict(self.sample["profile"], dailyMinutes="BIG")).replace('"BIG"', "1e400").encode()
            return 200, self.sample["profile"]
        if path == "knowledge-bases":
            return 200, self.sample["knowledgeBases"]
        if path.startswith("knowledge-bases/") and path.endswith("/learning-paths"):
            base = path.split("/")[1]
            return 200, [p for p in self.sample["learningPaths"] if p["knowledgeBaseId"] == base]
        if path.startswith("learning-paths/") and path.endswith("/lessons"):
            learning_path = path.split("/")[1]
            return 200, [lesson for lesson in self.lessons(mode) if lesson.get("pathId") == learning_path]
        if path == "learning/sessions" and method == "GET":
            if mode == "endless":
                offset = int(query.get("cursor", "o0")[1:] or 0)
                items = [dict(self.sample["sessions"][0], id="endless-%d" % (offset + i)) for i in range(50)]
                return 200, {"items": items, "nextCursor": "o%d" % (offset + 50)}
            if mode == "bigpages":
                offset = int(query.get("cursor", "o0")[1:] or 0)
                filler = "x" * (8 << 20)
                items = [dict(self.sample["sessions"][0], id="big-%d" % offset, userInput=filler)]
                return 200, {"items": items, "nextCursor": "o%d" % (offset + 1)}
            return 200, self.page(self.session_list(mode), query)
        if path == "learning/sessions" and method == "POST":
            def make():
                new = json.loads(body or b"{}")
                with self.lock:
                    self.created_sessions += 1
                    session = {"id": "session-new-%d" % self.created_sessions, "userId": "user-lin-xiao",
                               "lessonId": new.get("lessonId"), "startedAt": new.get("startedAt"), "endedAt": new.get("endedAt"),
                               "userInput": new.get("userInput", ""), "createdAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
                    self.sessions.append(session)
                return 201, session
            return self.keyed("sessions", key, body, make)
        if path == "ai/analyses":
            with self.lock:
                analyses = sorted(copy.deepcopy(self.analyses), key=lambda a: (a["createdAt"], a["id"]))
            return 200, self.page(analyses, query)
        if path == "ai/analyze-learning-input":
            request = json.loads(body or b"{}")

            def make():
                with self.lock:
                    self.created_analyses += 1
                    analysis = {"id": "analysis-new-%d" % self.created_analyses, "sessionId": request.get("sessionId"),
                                "userId": "user-lin-xiao", "lessonId": request.get("lessonId"), "inputText": request.get("userInput"),
                                "masteryScore": 66, "weakPoints": ["链式法则" + (HOSTILE if mode == "escape" else "")],
                                "suggestions": ["再练一次" + (HOSTILE if mode == "escape" else "")], "modelName": "hostile",
                                "createdAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
                    self.analyses.append(analysis)
                return 201, analysis
            status, payload = self.keyed("analyses", key, body, make)
            return (None, None) if mode == "ailost" else (status, payload)
        if path == "review-tasks" and method == "GET":
            return 200, self.task_list(mode)
        if path.startswith("review-tasks/") and method == "POST":
            if mode in ("refuse", "escape"):
                return 404, {"code": "TASK_NOT_FOUND" + (HOSTILE if mode == "escape" else ""), "message": FORGED_ERROR}
            if mode == "redirect":
                return 302, None
            task_id = path.split("/")[1]
            task = next((t for t in self.task_list("ok") if t["id"] == task_id), None)
            if task is None:
                return 404, {"code": "TASK_NOT_FOUND", "message": "no such task"}
            task["status"] = "completed" if path.endswith("/complete") else "skipped"
            return 200, task
        return 404, {"code": "NOT_FOUND", "message": "no route " + path}
