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

from kata.runner.diagnosis import agrees_with_the_run, fails_where_the_code_passed, stops_as_the_run_did
from kata.vocabulary import Verdict

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from kata.runner.failures import Failure
    from kata.runner.mistakes import Mistake

MOST_MISTAKES_NAMED = 2  # in one cause; when more mistakes explain the same failures, none is named


@dataclass
class Cause:
    """One reason the code fails: the mistakes that explain its failures (none: a group by verdict and test)."""

    mistakes: tuple[type[Mistake], ...]
    failures: list[Failure] = field(default_factory=list)  # in the order the tests ran

    @property
    def verdict(self) -> str:
        return self.failures[0].verdict

    @property
    def shown(self) -> Failure:
        """The failure that shows the cause best: the shortest call, one with fixed inputs first (it needs no
        drawn example to repeat), the first run among equals."""
        return min(self.failures, key=lambda failure: (not failure.call, failure.kind == "properties",
                                                       len(failure.call)))

    def as_json(self) -> dict:
        return {"mistakes": [mistake.id for mistake in self.mistakes], "verdict": self.verdict,
                "titles": [mistake.title for mistake in self.mistakes],
                "hints": [mistake.hint for mistake in self.mistakes],
                "tests": [failure.test for failure in self.failures], "shown": self.shown.test}


def group_into_causes(failures: Sequence[Failure], candidates: Mapping[str, Sequence[type[Mistake]]],
                      record: Mapping[str, str], whole_run_matches: Sequence[type[Mistake]] = (),
                      recorded_only: bool = False) -> list[Cause]:
    """The causes of one kata's failures, in the order of their first failure.

    `candidates` holds, by test node id, the mistakes whose outcome on its failing call is the code's;
    `record` how the kata's tests with fixed inputs went (RunState.fixed_so_far); `whole_run_matches`
    the mistakes whose record fails exactly the fixed tests the code failed in the kata's whole suite,
    which explain each of those failures. In a students' release (`recorded_only`), where no mistake
    can be run, only a record that agrees with the whole run names a mistake.
    """
    explainers = {failure.test: _explaining(candidates.get(failure.test, ()), failure, record, whole_run_matches,
                                            recorded_only) for failure in failures}
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
        if len(alike) > MOST_MISTAKES_NAMED:  # they cannot be told apart: name none of them
            explainers = {test: [mistake for mistake in mistakes if mistake not in alike]
                          for test, mistakes in explainers.items()}
            continue
        causes.append(Cause(alike, most))
        left = [failure for failure in left if all(failure is not explained for explained in most)]
    unexplained: dict[tuple[str, str], Cause] = {}
    for failure in left:
        unexplained.setdefault(_alike_without_a_name(failure), Cause(())).failures.append(failure)
    causes.extend(unexplained.values())
    order = {failure.test: index for index, failure in enumerate(failures)}
    return sorted(causes, key=lambda cause: order[cause.failures[0].test])


def _alike_without_a_name(failure: Failure) -> tuple[str, str]:
    """What failures no mistake explains share to be one cause: a limit's stop, or the stub, whatever the test;
    the same exception raised; a wrong answer in the same test function."""
    if failure.verdict in (*Verdict.LIMITS, Verdict.NOT_STARTED):
        return failure.verdict, ""
    if failure.verdict == Verdict.ERROR and failure.came_back:
        return failure.verdict, failure.came_back.split("(", 1)[0]  # "raised TypeError"
    return failure.verdict, failure.function


def _explaining(candidates: Sequence[type[Mistake]], failure: Failure, record: Mapping[str, str],
                whole_run_matches: Sequence[type[Mistake]], recorded_only: bool) -> list[type[Mistake]]:
    """The mistakes that explain the failure, in the catalog's order (a list, so that every run chooses alike)."""
    mistakes = list(candidates)
    if failure.name in record:  # a test with fixed inputs: the mistakes whose record is the run's explain it
        mistakes += [mistake for mistake in whole_run_matches if mistake not in mistakes]
    stopped = failure.verdict in Verdict.LIMITS
    if recorded_only:
        return [mistake for mistake in mistakes if agrees_with_the_run(mistake, record, stopped)]
    return [mistake for mistake in mistakes if not fails_where_the_code_passed(mistake, record)
            and (not stopped or stops_as_the_run_did(mistake, record))]
