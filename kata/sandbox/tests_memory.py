"""The tests' process of one student's run, watched from outside: its resident memory, held to a cap.

`kata grade` runs each student's tests in a pytest process of their own, which reads all that
the student's workers send. What it keeps for them is bounded from inside (kata.sandbox.kept,
and each test's own memory limit, kata.judging.limits.MEMORY_LIMIT_MB); this is the bound that
holds whatever got past those. The grader reads, every TESTS_MEMORY_CHECK_SECONDS, the resident
memory (VmRSS) of that process and of its own children (the fork server), not of the workers,
the fork server's children, which have their own limits. Past TESTS_MEMORY_MB it asks the run
to stop (SIGINT: pytest ends the run, writes the outcomes of the tests that ran, and stops its
workers); a run that has not ended TESTS_STOP_SECONDS later, or has grown to twice the cap
meanwhile, is killed with its process group (its fork server then ends its workers).

Polled, not a cgroup's memory.max: cgroup v2 needs a cgroup delegated to the grader's user,
which a container or a machine graded on without root seldom has. Linux only: elsewhere there
is no /proc, and nothing is read.

`pytest --isolate` watches its own process the same way (kata.plugin.own_memory), unless told
that it is watched from outside (`kata grade` passes --tests-memory=0): a process killed for its
memory cannot write why, so it writes its last words before it ends.

Everything here runs in the watching process, on a thread of its own.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from kata.sandbox.limits import TESTS_MEMORY_CHECK_SECONDS, TESTS_STOP_SECONDS


def resident_kib(pid: int) -> int:
    """The resident memory of a process, in KiB, as the kernel counts it; 0 once it has ended."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii", errors="replace").splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def children_of(pid: int) -> list[int]:
    """The processes this one started (each of its threads' children), as /proc lists them."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text(encoding="ascii").split()]
    except (OSError, ValueError):
        pass
    return found


def memory_of_the_tests_kib(pid: int) -> int:
    """The tests' process's resident memory with its children's (its fork server): never a worker's."""
    return resident_kib(pid) + sum(resident_kib(child) for child in children_of(pid))


class TestsMemoryWatch:
    """Watches a student's tests' process (the leader of its own process group) from a thread of its own,
    while the block runs: `passed_kib` is the memory it was read at when it passed the cap, else 0."""

    __test__ = False  # not a test class, for pytest

    def __init__(self, pid: int, cap_mb: int, last_words: str = ""):
        if type(cap_mb) is not int or cap_mb < 1:
            raise ValueError(f"cap_mb must be a whole number of MB, 1 or more, got {cap_mb!r}")
        self.pid = pid
        self.last_words = last_words  # written to stderr by a process that watches itself, before it is killed
        self.cap_kib = cap_mb * 1024
        self.passed_kib = 0
        self.passed_at = 0.0  # time.monotonic() when it was read past the cap
        self.ended_at = 0.0  # and when the block it was watched in ended
        self.killed = False  # it did not end when asked to, and was killed
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name=f"memory of {pid}", daemon=True)

    def __enter__(self) -> TestsMemoryWatch:
        if Path("/proc/self/status").exists():
            self._thread.start()
        return self

    def __exit__(self, *exception: object) -> None:
        self.ended_at = time.monotonic()
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    def _watch(self) -> None:
        while not self._done.wait(TESTS_MEMORY_CHECK_SECONDS):
            now = memory_of_the_tests_kib(self.pid)
            if now > self.cap_kib:
                self.passed_kib, self.passed_at = now, time.monotonic()
                self._stop()
                return

    def _stop(self) -> None:
        """Ask the run to end (its outcomes so far are written); kill it if it does not, or grows on."""
        try:
            os.kill(self.pid, signal.SIGINT)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + TESTS_STOP_SECONDS
        while not self._done.wait(TESTS_MEMORY_CHECK_SECONDS):
            if time.monotonic() > deadline or memory_of_the_tests_kib(self.pid) > 2 * self.cap_kib:
                self._kill()
                return

    def _kill(self) -> None:
        self.killed = True
        try:
            if self.pid == os.getpid():  # its fork server sees it gone, and ends its workers
                os.write(2, f"\n{self.last_words}\n".encode("utf-8", "replace"))
                os.kill(self.pid, signal.SIGKILL)
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
