"""A run's failures grouped into causes: the fewest catalogued mistakes that explain the most failures.

Code with two faults fails many tests for two reasons; a learner needs the two reasons, each
once. A catalogued mistake explains a failure when its outcome on the failing call is the
code's (kata.runner.diagnosis) and it passes every test with fixed inputs that the code passed
in the whole run: a name is never contradicted by a passing test (and a stop, which shows no answer,
is explained only by a mistake stopped on exactly the tests where the code was). A test the code fails that
the mistake passes is not held against it; it is left to another cause. The mistakes are
chosen greedily, the one that explains the most failures left first: two mistakes that explain
exactly the same failures are named together, more are not named at all (they do not single
one out). Failures no mistake explains are grouped by their verdict: all the stops by one limit together,
the same exception raised together, and a wrong answer by its test function.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kata.judging.checks import CLAIM, MESSAGE, RAISE
from kata.judging.vocabulary import Verdict
from kata.runner.diagnosis import (
    PASSED,
    agrees_with_the_run,
    fails_where_the_code_passed,
    stalls_where_the_code_answered,
    stops_as_the_run_did,
)
from kata.runner.failures import showing_order
from kata.runner.known_failures import failure_kind

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from kata.runner.failures import Failure
    from kata.runner.mistakes import Mistake

ABOUT = {
    MESSAGE: "the right exception, but its message lacks what the tests asked it to name",
    RAISE: "another exception, or none, where the statement asks for one",
}
MOST_MISTAKES_NAMED = 2  # in one cause; when more mistakes explain the same failures, none is named


@dataclass
class Cause:
    """One reason the code fails: the mistakes that explain its failures (none: a group by verdict and test)."""

    mistakes: tuple[type[Mistake], ...]
    failures: list[Failure] = field(default_factory=list)  # in the order the tests ran
    about: str = ""  # for a cause no mistake names, what its failures share, when their verdict does not say it

    @property
    def verdict(self) -> str:
        return self.failures[0].verdict

    @property
    def shown(self) -> Failure:
        """The failure that shows the cause best: the shortest call, one with fixed inputs first (it needs no
        drawn example to repeat), the first run among equals."""
        return min(self.failures, key=lambda failure: showing_order(failure.call, failure.kind))

    def as_json(self) -> dict:
        return {
            "mistakes": [mistake.id for mistake in self.mistakes],
            "verdict": self.verdict,
            "about": self.about,
            "titles": [mistake.title for mistake in self.mistakes],
            "hints": [mistake.hint for mistake in self.mistakes],
            "tests": [failure.test for failure in self.failures],
            "shown": self.shown.test,
        }


def group_into_causes(
    failures: Sequence[Failure],
    candidates: Mapping[str, Sequence[type[Mistake]]],
    record: Mapping[str, str],
    catalog: Sequence[type[Mistake]] = (),
    recorded_only: bool = False,
    every_hidden_test: bool = True,
) -> list[Cause]:
    """The causes of one kata's failures, in the order of their first failure.

    `candidates` holds, by test node id, the mistakes whose outcome on its failing call is the code's;
    `record` how the kata's tests with fixed inputs went (RunState.fixed_so_far). Where the code's answer
    could not be compared with a mistake's (it equals the reference's, and the test failed for what the
    code did to its input, or to an object it kept; a large input), a mistake of the kata's `catalog`
    whose every recorded failure among the tests run the code fails too explains those of its
    failures. In a students' release
    (`recorded_only`), where no mistake can be run, only a record that is exactly the run's names a mistake.
    A run without every hidden test (`every_hidden_test` False: the examples only, -k) has not seen the tests
    that would contradict a second name: it names a mistake only when one explains every failure.
    """
    ran, failed = set(record), {name for name, verdict in record.items() if verdict != PASSED}
    within = (
        [
            mistake
            for mistake in catalog
            if mistake.known.fails & ran
            and mistake.known.fails & ran <= failed
            and (not recorded_only or mistake.known.fails == failed)
        ]
        if every_hidden_test
        else []
    )
    causes = _causes(failures, candidates, record, within, recorded_only)
    if every_hidden_test or (len(causes) == 1 and causes[0].mistakes):
        return causes
    return _causes(failures, {}, record, [], recorded_only)


def _causes(
    failures: Sequence[Failure],
    candidates: Mapping[str, Sequence[type[Mistake]]],
    record: Mapping[str, str],
    within: Sequence[type[Mistake]],
    recorded_only: bool,
) -> list[Cause]:
    explainers = {
        failure.test: _explaining(candidates.get(failure.test, ()), failure, record, within, recorded_only)
        for failure in failures
    }
    left = list(failures)
    causes: list[Cause] = []
    while True:
        cover: dict[str, list[Failure]] = defaultdict(list)  # by mistake id: the failures left it explains
        by_id: dict[str, type[Mistake]] = {}
        for failure in left:
            for mistake in explainers[failure.test]:
                cover[mistake.id].append(failure)
                by_id[mistake.id] = mistake
        if not cover:
            break
        most = max(cover.values(), key=len)
        alike = tuple(by_id[id_] for id_, explained in cover.items() if explained == most)
        # Two mistakes that cannot be told apart are named together, more are not; nor are two for stops
        # alone, which show no answer that would make either of them likely.
        stops = all(failure.verdict in Verdict.LIMITS for failure in most)
        if len(alike) > (1 if stops else MOST_MISTAKES_NAMED):
            explainers = {
                test: [mistake for mistake in mistakes if mistake not in alike] for test, mistakes in explainers.items()
            }
            continue
        causes.append(Cause(alike, most))
        left = [failure for failure in left if all(failure is not explained for explained in most)]
    unexplained: dict[tuple[str, str], Cause] = {}
    for failure in left:
        key = _alike_without_a_name(failure)
        unexplained.setdefault(key, Cause((), about=ABOUT.get(key[1], ""))).failures.append(failure)
    causes.extend(unexplained.values())
    order = {failure.test: index for index, failure in enumerate(failures)}
    return sorted(causes, key=lambda cause: order[cause.failures[0].test])


def _fails_as_recorded(mistake: type[Mistake], failure: Failure) -> bool:
    """The catalog records the mistake failing this test as the code failed it: the same verdict, and for a wrong
    answer the same check (a message that lacks words is not an exception that was never raised). A mistake a
    limit stopped there explains only a stop: slow code says nothing of a wrong answer on the same input."""
    if (failure.name in mistake.known.stopped) != (failure.verdict in Verdict.LIMITS):
        return False
    recorded = mistake.known.how.get(failure.name)
    return recorded is None or recorded == failure_kind(failure.verdict, failure.check)


def _alike_without_a_name(failure: Failure) -> tuple[str, str]:
    """What failures no mistake explains share to be one cause: a limit's stop, or the stub, whatever the test;
    the same exception raised; a message that lacks words a test asked for; another exception (or none) where
    one was asked for; the same claim broken; a wrong answer in the same test function."""
    if failure.verdict in (*Verdict.LIMITS, Verdict.NOT_STARTED):
        return failure.verdict, ""
    if failure.verdict == Verdict.ERROR and failure.came_back:
        return failure.verdict, failure.came_back.split("(", 1)[0]  # "raised TypeError"
    if failure.check in (MESSAGE, RAISE):
        return failure.verdict, failure.check
    if failure.check == CLAIM:
        return failure.verdict, f"{CLAIM}: {failure.expected}"
    return failure.verdict, failure.function


def _explaining(
    candidates: Sequence[type[Mistake]],
    failure: Failure,
    record: Mapping[str, str],
    within: Sequence[type[Mistake]],
    recorded_only: bool,
) -> list[type[Mistake]]:
    """The mistakes that explain the failure, in the catalog's order (a list, so that every run chooses alike)."""
    mistakes = list(candidates)
    if failure.name in record:
        # A test with fixed inputs that a mistake's record, all of it within the run's failures, fails too:
        # the mistake explains it, unless its outcome on this very call was compared with the code's and
        # differs (the same test failed, for another reason). A record that is exactly the run's failures
        # outweighs one call: a mistake that keeps state (a cache) answers a probe afresh, not as it did in
        # the test's sequence of calls.
        failed = {name for name, verdict in record.items() if verdict != PASSED}
        mistakes += [
            mistake
            for mistake in within
            if failure.name in mistake.known.fails
            and mistake not in mistakes
            and _fails_as_recorded(mistake, failure)
            and (mistake.id not in failure.compared or mistake.known.fails == failed)
        ]
    stopped = failure.verdict in Verdict.LIMITS
    if recorded_only:
        return [mistake for mistake in mistakes if agrees_with_the_run(mistake, record, stopped)]
    return [
        mistake
        for mistake in mistakes
        if not fails_where_the_code_passed(mistake, record)
        and not stalls_where_the_code_answered(mistake, record)
        and (not stopped or stops_as_the_run_did(mistake, record))
    ]
