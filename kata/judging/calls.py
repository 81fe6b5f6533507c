"""Calls into the code under test, recorded so that a failure can restate them.

The tests never call the implementation directly: they call a `Judged` wrapper,
which remembers the call in progress (for time and memory limits) and the last
call made (for failure reports and mistake diagnosis). A call stopped at a limit raises
a LimitExceeded (raised by kata.judging.limits), which the log keeps: defined here, beside
the log, so that the limits import the calls they watch and never the other way round.
"""

from __future__ import annotations

import copy
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kata.judging.clocks import CODE_CLOCK
from kata.judging.vocabulary import show_call
from kata.katas import relative

# pytest leaves this module's frames out of the tracebacks it shows (--full-trace shows them):
# a learner's traceback goes from the test to their own code, and is quicker to write.
__tracebackhide__ = True


SNAPSHOT_LIMIT = 10_000  # items; larger inputs are not copied, to keep big calls cheap


@dataclass
class Call:
    function: str
    args: tuple
    kwargs: dict
    kata: str = ""
    result: Any = None
    error: BaseException | None = None
    finished: bool = False
    source: Path | None = field(default=None, repr=False)
    started: float = field(default_factory=time.monotonic, repr=False)  # the wall clock: a backstop for waits
    cpu_started: float = field(default_factory=CODE_CLOCK.now, repr=False)  # the clock of its limit
    # A copy of the arguments as they went in, for small inputs: the code under test may
    # modify its input, and the report and the mistake diagnosis need the original.
    original: tuple[tuple, dict] | None = field(default=None, repr=False)

    shown: str = field(default="", repr=False)
    isolated: bool = field(default=False, repr=False)  # runs in a worker process: the wait here is the call

    def __post_init__(self) -> None:
        self.original = _copy_if_small(self.args, self.kwargs)
        if self.original is None:  # too large to copy: describe it now, before it can be modified
            self.shown = show_call(self.function, self.args, self.kwargs)

    def inputs(self) -> tuple[tuple, dict]:
        return self.original or (self.args, self.kwargs)

    def __str__(self) -> str:
        return self.shown or show_call(self.function, *self.inputs())


def _copy_if_small(args: tuple, kwargs: dict) -> tuple[tuple, dict] | None:
    values = list(args) + list(kwargs.values())
    if any(is_iterator(value) or _size(value) > SNAPSHOT_LIMIT for value in values):
        return None
    try:
        return copy.deepcopy((args, kwargs))
    except Exception:
        return None


def is_iterator(value: Any) -> bool:
    """An iterator returns itself from iter(): a generator, a file, iter(a_list); never a list or a str."""
    try:
        return iter(value) is value
    except Exception:  # not iterable, or a hostile __iter__
        return False


def _size(value: Any) -> int:
    try:
        return len(value)
    except TypeError:
        return 0


class LimitExceeded(BaseException):
    """A BaseException, so that a learner's `except Exception:` cannot swallow it."""

    def __init__(self, call: Call | None, limit: str, on_the_wall_clock: bool = False):
        self.call = call
        self.limit = limit
        self.on_the_wall_clock = on_the_wall_clock  # stopped by the wall-time backstop, not by a limit of CPU time
        super().__init__(f"{call or 'the test'} ran past its limit of {limit}")


class DidNotFinish(LimitExceeded):
    pass


class CallDidNotFinish(DidNotFinish):
    """One call ran past the limit for one call (not a guard's limit for its whole test)."""


class CallsDidNotFinish(DidNotFinish):
    """The test ran past its own limit, though no one call ran past the limit for one call:
    many calls, each slow but under its limit (a property test's dozens of examples)."""


class KataOutOfTime(DidNotFinish):
    """Not run: the kata's tests had already run past the time one kata's tests may take in all
    (kata.judging.limits.KATA_SECONDS), each of them within its own limits (code that sleeps in every call)."""

    def __init__(self, limit: str):
        super().__init__(None, limit)


class UsedTooMuchMemory(LimitExceeded):
    pass


class _Log:
    in_progress: Call | None = None
    last: Call | None = None
    stopped_by: LimitExceeded | None = None  # set once a limit has stopped this test
    calls = 0  # made by this test
    # The CPU time the code under test has used in this thread during this test (its calls, and the reading of
    # what they returned), and since when it runs now, if it does: a paced guard's budget counts it.
    code_cpu_before = 0.0
    code_since: float | None = None

    def forget(self) -> None:
        self.in_progress = None
        self.last = None
        self.calls = 0
        self.code_cpu_before, self.code_since = 0.0, None

    def code_cpu(self) -> float:
        since = self.code_since
        return self.code_cpu_before + (CODE_CLOCK.now() - since if since is not None else 0.0)

    def code_starts(self) -> bool:
        """The code under test starts to run; False if it already ran (a call inside another)."""
        if self.code_since is not None:
            return False
        self.code_since = CODE_CLOCK.now()
        return True

    def code_stops(self) -> None:
        if self.code_since is not None:
            self.code_cpu_before += CODE_CLOCK.now() - self.code_since
            self.code_since = None


log = _Log()


class Judged:
    """A function of the implementation under test, called through the runner."""

    def __init__(self, name: str, function: Callable, source: Path | None, kata: str = "", isolated: bool = False):
        self.name = name
        self.isolated = isolated
        self.kata = kata
        self.function = function
        self.source = source
        self.__name__ = name
        self.__doc__ = getattr(function, "__doc__", None)

    def __call__(self, *args: object, **kwargs: object) -> Any:
        call = Call(self.name, args, kwargs, kata=self.kata, source=self.source, isolated=self.isolated)
        if log.stopped_by is not None:
            # Past a limit, every further call fails at once: a retrying caller (Hypothesis
            # replaying an example) must not start the stalled loop again.
            raise type(log.stopped_by)(call, log.stopped_by.limit)
        log.in_progress = log.last = call
        log.calls += 1
        timed = not self.isolated and log.code_starts()  # isolated, the worker's clock counts its time
        try:
            call.result = self.function(*args, **kwargs)
            call.finished = True
            return TimedIterator(call.result) if timed and _is_a_generator(call.result) else call.result
        except BaseException as error:
            call.error = error
            raise
        finally:
            log.in_progress = None
            if timed:
                log.code_stops()

    def __repr__(self) -> str:
        return f"<{self.name} from {relative(self.source)}>"


def _is_a_generator(value: object) -> bool:
    return type(value) is types.GeneratorType  # exactly: a hostile object may claim any class


class TimedIterator:
    """A generator of the code under test, whose every next() counts in the code's CPU time (log.code_cpu): its
    work is done while the tests read it. Shown, and read, as the generator it wraps."""

    def __init__(self, generator: Iterator[Any]):
        self._generator = generator

    def __iter__(self) -> TimedIterator:
        return self

    def __next__(self) -> Any:
        timed = log.code_starts()
        try:
            return next(self._generator)
        finally:
            if timed:
                log.code_stops()

    def __repr__(self) -> str:
        return repr(self._generator)
