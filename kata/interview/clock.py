"""The time an interview reads: the wall clock, or the one a test gives through KATA_INTERVIEW_NOW.

A session remembers which of the two started it, and refuses the other (kata.interview.session):
a clock given in the middle of a session on the wall clock would stop its time running out.
"""

from __future__ import annotations

import math
import os
import time

CLOCK_VARIABLE = "KATA_INTERVIEW_NOW"  # seconds since the epoch, for tests that drive a whole session


class ClockProblem(ValueError):
    pass


def clock_is_given() -> bool:
    return CLOCK_VARIABLE in os.environ


def now() -> float:
    """Seconds since the epoch: the given clock's, or the wall clock's."""
    if not clock_is_given():
        return time.time()
    text = os.environ[CLOCK_VARIABLE]
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise ClockProblem(f"{CLOCK_VARIABLE}={text!r} is not a number of seconds since the epoch")
    return value


def minutes_and_seconds(seconds: float) -> str:
    """'12:05', '0:00', '1:02:03': a duration as a clock shows it, rounded down to the second."""
    whole = max(int(seconds), 0)
    hours, rest = divmod(whole, 3600)
    minutes, seconds_left = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds_left:02}" if hours else f"{minutes}:{seconds_left:02}"
