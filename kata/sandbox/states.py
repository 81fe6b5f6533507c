"""What the tests' process tells of a worker process from outside: whether it has ended and why,
the signals waiting for it, and what of its submission's folder it may be told.

The worker is stopped between requests (kata.sandbox.client's rest and wake), so that a
worker seen stopped that ended meanwhile, or a signal that reached it meanwhile, was sent from
outside: by another process, never by the code under test, and the call that meets it says so.
A signal the worker queued for itself before it stopped (blocked, for a later request) is told
apart: it waited already when every thread was seen stopped.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from kata.sandbox.forking import ForkedProcess, hidden_from_every_worker
from kata.sandbox.limits import STOPPED_WITHIN_SECONDS


def why_it_ended(process: ForkedProcess | None, from_outside: bool, sent_while_resting: set[int]) -> str:
    """Why the worker ended, once stopped; `from_outside`: it ended while stopped between two requests,
    when it could do nothing; `sent_while_resting`: the signals sent to it meanwhile, delivered on waking."""
    code = process.returncode if process is not None else None
    if process is not None and process.stopped_for:
        return f"the worker process was stopped: {process.stopped_for}"
    if code is None:
        return "the worker process stopped answering"
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
        if from_outside or -code in sent_while_resting:
            return (
                f"its worker was ended from outside, by the signal {name}, while it waited for a request: "
                "not by the code under test"
            )
        why = {
            "SIGSEGV": " (a crash: often recursion too deep for the C stack)",
            "SIGKILL": " (killed: often the memory limit)",
        }.get(name, "")
        return f"the worker process was ended by the signal {name}{why}"
    return f"the code under test ended the worker process with os._exit({code}) or a crash (exit status {code})"


def hidden_from_the_worker(folder: Path) -> list[str]:
    """The submission's own folder, for the worker to hide from itself, where the fork server does not
    hide it already (the repository, the temporary folder): elsewhere only, since a folder's name,
    the grading folder's in grading, must not reach the worker."""
    real = os.path.realpath(folder)
    if any(
        real == tree or real.startswith(tree.rstrip(os.sep) + os.sep)
        for tree in map(os.path.realpath, hidden_from_every_worker())
    ):
        return []
    return [str(folder)]


def pending_signals(pid: int) -> set[int]:
    """The numbers of the signals waiting to be delivered to the process (none where there is no /proc)."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            fields = dict(line.split(b":", 1) for line in status.read().splitlines() if b":" in line)
        mask = int(fields.get(b"SigPnd", b"0"), 16) | int(fields.get(b"ShdPnd", b"0"), 16)
    except (OSError, ValueError):
        return set()
    return {number + 1 for number in range(64) if mask >> number & 1}


def pending_once_stopped(pid: int, seconds: float = STOPPED_WITHIN_SECONDS) -> set[int] | None:
    """The signals waiting for the process once every thread of it is seen stopped, or None when it is
    not within `seconds` (it has ended, or a thread waits in the kernel): what waits then was queued
    before it stopped, by the process itself as well as by others."""
    if not os.path.isdir("/proc/self"):
        return None  # nothing tells whether it stopped
    deadline = time.monotonic() + seconds
    while not has_ended(pid):
        if all_threads_stopped(pid):
            return pending_signals(pid)
        if time.monotonic() > deadline:
            break
        os.sched_yield()
    return None


def sent_since_rest(pid: int, pending_at_rest: set[int] | None) -> set[int]:
    """The signals waiting for the process now that did not wait once it was seen stopped (none if it was not)."""
    return set() if pending_at_rest is None else pending_signals(pid) - pending_at_rest


def all_threads_stopped(pid: int) -> bool:
    """Whether every thread of the process is stopped by a signal (state T); False where there is no /proc."""
    try:
        states = set()
        for thread in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{thread}/stat", "rb") as stat:
                states.add(stat.read().rsplit(b")", 1)[-1].split()[0])
    except (OSError, IndexError):
        return False
    return states == {b"T"}


def has_ended(pid: int) -> bool:
    """Whether the process has ended (a zombie its parent has not reaped, or gone); False where there is no /proc."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rsplit(b")", 1)[-1].split()[0]
    except FileNotFoundError:
        return os.path.isdir("/proc/self")
    except (OSError, IndexError):
        return False
    return state in (b"Z", b"X")
