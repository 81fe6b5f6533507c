"""Calls that run in another process: what judging reads of them, and the one door it opens to the code that runs them.

Judging never imports that code (kata.sandbox, whose workers run an isolated run's
calls), and that code reaches judging only through the one `Elsewhere` of this module,
`elsewhere`:
- `elsewhere.time`, the current test's TimeElsewhere: the code that runs a call elsewhere
  tells it when each wait for a reply starts and ends, with the other process's CPU clock;
  the watchdog (kata.judging.limits) reads it;
- `elsewhere.call_in_progress()` and `elsewhere.stop_the_test(...)`: the call a limit
  passed in the other process stops, and the record that stops the test's further calls;
- what judging must know of that code, which the runner's plugin gives it once, in
  pytest_configure, when the run is isolated (`elsewhere.connect`): the files in which this
  process waits for the other's reply, where a limit stops the call at once, and the types
  of iterators that are read in the process that makes their items. Until then no call
  runs elsewhere: the code that would run one asks `elsewhere.require_a_connection()`
  first, which refuses.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from kata.judging.calls import log

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from kata.judging.calls import Call, LimitExceeded


class TimeElsewhere:
    """The time of a test's calls that run in another process, measured from this one.

    Code that runs a call elsewhere says when each wait for a reply starts and ends, with
    the other process's CPU clock as the kernel counts it; the watchdog reads the CPU time
    of the current wait, of all the test's waits, and the wall time of the current wait,
    which catches a process that sleeps instead. Nothing the other process says or does
    can change any of them.
    """

    def __init__(self) -> None:
        self.clock: Callable[[], float] | None = None
        self.busy_since: float | None = None  # the wall clock when the current wait began
        self.cpu_since = 0.0
        self.paused_at: float | None = None  # while this process serves a callback of the other
        self.busy_before = 0.0  # the CPU time of the test's earlier waits
        # This process's own CPU time on the messages of the test's waits: encoding, decoding,
        # serving callbacks. The other process spends about as much on its side of the same
        # messages, so a guard's budget for the whole test leaves that much out: a generator
        # read one next() at a time must not be charged for the travel. Each wait's share is
        # at most the other process's own CPU time on it (kata.sandbox.clock.protocol_time).
        self.protocol_cpu = 0.0
        # This process's CPU time encoding the arguments of the test's calls, which a paced guard's budget
        # allows for in proportion: the worker reads a large input, and writes an answer of about its size, at a
        # cost of the same order (kata.judging.limits.TRAVEL_FACTOR). Replies and callbacks are left out: the
        # worker chooses their size, and could buy itself time with them.
        self.travel_cpu = 0.0
        # This process's CPU time serving the other's callbacks (the tests' tokenizer or embedder called by the
        # code under test): the code's own work, done here, and counted as the code's in a paced guard.
        self.served_cpu = 0.0

    def started_waiting(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.cpu_since = clock()
        self.busy_since = time.monotonic()

    def stopped_waiting(self) -> None:
        if self.busy_since is not None:
            self.busy_before += self.cpu()
            self.busy_since = None

    def cpu(self) -> float:
        """The other process's CPU time on the current wait so far (0 when none is under way)."""
        if self.busy_since is None or self.clock is None:
            return 0.0
        return max(0.0, self.clock() - self.cpu_since)

    def wall(self) -> float:
        """How long this process has waited on the current wait, leaving out the callbacks it served."""
        if self.busy_since is None:
            return 0.0
        return (self.paused_at or time.monotonic()) - self.busy_since

    def pause_the_wall_clock(self) -> None:
        """This process serves a callback: not a wait for the other process (whose CPU clock runs on)."""
        if self.paused_at is None:
            self.paused_at = time.monotonic()

    def resume_the_wall_clock(self) -> None:
        if self.paused_at is not None and self.busy_since is not None:
            self.busy_since += time.monotonic() - self.paused_at
        self.paused_at = None

    def credit_the_messages(self, seconds: float) -> None:
        """Leave out of the test's total this much of the other process's CPU time: its side of the messages."""
        self.protocol_cpu += seconds

    def count_the_travel(self, seconds: float) -> None:
        self.travel_cpu += seconds

    def count_a_callback(self, seconds: float) -> None:
        self.served_cpu += seconds

    def code_cpu(self) -> float:
        """The CPU time the code under test has caused on all of the test's waits: the other process's, messages
        included, and this one's serving its callbacks."""
        return self.busy_before + self.cpu() + self.served_cpu

    def total_cpu(self) -> float:
        """The other process's CPU time on all of the test's waits, less the messages' travel."""
        return self.busy_before + self.cpu() - self.protocol_cpu


class Elsewhere:
    """The one door between judging and the code that runs a test's calls in another process."""

    def __init__(self) -> None:
        self.time = TimeElsewhere()  # the current test's: the watchdog starts a new one with each test
        self._waiting_in: frozenset[str] = frozenset()
        self._read_there: frozenset[type] = frozenset()

    def connect(self, *, waiting_in: Iterable[str], read_there: Iterable[type]) -> None:
        """Code in the files `waiting_in` runs while this process waits for the other's reply: a limit passed
        there stops the call at once. An iterator of a type in `read_there` is read in the process that makes
        its items: it has a method read_measuring_memory(bound=...) that returns such a reading."""
        self._waiting_in = frozenset(waiting_in)
        self._read_there = frozenset(read_there)

    def require_a_connection(self) -> None:
        """Code that runs a call elsewhere asks first: unconnected, judging would stop no call at its limit
        at once, and measure a generator's memory here, not where its items are made. So it fails closed."""
        if not self._waiting_in or not self._read_there:
            raise RuntimeError(
                "a call runs in a worker process, but judging was not told of the worker processes "
                "(elsewhere.connect): their limits and memory guards would not hold"
            )

    def start_a_test(self) -> None:
        self.time = TimeElsewhere()

    def waits_in(self, filename: str) -> bool:
        """Whether code in this file is this process waiting for the other's reply."""
        return filename in self._waiting_in

    def reads_there(self, items: object) -> bool:
        """Whether these items are made in the other process, and read there."""
        return type(items) in self._read_there  # exactly: a generator of the code under test may have any attribute

    def call_in_progress(self) -> Call | None:
        return log.in_progress

    def stop_the_test(self, kind: type[LimitExceeded], limit: str) -> LimitExceeded:
        """The limit passed in the other process, which stops the call in progress; recorded so that the test's
        further calls fail at once, and returned to be raised."""
        log.stopped_by = kind(log.in_progress, limit)
        return log.stopped_by


elsewhere = Elsewhere()
