#!/usr/bin/env python3
"""Anki's own memory states for every card of a collection, timed: the peer of
`zhixi-review states COLLECTION` in docs/BENCHMARKS.md (issue 26, item 7).

Opens a copy of the collection with Anki's library (its Rust backend), then calls
`compute_memory_state` for every card, as Anki's deck options "reschedule" path computes them
one card at a time through the backend. Prints wall seconds for opening and for all the cards,
and the process's peak resident memory.

How it was run (Python 3.11, `pip install anki==26.9.3`), after
`make_large_collection.py /tmp/anki-large`:

    python3 Benchmarks/compare/anki/memory_states_timing.py /tmp/anki-large/collection.anki2 [CARDS]

CARDS (default: every card) times only the first CARDS cards, for collections where one call
per card takes long; the figure is then scaled by the script to every card and says so.
"""
import os
import resource
import shutil
import sys
import tempfile
import time

from anki.collection import Collection


def main() -> None:
    source = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
    folder = tempfile.mkdtemp(prefix="anki-timing-")
    copy = os.path.join(folder, "collection.anki2")
    shutil.copy(source, copy)
    start = time.perf_counter()
    col = Collection(copy)
    opened = time.perf_counter() - start
    ids = list(col.find_cards(""))
    chosen = ids if limit is None else ids[:limit]
    start = time.perf_counter()
    states = 0
    for cid in chosen:
        if col.compute_memory_state(cid) is not None:
            states += 1
    elapsed = time.perf_counter() - start
    col.close()
    shutil.rmtree(folder)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    scaled = elapsed * len(ids) / max(1, len(chosen))
    print(f"open {opened:.3f} s; compute_memory_state for {len(chosen)} of {len(ids)} cards: {elapsed:.3f} s"
          + ("" if limit is None else f" (every card, scaled: {scaled:.1f} s)")
          + f"; {states} states; peak {peak_mib:.0f} MiB")


if __name__ == "__main__":
    main()
