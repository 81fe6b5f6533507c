"""A worker's memory, read from outside: what a memory guard holds a generator of an isolated run to.

Kata 04's memory guard reads a generator to its end while tracing the memory the code
allocates (kata.judging.measured_reading). Isolated, the reading and its tracer run in the
worker, where the submission could patch them; so the tests' side also reads the worker's
memory from outside, as the kernel counts it (/proc/PID/status), and holds the worker to
that (WorkerReading).

Everything here runs in the tests' process.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from kata.sandbox.forking import fork_server
from kata.sandbox.limits import RESIDENT_SLACK_BYTES
from kata.sandbox.values import short_repr

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any, Protocol

    from kata.sandbox.forking import ForkedProcess

    class MeasuredWorker(Protocol):
        """What a reading needs of the tests' side of its worker (kata.sandbox.client.WorkerClient)."""

        started_in_this_test: bool
        memory_at_ready: dict[str, int]

        def require(self, generation: int) -> ForkedProcess: ...

        def read_a_batch(self, generation: int, message: dict) -> Any: ...

        def stop(self) -> None: ...

        def ended(self, why: str) -> Exception: ...

        def garbled(self, problem: Exception) -> Exception: ...


# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True

MEASURED_MEMORY = ("VmRSS", "RssAnon")  # the fields of /proc/PID/status a memory guard's baselines are read from


def status_kib(pid: int, field: str) -> int:
    """A field of a process's /proc status, in KiB (VmRSS, VmHWM, RssAnon)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise ValueError(f"no {field} in /proc/{pid}/status")


def memory_of(pid: int) -> dict[str, int]:
    """A worker's resident memory in KiB once loaded, all of it and the anonymous part; {} where
    the kernel does not say."""
    try:
        return {field: status_kib(pid, field) for field in MEASURED_MEMORY}
    except (OSError, ValueError):
        return {}  # not Linux; or a worker that hid it, which a memory guard stops when it reads it again


class WorkerReading:
    """A generator of the worker read to its end in batches (kata.judging.measured_reading), measuring its memory.

    The tests receive every item, so the worker cannot fake what it yields. The peak traced
    memory is the worker's own figure, which a submission could patch to report nothing; so
    the worker's memory is also read from outside, as the kernel counts it, against what a
    worker starts with (the fork server's, or the worker's own once loaded when less):
    - its peak resident memory over its whole life, so that memory taken early and given
      back later (to grow into unseen) counts from the start;
    - its anonymous memory after every batch, where anything it keeps must be (a worker
      has no shared memory, and cannot write a file): pages of files it touches early, or
      drops later, move the resident memory but not this.
    A growth past RESIDENT_SLACK_BYTES is the peak, when larger. The worker must have been
    started for this test (a memory guard asks for a worker of its own), or earlier tests'
    peaks would count.
    """

    def __init__(self, worker: MeasuredWorker, generation: int, handle: int, bound: int):
        self._worker = worker
        self._generation = generation
        self._handle = handle
        self._bound = bound
        self.peak = 0

    def __iter__(self) -> Iterator[list]:
        worker, first, over = self._worker, True, False
        process = worker.require(self._generation)
        if not worker.started_in_this_test:
            raise RuntimeError(
                "a memory guard reads a generator of a worker started for its test: "
                "mark the test with kata.judging.guards.memory_guard"
            )
        resident, anonymous = self.starting_resident_kib("VmRSS"), self.starting_resident_kib("RssAnon")
        most_anonymous = 0
        while not over:
            batch, peak, over = self.checked(
                worker.read_a_batch(
                    self._generation, {"op": "read", "handle": self._handle, "bound": self._bound, "first": first}
                )
            )
            first = False
            self.peak = max(self.peak, peak)
            if anonymous is not None:
                most_anonymous = max(most_anonymous, self.resident_kib(process.pid, "RssAnon"))
            yield batch
        if resident is not None and anonymous is not None:
            grown = 1024 * max(self.resident_kib(process.pid, "VmHWM") - resident, most_anonymous - anonymous)
            if grown > RESIDENT_SLACK_BYTES:
                self.peak = max(self.peak, grown)

    def starting_resident_kib(self, field: str) -> int | None:
        """What a worker starts with, in KiB (field: VmRSS or RssAnon): the fork server's, or the
        worker's own once loaded when that is less (a forked process has fewer of its parent's
        pages in its own count); None where the kernel does not say."""
        if not sys.platform.startswith("linux"):
            return None
        fork_servers = self.resident_kib(fork_server().process.pid, field)
        return min(fork_servers, self._worker.memory_at_ready.get(field, fork_servers))

    def resident_kib(self, pid: int, field: str) -> int:
        """A process's VmRSS, VmHWM or RssAnon in KiB.

        On Linux it can always be read, so a worker that hides it is stopped."""
        try:
            return status_kib(pid, field)
        except (OSError, ValueError) as error:
            self._worker.stop()
            raise self._worker.ended(
                f"its memory could not be read from outside ({error}), so it cannot be judged"
            ) from None

    def checked(self, answer: object) -> tuple[list, int, bool]:
        """The worker's (batch, peak, over), or the worker is stopped: anything else is not an answer."""
        if not (
            type(answer) is tuple
            and len(answer) == 3
            and type(answer[0]) is list
            and type(answer[1]) is int
            and answer[1] >= 0
            and type(answer[2]) is bool
            and (answer[0] or answer[2])
        ):
            raise self._worker.garbled(ValueError(f"not a batch of a reading: {short_repr(answer)}"))
        return answer
