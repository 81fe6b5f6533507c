"""The clock every time limit of the code under test reads: the CPU time of the thread that runs it.

A limit in wall time measured the machine, not the code: a compile or a second test run
beside the tests made a right solution TOO SLOW. The code under test runs in the main
thread of the tests' process (or in a worker process, whose CPU time kata.sandbox reads
from outside), so its limits count that thread's CPU time, which no other process moves.
Wall time stays a far backstop, for code that sleeps or waits (kata.judging.limits).

Where the platform has no clock of one thread's CPU time (macOS and Windows have none that
another thread can read), the process's CPU time judges, and failing that the wall clock:
`CODE_CLOCK.name` says which, and the reports name it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable


@dataclass(frozen=True)
class Clock:
    """A clock in seconds, and the words that name it in a report ("CPU time")."""

    name: str
    now: Callable[[], float]
    counts_cpu: bool  # False: the wall clock, which counts whatever else the machine does


def _main_thread_cpu() -> Clock | None:
    """The CPU-time clock of the main thread, readable from any thread (Linux, BSDs), or None."""
    clock_of = getattr(time, "pthread_getcpuclockid", None)
    ident = threading.main_thread().ident
    if clock_of is None or ident is None:
        return None
    try:
        clock_id = clock_of(ident)
        time.clock_gettime(clock_id)
    except (OSError, AttributeError):
        return None
    return Clock("CPU time", lambda: time.clock_gettime(clock_id), counts_cpu=True)


def _process_cpu() -> Clock | None:
    try:
        time.process_time()
    except OSError:
        return None
    return Clock("the process's CPU time", time.process_time, counts_cpu=True)


CODE_CLOCK: Clock = _main_thread_cpu() or _process_cpu() or Clock("wall time", time.monotonic, counts_cpu=False)
WALL_CLOCK = Clock("wall time", time.monotonic, counts_cpu=False)
