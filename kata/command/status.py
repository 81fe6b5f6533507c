"""Where the learner stands on each kata: solved, failing (with how many tests pass), or not started.

"Not started" is read from the stub itself (its functions still only raise
NotImplementedError). The rest comes from the results that every pytest run
records; a kata whose file or tests changed since is checked again, all the stale
katas in one quiet pytest run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kata.command.runs import run_quietly
from kata.judging.vocabulary import KataStatus, counted
from kata.katas import KATAS, TESTS, Kata
from kata.runner.implementations import is_untouched
from kata.runner.latest_results import latest_result


@dataclass(frozen=True)
class Status:
    kata: Kata
    state: str
    passed: int = 0
    total: int = 0
    problem: str = ""

    @property
    def solved(self) -> bool:
        return self.state == KataStatus.SOLVED

    def describe(self) -> str:
        if self.state == KataStatus.SOLVED:
            return f"solved: all {counted(self.total, 'test')} pass"
        if self.state == KataStatus.FAILING:
            return f"failing: {self.passed} of {counted(self.total, 'test')} pass"
        if self.state == KataStatus.CANNOT_RUN:
            return self.problem
        return f"{self.state}: {self.problem}" if self.problem else self.state


def statuses(
    katas: Iterable[Kata] = KATAS, *, refresh: bool = True, before_refresh: Callable[[list[Kata]], None] | None = None
) -> list[Status]:
    """The status of each kata; with `refresh`, the katas without a current result are checked first."""
    known = {kata: _recorded_status(kata) for kata in katas}
    stale = [kata for kata, status in known.items() if status is None and _has_tests(kata)]
    if stale and refresh:
        if before_refresh is not None:
            before_refresh(stale)
        run_quietly(stale)
        known.update({kata: _recorded_status(kata) for kata in stale})
    return [status or _not_checked(kata) for kata, status in known.items()]


def status_of(kata: Kata, *, refresh: bool = True) -> Status:
    return statuses([kata], refresh=refresh)[0]


def first_unsolved(all_statuses: list[Status]) -> Status | None:
    return next((status for status in all_statuses if not status.solved), None)


def _recorded_status(kata: Kata) -> Status | None:
    if _still_the_stub(kata):
        return Status(kata, KataStatus.NOT_STARTED)
    result = latest_result(kata)
    if result is None:
        return None
    if result.problem:
        return Status(kata, KataStatus.CANNOT_RUN, problem=result.problem)
    return Status(kata, KataStatus.FAILING if result.failed else KataStatus.SOLVED, result.passed, result.total)


def _has_tests(kata: Kata) -> bool:
    return (TESTS / kata.slug).is_dir()


def _not_checked(kata: Kata) -> Status:
    return Status(kata, KataStatus.NOT_CHECKED, problem="" if _has_tests(kata) else "no tests yet")


def _still_the_stub(kata: Kata) -> bool:
    try:
        return is_untouched(kata.stub_path(), kata.functions)
    except (OSError, SyntaxError, ValueError):
        return False  # a missing or broken file is not the stub: a check says what is wrong
