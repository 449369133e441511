"""What Anki's deck options screen derives from a preset before it asks for a fit.

Shared by reference.py (run inside Anki, under faketime) and fit_vs_anki.py (which asks Anki for fits):
the two read a preset the same way, so they import these rules from one place.
"""

from __future__ import annotations

import calendar
import time


def relearning_steps_within_a_day(steps_minutes: list[float]) -> int:
    """What the deck options screen passes as num_of_relearning_steps."""
    count, total = 0, 0.0
    for step in steps_minutes:
        total += step
        if total >= 1440:
            break
        count += 1
    return count


def ignore_before_ms(date: str) -> int:
    """Anki's rule: the date at 00:00 UTC (params.rs, ignore_revlogs_before_date_to_ms)."""
    return calendar.timegm(time.strptime(date, "%Y-%m-%d")) * 1000 if date else 0
