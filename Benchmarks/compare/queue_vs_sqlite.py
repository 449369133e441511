#!/usr/bin/env python3
"""Durable enqueue: ZhiXi's journaled upload queue beside SQLite, the usual home of an app's
outbox (the app's original design kept reading events in SQLite behind a Rust runtime).

Both sides make each call durable before it returns, on the same disk, in one run:
  * ours:   `zhixi-bench events --json` (release build): each `enqueue` call is one
            checksummed record appended to the journal and fdatasync'd.
  * SQLite: Python's sqlite3 (the C library; Python only drives it), WAL mode with
            synchronous=FULL, so each COMMIT is synced; one table (event id primary key,
            the event's JSON); one transaction per call.
Measured: events/s one per call (2,000 events) and in calls of 100 (10,000 events), and the
bytes on disk per 10,000 events (ours: the journal's records, not counting the 256 KiB of
zeros written ahead; SQLite: database + WAL after a checkpoint). The two sides alternate, one
run each per round, so that load from other work falls on both; medians of the rounds
(default 7); ratio = ours / SQLite (above 1: ours is faster or, for size, larger).

Run from the package root after `swift build -c release --product zhixi-bench`:
    python3 Benchmarks/compare/queue_vs_sqlite.py [--dir DIR]
The machine is shared: other builds may run at the same time; rerun when runs disagree.
"""
import argparse, json, os, sqlite3, statistics, subprocess, tempfile, time, uuid


def event(index):
    return json.dumps({
        "activeSecondsDelta": 15, "clientSessionId": "6F9619FF-8B86-D011-B42D-00CF4FC964FF",
        "clientTimestampMs": 1767225600000 + index * 15000, "eventId": str(uuid.uuid4()).upper(),
        "eventType": "heartbeat", "materialId": f"src-{index % 50}", "position": {"progress": (index % 1000) / 1000},
        "readingTargetType": "knowledge_source", "sequence": index + 1}, separators=(",", ":"))


def sqlite_run(directory, events, per_call):
    path = os.path.join(directory, f"outbox-{uuid.uuid4()}.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE outbox (event_id TEXT PRIMARY KEY, state INTEGER NOT NULL DEFAULT 0, body TEXT NOT NULL)")
    rows = [(json.loads(e)["eventId"], e) for e in (event(i) for i in range(events))]
    start = time.perf_counter()
    for offset in range(0, events, per_call):
        db.execute("BEGIN")
        db.executemany("INSERT OR IGNORE INTO outbox (event_id, body) VALUES (?, ?)", rows[offset:offset + per_call])
        db.execute("COMMIT")
    rate = events / (time.perf_counter() - start)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    size = sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))
    for p in (path, path + "-wal", path + "-shm"):
        if os.path.exists(p):
            os.remove(p)
    return rate, size * 10000 // events


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default=tempfile.gettempdir())
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rounds, single, batched, size = [], [], [], 0
    for _ in range(args.runs):
        rounds.append(json.loads(subprocess.check_output(
            [".build/release/zhixi-bench", "events", "--json", "--runs", "1", "--dir", args.dir]).decode().strip().splitlines()[-1]))
        single.append(sqlite_run(args.dir, 2000, 1)[0])
        rate, size = sqlite_run(args.dir, 10000, 100)
        batched.append(rate)
    ours = {key: statistics.median(r[key] for r in rounds) for key in rounds[0] if isinstance(rounds[0][key], (int, float))}
    peer = {"single": statistics.median(single), "batched": statistics.median(batched), "size": size}
    print("rounds (ours / SQLite, events/s): one per call " + ", ".join(
        f"{r['enqueueOneAtATimePerSecond']:.0f}/{p:.0f}" for r, p in zip(rounds, single)) + "; 100 per call " + ", ".join(
        f"{r['enqueueBatchedPerSecond']:.0f}/{p:.0f}" for r, p in zip(rounds, batched)))
    print(f"{'':34}{'ZhiXi journal':>16}{'SQLite WAL+FULL':>18}{'ratio':>8}")
    rows = [("enqueue one per call (events/s)", ours["enqueueOneAtATimePerSecond"], peer["single"]),
            ("enqueue 100 per call (events/s)", ours["enqueueBatchedPerSecond"], peer["batched"]),
            ("bytes on disk per 10,000 events", ours["journalBytesPer10kBatched"], peer["size"])]
    for name, a, b in rows:
        print(f"{name:34}{a:16,.0f}{b:18,.0f}{a / b:8.2f}")
    print(f"(ZhiXi also: reopen {ours['events']:.0f} events {ours['reopenSeconds']:.3f} s, "
          f"flush to the loopback server {ours['flushPerSecond']:,.0f} events/s; medians of {args.runs} runs)")


if __name__ == "__main__":
    main()
