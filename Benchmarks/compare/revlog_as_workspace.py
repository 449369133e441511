#!/usr/bin/env python3
"""A real review history planned at real scale: the Anki log in ../shared/data read as a ZhiXi
workspace (each card a lesson, each review a session whose mastery score stands for its
rating: Again 40, Hard 65, Good 80, Easy 95 — the middle of each band of the planner's
MasteryRatingScale), planned the day after its last review with 60 minutes a day.

How it was run, from the package root:

    swift build -c release --product zhixi-review
    python3 Benchmarks/compare/revlog_as_workspace.py [--minutes 60] [--days 7]

Prints the plan's days (tasks, minutes) and its notes, and how long the backlog takes. The
log is read from ../shared/data and the workspace is written to a temporary folder only (the
log is not part of the project).
"""
import argparse
import csv
import datetime
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOG = os.path.join(ROOT, "..", "shared", "data", "anki-revlog-josh-2024.csv")
SCORES = {"1": 40, "2": 65, "3": 80, "4": 95}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "zhixi-review"))
    args = parser.parse_args()
    if not os.path.exists(LOG):
        sys.exit(f"skipped: {LOG} is absent (the real review log is not part of the project)")
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} is missing; build it with: swift build -c release --product zhixi-review")
    lessons, sessions, last = {}, [], None
    with open(LOG, newline="") as handle:
        for index, row in enumerate(csv.DictReader(handle)):
            card = row["card_id"]
            lessons.setdefault(card, {"id": card, "knowledgeBaseId": "anki", "title": f"card {card}", "estimatedMinutes": 10})
            time = row["review_time"]
            sessions.append({"id": f"r{index}", "userId": "josh", "lessonId": card, "startedAt": time,
                             "userInput": "", "masteryScore": SCORES[row["review_rating"]]})
            stamp = datetime.datetime.fromisoformat(time.replace("Z", "+00:00"))
            last = stamp if last is None or stamp > last else last
    workspace = {"schemaVersion": 1, "profile": {"userId": "josh", "timeZone": "UTC", "dayStartHour": 4,
                                                 "dailyMinutes": args.minutes},
                 "lessons": list(lessons.values()), "sessions": sessions}
    now = (last + datetime.timedelta(days=1)).replace(hour=12, minute=0, second=0, microsecond=0)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "workspace.json")
        with open(path, "w") as handle:
            json.dump(workspace, handle)
        result = subprocess.run([args.binary, "plan", path, "--now", now.isoformat().replace("+00:00", "Z"),
                                 "--days", str(args.days), "--lang", "en"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(result.stderr)
    print(f"{len(lessons):,} cards as lessons, {len(sessions):,} reviews as sessions, planned {now:%Y-%m-%d %H:%M} UTC, "
          f"{args.minutes} min a day")
    for line in result.stdout.splitlines():
        if line.startswith(("Today", "Tomorrow", "This week", "Later", "Minutes per day", "Notes", "  - ")) or "more task" in line:
            print(line)


if __name__ == "__main__":
    main()
