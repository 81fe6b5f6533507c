"""The limits of each test: the runner's watchdog takes over pytest-timeout's timer, so that a limit also
bounds memory and names the call that stalled; each test starts with a fresh call log (and, isolated, a
worker of its own where it asks for one, and the workers of every other kata stopped)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pytest

from kata import sandbox  # its door alone, which loads none of its modules
from kata.judging import limits
from kata.judging.calls import KataOutOfTime, log
from kata.judging.clocks import CODE_CLOCK
from kata.judging.limits import STALLED_CALL_SECONDS, Watchdog, can_watch
from kata.katas import kata_of_test
from kata.plugin.run_state import RUN
from kata.runner.profiles import examples_factor

if TYPE_CHECKING:
    from collections.abc import Generator

# A guard's large input and answer (or its thousands of chunks, one next() at a time) also
# travel between processes when isolated, which costs several times the reference's own work.
ISOLATED_GUARD_FACTOR = 10


@pytest.hookimpl(optionalhook=True)  # pytest-timeout is a dependency, but a bare pytest must still load this plugin
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """Take over pytest-timeout's timer: the watchdog also bounds memory and names the stalled call."""
    if not can_watch():
        return None  # pytest-timeout's own method applies
    guard = item.get_closest_marker("guard")
    seconds, computing_seconds = settings.timeout * examples_factor(item), None
    if guard is not None and item.config.stash[RUN].impl.isolated:
        # The guard's limit holds for the worker's CPU time in the whole test; the test
        # itself, with the travel of large inputs and answers, or of thousands of chunks
        # one next() at a time, may take several times longer.
        seconds, computing_seconds = seconds * ISOLATED_GUARD_FACTOR, seconds
    call_seconds, shortened, large_call_seconds = _call_limits(item, guard)
    watchdog = Watchdog(
        seconds,
        call_seconds=call_seconds,
        computing_seconds=computing_seconds,
        shortened=shortened,
        large_call_seconds=large_call_seconds,
        pace_factor=item.config.getoption("pace_factor"),
    )
    watchdog.start()
    # pytest-timeout's own protocol: it calls the item's cancel_timeout, an attribute pytest.Item does not declare.
    item.cancel_timeout = watchdog.stop  # type: ignore[attr-defined]
    return True


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """A kata whose tests have taken --kata-seconds in all (KATA_SECONDS) runs none of the rest: each fails at
    once, saying so. A paced guard's figures go in its report's user properties (and so in JUnit XML): the
    clock that judged, what the tests' own answer took, the budget that followed, and what the code used of it."""
    kata, budget = kata_of_test(item.path), item.config.getoption("kata_seconds")
    if kata is not None and item.config.stash[RUN].spent[kata.slug] > budget:
        raise KataOutOfTime(f"{budget:g} s")
    try:
        outcome = yield
    finally:
        record_the_pace(item, limits.running)
    guard = item.get_closest_marker("guard")
    if guard is not None and guard.kwargs.get("paced") and limits.running is not None and limits.running.pace is None:
        raise RuntimeError(
            f"{item.name} is a paced guard, but it never timed its plain pass (paced): the code's "
            "limit was the tests' own drawing time"
        )
    return outcome


def record_the_pace(item: pytest.Item, watchdog: Watchdog | None) -> None:
    spent = watchdog.spent_since_the_pace() if watchdog is not None else None
    if watchdog is not None and watchdog.pace is not None and spent is not None:
        item.user_properties += [
            ("clock", CODE_CLOCK.name),
            ("pace_seconds", round(watchdog.pace.seconds, 4)),
            ("budget_seconds", round(watchdog.budget(), 4)),
            ("used_seconds", round(spent, 4)),
            ("travel_seconds", round(watchdog.travel(), 4)),
        ]


def _call_limits(item: pytest.Item, guard: pytest.Mark | None) -> tuple[float | None, bool, float | None]:
    """The limit of one call on a small input (None: the test's own limit), whether an earlier stall
    shortened it, and the limit of one call on a large input.

    A complexity guard's one large call may use the guard's whole limit, and so may each
    call of a progress guard on a large input (the statements promise both). A call on a
    small input, which a correct solution answers at once, has the limit for one call:
    shorter once a call of the kata's code has stalled in this run, since a loop that never
    advances meets many tests.
    """
    if guard is not None and guard.kwargs.get("kind") == "complexity":
        return None, False, None
    call_seconds = item.config.getoption("call_seconds")
    large = guard.kwargs["seconds"] if guard is not None else call_seconds
    kata = kata_of_test(item.path)
    if kata is not None and kata.slug in item.config.stash[RUN].stalled and call_seconds > STALLED_CALL_SECONDS:
        return STALLED_CALL_SECONDS, True, large
    return call_seconds, False, large


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    log.forget()
    kata = kata_of_test(item.path)
    if sandbox.workers_started():
        sandbox.start_a_test(
            own_worker=item.get_closest_marker("own_worker") is not None, kata=kata.slug if kata else None
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    """Count the wall time of each kata's tests (setup, call and teardown), for KATA_SECONDS."""
    started = time.monotonic()
    try:
        return (yield)
    finally:
        kata = kata_of_test(item.path)
        if kata is not None:
            item.config.stash[RUN].spent[kata.slug] += time.monotonic() - started
