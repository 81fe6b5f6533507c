"""A worker's time as the tests' process measures it, for the watchdog (kata.judging.elsewhere).

The worker's CPU time is read from outside, on the kernel's clock of the worker process
(cpu_clock_of): nothing the worker says or does moves it. The messages of each request
cost the worker a little of that time too, which a guard's budget leaves out, within a
fixed allowance (protocol_time).

Everything here runs in the tests' process.
"""

from __future__ import annotations

import signal
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kata.judging.elsewhere import elsewhere
from kata.sandbox.limits import PROTOCOL_ALLOWANCE_SECONDS

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from contextlib import AbstractContextManager

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


def cpu_clock_of(pid: int) -> int | None:
    """The id of Linux's CPU-time clock of a whole process (what glibc's clock_getcpuclockid makes), or None."""
    if not sys.platform.startswith("linux"):
        return None
    clock_id = (~pid << 3) | 2  # CPUCLOCK_SCHED of the process's thread group
    try:
        time.clock_gettime(clock_id)
    except OSError:
        return None
    return clock_id


@contextmanager
def protocol_time() -> Iterator[None]:
    """Count this thread's CPU time in the block as the tests' side of the worker's messages (kata.judging.elsewhere).

    Never more than the worker itself spent in the block, nor than PROTOCOL_ALLOWANCE_SECONDS:
    the credit stands for the worker's side of the same messages, and a worker could otherwise
    buy time for its work with replies (or callbacks) that cost it little to send and this
    process much to read or serve.
    """
    account = elsewhere.time  # the test's, even if a new test's replaces it meanwhile
    started, worker_started, served_before = time.thread_time(), account.busy_before, account.served_cpu
    try:
        yield
    finally:
        spent_here = time.thread_time() - started - (account.served_cpu - served_before)  # callbacks are the code's
        spent_there = account.busy_before - worker_started
        account.credit_the_messages(max(0.0, min(spent_here, spent_there, PROTOCOL_ALLOWANCE_SECONDS)))


def travel_time() -> AbstractContextManager[None]:
    """Count this thread's CPU time in the block as travel: encoding a call's arguments, which the tests chose. Never
    a reply or a callback, whose size the worker chooses: a worker that could make the travel grow would buy itself
    time with it."""
    return _this_threads_time(elsewhere.time.count_the_travel)


def callback_time() -> AbstractContextManager[None]:
    """Count this thread's CPU time in the block as the code's: serving a callback of the worker."""
    return _this_threads_time(elsewhere.time.count_a_callback)


@contextmanager
def _this_threads_time(count: Callable[[float], None]) -> Iterator[None]:
    """Give `count` this thread's CPU time in the block, for the test's account it was taken from."""
    started = time.thread_time()
    try:
        yield
    finally:
        count(time.thread_time() - started)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold back the watchdog's alarm signal for a moment; it is delivered (and may raise) right after."""
    held = hasattr(signal, "pthread_sigmask")
    if held:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGALRM})
