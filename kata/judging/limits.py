"""Time and memory limits for code under test.

A learner's loop that never advances must not hang the run or eat the machine.
A watchdog ticks a few times a second while a test runs; past the time limit,
or when the process has grown by more than the memory limit, it raises inside
whatever code is running, which is almost always the learner's loop.
"""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
import threading
import time
import types
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kata.judging.calls import (
    Call,
    CallDidNotFinish,
    CallsDidNotFinish,
    DidNotFinish,
    LimitExceeded,
    UsedTooMuchMemory,
    log,
)
from kata.judging.clocks import CODE_CLOCK
from kata.judging.elsewhere import elsewhere
from kata.judging.load_problems import message_of

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True

try:
    import resource
except ImportError:  # Windows: no watchdog, pytest-timeout's own method applies
    resource = None  # type: ignore[assignment]

TICK_SECONDS = 0.05  # how often the limits are looked at; a tenth of a shorter per-call limit
CALL_SECONDS = 1.0  # one call on a small input: a correct solution takes microseconds
# Once a call of a kata's code has stalled, the rest of the run stops that kata's stalled
# calls sooner: a loop that never advances meets several tests, and waiting out the full
# limit for each made a stalling solution's verdict take half a minute.
STALLED_CALL_SECONDS = 0.1
# The wall time one kata's tests may take in all, in one run: each test has its limits, but code that
# waits or sleeps in every call, just under them, made each of a kata's tests take its whole limit, and a
# class's grading wait for hours. The reference's slowest kata takes a few seconds, isolated and confined.
KATA_SECONDS = 120.0
GRACE_SECONDS = 0.5  # how long to wait for the stalled code to be the code under test
MEMORY_LIMIT_MB = 512  # growth allowed during one test; keeps a whole run under 1 GiB
# Under --isolate (and kata grade): a worker's address space, and the resident memory of the tests'
# process of one student's run with its fork server's (the workers have limits of their own), read
# from outside and ended past it: the reference's whole suite peaks at 220 MB, and a test may grow
# the tests' process by at most MEMORY_LIMIT_MB (kata.sandbox.limits says how often it is read).
WORKER_MEMORY_MB = 1024
TESTS_MEMORY_MB = 1536
# Every limit counts CPU time (kata.judging.clocks); code that sleeps or waits uses none, and is
# stopped when the wall time passes this many times the limit, plus the margin: far enough that a
# machine busy with other work (four busy processes on two cores give the tests a third of a core)
# never stops a right solution, which uses a tenth of its limit or less.
IDLE_FACTOR, IDLE_MARGIN_SECONDS = 2, 1.0
# A paced guard (kata.judging.guards.paced) stops the code under test when it has used this many times
# the CPU time of the tests' own plain pass over the same input, in the same process and on the same clock,
# and never sooner than the floor, below which a tick of the watchdog is a large share of the limit.
PACE_FACTOR = 10
PACE_FLOOR_SECONDS = 0.25
# Once paced, the test as a whole may use this many times the guard's budget more: the tests' own
# checks of a large answer, and, isolated, the travel of its values between the processes.
OWN_WORK_FACTOR = 10
# Isolated, the worker reads a guard's large input, keeps what its containers held to compare after the call
# (two more passes over it), and writes an answer of about its size: two to four times what writing the input
# costs the tests' process (kata.judging.elsewhere's travel_cpu), and the same for every solution. A paced
# guard's budget allows this many times the tests' side on top of the code's own work.
TRAVEL_FACTOR = 8


def idle_limit(call_seconds: float) -> float:
    """The longest wait for one call, sleeping or working: its limit counts CPU time only."""
    return IDLE_FACTOR * call_seconds + IDLE_MARGIN_SECONDS


def can_watch() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def on_the_clock(seconds: float, what: str) -> str:
    """A limit's words, naming the clock that judged it: "2 s of CPU time for this test"."""
    return f"{seconds:.3g} s of {CODE_CLOCK.name} for {what}"


# Past the backstop, code that used at least this share of the wall time in CPU time was working, not waiting:
# the machine gave it too little of a core (a sleeping or blocked call uses next to none).
STARVED_SHARE = 0.2


def waited(seconds: float, used: float, what: str) -> str:
    """The words of the wall-time backstop: the code slept or waited, using little CPU time, or it was working
    on a machine too busy to give it the CPU."""
    why = (
        "it sleeps, or waits for something"
        if used < STARVED_SHARE * seconds
        else "it was working, but this machine is too busy with other work to run it: check again when it is not"
    )
    # Never in exponent form: 9.5e-05 s reads as a number a learner must decode; under a millisecond is said so.
    cpu = "less than 0.001 s" if used < 0.001 else f"{used:.2g} s"
    return f"{seconds:.3g} s of wall time for {what}, in which it used only {cpu} of {CODE_CLOCK.name} ({why})"


@dataclass(frozen=True)
class Pace:
    """A paced guard's budget: the tests' own plain pass over the guard's input took `seconds` of CPU time,
    and the code under test may take `factor` times that (pytest --pace-factor), never less than the floor."""

    seconds: float
    factor: float = PACE_FACTOR

    @property
    def budget(self) -> float:
        return max(PACE_FLOOR_SECONDS, self.factor * self.seconds)

    def words(self, travel: float = 0.0) -> str:
        floor = self.budget == PACE_FLOOR_SECONDS
        return (
            f"{self.budget + TRAVEL_FACTOR * travel:.3g} s of {CODE_CLOCK.name} on this input"
            + (
                " (the least a guard gives"
                if floor
                else f" ({self.factor:g} times what the tests' own plain pass over it took here, {self.seconds:.2g} s"
            )
            + (
                f", and {TRAVEL_FACTOR} times the {travel:.2g} s the tests took to send your code's worker "
                "process its input)"
                if travel
                else ")"
            )
        )


class Watchdog:
    """Raises DidNotFinish or UsedTooMuchMemory in the main thread when a limit is passed.

    Every limit counts CPU time: the main thread's, which runs the code under test, or an isolated
    worker's (kata.judging.elsewhere); the wall time is a backstop for code that sleeps or waits.
    """

    def __init__(
        self,
        seconds: float,
        memory_mb: int = MEMORY_LIMIT_MB,
        call_seconds: float | None = CALL_SECONDS,
        computing_seconds: float | None = None,
        shortened: bool = False,
        large_call_seconds: float | None = None,
        pace_factor: float = PACE_FACTOR,
    ):
        self.seconds = seconds
        self.pace_factor = pace_factor
        self.call_seconds = call_seconds  # None: a guard, whose one big call may use the whole limit
        # A call on a large input (too large to copy, kata.judging.calls) may take this long instead.
        self.large_call_seconds = large_call_seconds or call_seconds
        self.shortened = shortened
        self.computing_seconds = computing_seconds  # for an isolated guard: the worker's CPU time over the whole test
        self.pace: Pace | None = None  # once calibrated (paced), the guard's budget from then on
        self.code_cpu_at_pace = self.test_cpu_at_pace = self.travel_at_pace = 0.0
        self.first_passed: float | None = None
        self.memory_bytes = memory_mb * 1024 * 1024
        self.memory_mb = memory_mb

    def start(self) -> None:
        global running
        self.started, self.cpu_started = time.monotonic(), CODE_CLOCK.now()
        self.baseline = resident_bytes()
        log.stopped_by = None
        elsewhere.start_a_test()
        self.previous_handler = signal.signal(signal.SIGALRM, self._tick)
        # A stalled call is stopped within a tenth of its limit: with many stalls (a class's
        # worth of looping submissions under --call-seconds 0.2) a fixed 50 ms tick added a quarter.
        tick = min(TICK_SECONDS, self.call_seconds / 10) if self.call_seconds else TICK_SECONDS
        signal.setitimer(signal.ITIMER_REAL, tick, tick)
        running = self

    def stop(self) -> None:
        global running
        running = None
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous_handler or signal.SIG_DFL)
        log.stopped_by = None

    def calibrate(self, pace: Pace) -> None:
        """From now on the code under test may use the pace's budget of CPU time, and the test as a whole (its own
        checks, and the travel of an isolated call's values) OWN_WORK_FACTOR times as much again."""
        self.pace, self.code_cpu_at_pace, self.test_cpu_at_pace = pace, self._code_cpu(), self._test_cpu()
        self.travel_at_pace = elsewhere.time.travel_cpu

    def budget(self) -> float:
        """A paced guard's budget: the pace's, and, isolated, an allowance for the travel of its values."""
        assert self.pace is not None
        return self.pace.budget + TRAVEL_FACTOR * self.travel()

    def travel(self) -> float:
        """The tests' process's CPU time on the messages of the test since it was calibrated (none, not isolated)."""
        return elsewhere.time.travel_cpu - self.travel_at_pace

    def spent_since_the_pace(self) -> float | None:
        """The CPU time the code under test has used since the test was calibrated, or None if it never was."""
        return None if self.pace is None else self._code_cpu() - self.code_cpu_at_pace

    def _tick(self, signum: int, frame: types.FrameType | None) -> None:
        call = log.in_progress
        if log.stopped_by is not None:
            # Raised once already. Raise again only inside the code under test, in case
            # something caught the first one and called it again; never in the runner's
            # own reporting, which must be left to finish.
            if call is not None:
                raise type(log.stopped_by)(call, log.stopped_by.limit)
            return
        passed = self._limit_passed(call)
        if passed is None:
            return
        self.first_passed = self.first_passed or time.monotonic()
        interrupted_elsewhere = call is not None and frame is not None and not _runs(call, frame.f_code.co_filename)
        if interrupted_elsewhere and time.monotonic() - self.first_passed < GRACE_SECONDS:
            return  # e.g. inside a garbage-collector callback, which would swallow the exception
        log.stopped_by = passed
        raise passed

    def _test_cpu(self) -> float:
        """The CPU time of the test so far: this thread's, and its worker's where its calls run elsewhere."""
        return CODE_CLOCK.now() - self.cpu_started + elsewhere.time.total_cpu()

    @staticmethod
    def _code_cpu() -> float:
        """The CPU time of the code under test in this test so far: its calls and reads in this thread (none when
        isolated), and its worker's work with this process's serving of its callbacks (none when not)."""
        return log.code_cpu() + elsewhere.time.code_cpu()

    def _limit_passed(self, call: Call | None) -> LimitExceeded | None:
        # Memory first: code that grew past the limit in one long step (a huge value built at
        # once) also ran past its time by then, and the memory is what it did wrong.
        if resident_bytes() - self.baseline > self.memory_bytes:
            return UsedTooMuchMemory(call or log.last, f"{self.memory_mb} MB")
        return (
            self._budget_passed(call)
            or self._test_limit_passed(call)
            or self._call_limit_passed(call)
            or self._worker_limit_passed(call)
        )

    def _budget_passed(self, call: Call | None) -> LimitExceeded | None:
        """A paced guard: the code under test has used its budget since the pace."""
        spent = self.spent_since_the_pace()
        if self.pace is not None and spent is not None and spent >= self.budget():
            return DidNotFinish(call or log.last, self.pace.words(self.travel()))
        return None

    def _test_limit_passed(self, call: Call | None) -> LimitExceeded | None:
        cpu, wall = self._test_cpu(), time.monotonic() - self.started
        seconds = self.seconds if self.pace is None else self.test_cpu_at_pace + OWN_WORK_FACTOR * self.budget()
        if cpu >= seconds:
            return CallsDidNotFinish(call or log.last, on_the_clock(seconds, "this test"))
        if wall >= idle_limit(seconds):
            return CallsDidNotFinish(
                call or log.last, waited(idle_limit(seconds), cpu, "this test"), on_the_wall_clock=True
            )
        return None

    def _call_limit_passed(self, call: Call | None) -> LimitExceeded | None:
        limit = self._call_limit(call or log.last)
        if call is None or call.isolated or limit is None:
            return None
        if CODE_CLOCK.now() - call.cpu_started >= limit:
            return CallDidNotFinish(call, self._call_limit_text(call))
        if time.monotonic() - call.started >= idle_limit(limit):
            return CallDidNotFinish(
                call, waited(idle_limit(limit), CODE_CLOCK.now() - call.cpu_started, "one call"), on_the_wall_clock=True
            )
        return None

    def _worker_limit_passed(self, call: Call | None) -> LimitExceeded | None:
        # An isolated run: the worker's CPU time, without the tests' callbacks, on this request
        # (a call or a next()), and on all of the test's requests together; and, for a worker
        # that sleeps or blocks, the wall time of one wait.
        limit = self._call_limit(call or log.last)
        busy, wait = elsewhere.time.cpu(), elsewhere.time.wall()
        if limit is not None and busy >= limit:
            return CallDidNotFinish(call or log.last, self._call_limit_text(call or log.last))
        if limit is not None and wait >= idle_limit(limit):
            return CallDidNotFinish(
                call or log.last, waited(idle_limit(limit), busy, "one call"), on_the_wall_clock=True
            )
        if self.computing_seconds is None:
            return None
        budget = self.budget() if self.pace is not None else self.computing_seconds
        # A guard's calls have no limit of their own: a worker that sleeps through one of its
        # requests is stopped once the wait passes the idle limit of the guard's own budget.
        if limit is None and wait >= idle_limit(budget):
            return DidNotFinish(
                call or log.last, waited(idle_limit(budget), busy, "one reply of its worker"), on_the_wall_clock=True
            )
        if self.pace is None and elsewhere.time.total_cpu() >= self.computing_seconds:
            return DidNotFinish(call or log.last, on_the_clock(self.computing_seconds, "this test"))
        return None

    def _call_limit(self, call: Call | None) -> float | None:
        small = call is None or call.original is not None
        return self.call_seconds if small else self.large_call_seconds

    def _call_limit_text(self, call: Call | None) -> str:
        shortened = self.shortened and self._call_limit(call) == self.call_seconds
        return on_the_clock(self._call_limit(call) or 0, "one call") + (
            " (shorter: an earlier call in this run stalled)" if shortened else ""
        )


running: Watchdog | None = None  # the watchdog of the test under way, which a paced guard tells its pace


def calibrate(seconds: float) -> None:
    """The test under way is a guard whose own answer took `seconds` of CPU time: its budget follows from it."""
    if running is not None:
        running.calibrate(Pace(seconds, running.pace_factor))


def _runs(call: Call, filename: str) -> bool:
    """Whether code in this file is the call's own work (not a garbage-collector callback, say).

    An isolated call runs in a worker process; here it is the wait for the worker's reply
    (kata.judging.elsewhere).
    """
    return elsewhere.waits_in(filename) if call.isolated else filename == str(call.source)


def repair_traceback(error: BaseException) -> None:
    """Give every traceback entry a line number, so that pytest can format the failure.

    On Python 3.11 an exception raised by a signal handler at the jump back to the top of
    a loop can leave an entry with tb_lineno None, and pytest's report crashes on it.
    """
    entries = []
    tb = error.__traceback__
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    if all(entry.tb_lineno is not None for entry in entries):
        return
    rebuilt = None
    for entry in reversed(entries):
        line = entry.tb_lineno if entry.tb_lineno is not None else entry.tb_frame.f_code.co_firstlineno
        rebuilt = types.TracebackType(rebuilt, entry.tb_frame, entry.tb_lasti, line)
    error.__traceback__ = rebuilt


def drop_locals(tb: types.TracebackType | None) -> None:
    """Free the local variables of the frames in a traceback."""
    while tb is not None:
        frame = tb.tb_frame
        try:
            frame.clear()
        except RuntimeError:
            pass  # still executing: its locals are in use
        else:
            frame.f_locals  # noqa: B018 -- before 3.13, a snapshot dict of the locals outlives clear() until read again
        tb = tb.tb_next


def give_back_freed_memory() -> None:
    """Return memory freed by a stopped loop to the system, so the next test starts from a true baseline.

    glibc keeps freed heap memory resident; without trimming, the next test's baseline
    would include it and a second stalled loop could grow twice as large before it is caught.
    """
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc: nothing to trim


def resident_bytes() -> int:
    """Memory the process holds now (Linux), or the most it ever held (elsewhere)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


class _ProbeTimedOut(BaseException):
    pass


LOAD_SECONDS = 5.0  # to import a module in this process: a learner's module takes milliseconds
# A module that catches the limit's exception and goes on looping is given this much more,
# and then the process ends, with a line on stderr that says why: it cannot hang.
LOAD_GRACE_SECONDS = 2.0


@contextmanager
def loading_limits(shown_as: str, seconds: float = LOAD_SECONDS, memory_mb: int = MEMORY_LIMIT_MB) -> Iterator[None]:
    """Bound the import of a module in this process: DidNotFinish past `seconds` of CPU time (or the wall's far
    backstop, for a module that sleeps), UsedTooMuchMemory past the growth.

    Meant for a module's top level, where a loop left from experimenting, or a test call,
    would otherwise hang the run before a single test has a limit of its own.
    """
    if not can_watch():
        yield
        return
    started, cpu_started, baseline, loading = time.monotonic(), CODE_CLOCK.now(), resident_bytes(), True
    stopped_at = None  # when the first stop was raised

    def tick(signum: int, frame: types.FrameType | None) -> None:
        nonlocal stopped_at
        if not loading or (frame is not None and frame.f_code is loading_limits.__wrapped__.__code__):  # type: ignore[attr-defined]
            return
        now = time.monotonic()
        if stopped_at is not None and now - stopped_at >= LOAD_GRACE_SECONDS:
            os.write(
                2,
                f"loading {shown_as} did not finish within {seconds:g} s, and went on after it was "
                "told to stop (does it catch every exception?): ending this run.\n".encode(),
            )
            os._exit(3)
        if resident_bytes() - baseline > memory_mb * 1024 * 1024:
            stopped_at = stopped_at or now
            raise UsedTooMuchMemory(None, f"{memory_mb} MB")
        cpu = CODE_CLOCK.now() - cpu_started
        if cpu >= seconds or now - started >= idle_limit(seconds):
            stopped_at = stopped_at or now
            raise DidNotFinish(
                None,
                on_the_clock(seconds, "loading") if cpu >= seconds else waited(idle_limit(seconds), cpu, "loading"),
            )

    with alarm_borrowed(tick, TICK_SECONDS):
        try:
            yield
        finally:
            loading = False  # before the alarm is given back: a last tick must not raise in the runner


@contextmanager
def alarm_borrowed(handler: Callable[[int, types.FrameType | None], object], first: float) -> Iterator[None]:
    """Tick `handler` after `first` seconds, then every TICK_SECONDS; then give the alarm back as it was."""
    previous_handler = signal.signal(signal.SIGALRM, handler)
    previous_timer = signal.setitimer(signal.ITIMER_REAL, first, TICK_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        if any(previous_timer):
            signal.setitimer(signal.ITIMER_REAL, max(previous_timer[0], 0.001), previous_timer[1])


def run_briefly(function: Callable[..., object], args: tuple, kwargs: dict, seconds: float) -> tuple[str, object]:
    """Call trusted code (a reference or a catalogued mistake) under its own short limit of CPU time.

    Returns ("returned", value), ("raised", (type name, message)) or ("did not finish", None).
    Only for use between tests' own calls: it borrows the alarm signal and gives it back.
    """
    running, started, cpu_started = True, time.monotonic(), CODE_CLOCK.now()

    def stop(signum: int, frame: types.FrameType | None) -> None:
        # Raise on every tick past the limit of CPU time (or the wall's backstop), in case a garbage-collector
        # callback swallowed the last one, but only while the function runs: never in this function's own frame.
        passed = CODE_CLOCK.now() - cpu_started >= seconds or time.monotonic() - started >= idle_limit(seconds)
        if passed and running and (frame is None or frame.f_code is not run_briefly.__code__):
            raise _ProbeTimedOut

    try:
        with alarm_borrowed(stop, min(seconds, TICK_SECONDS)):
            try:
                outcome = "returned", function(*args, **kwargs)
            finally:
                running = False  # before the alarm is given back: a last tick must not raise in the runner
    except _ProbeTimedOut:
        outcome = "did not finish", None
    except Exception as error:
        outcome = "raised", (type(error).__name__, message_of(error))
    if outcome[0] == "did not finish":
        give_back_freed_memory()
    return outcome
