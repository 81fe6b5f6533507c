"""Calls into the code under test, recorded so that a failure can restate them.

The tests never call the implementation directly: they call a `Judged` wrapper,
which remembers the call in progress (for time and memory limits) and the last
call made (for failure reports and mistake diagnosis).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from kata.catalog import relative
from kata.show import show_call


@dataclass
class Call:
    function: str
    args: tuple
    kwargs: dict
    result: Any = None
    error: BaseException | None = None
    finished: bool = False
    source: Path | None = field(default=None, repr=False)
    started: float = field(default_factory=time.monotonic, repr=False)

    def __str__(self) -> str:
        return show_call(self.function, self.args, self.kwargs)


class _Log:
    in_progress: Call | None = None
    last: Call | None = None
    stopped_by: BaseException | None = None  # set once a limit has stopped this test

    def forget(self) -> None:
        self.in_progress = None
        self.last = None


log = _Log()


class Judged:
    """A function of the implementation under test, called through the runner."""

    def __init__(self, name: str, function: Callable, source: Path | None):
        self.name = name
        self.function = function
        self.source = source
        self.__name__ = name
        self.__doc__ = getattr(function, "__doc__", None)

    def __call__(self, *args, **kwargs):
        call = Call(self.name, args, kwargs, source=self.source)
        if log.stopped_by is not None:
            # Past a limit, every further call fails at once: a retrying caller (Hypothesis
            # replaying an example) must not start the stalled loop again.
            raise type(log.stopped_by)(call, log.stopped_by.limit)
        log.in_progress = log.last = call
        try:
            call.result = self.function(*args, **kwargs)
            call.finished = True
            return call.result
        except BaseException as error:
            call.error = error
            raise
        finally:
            log.in_progress = None

    def __repr__(self) -> str:
        return f"<{self.name} from {relative(self.source)}>"
