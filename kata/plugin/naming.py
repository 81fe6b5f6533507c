"""Naming the causes of a run's failures, once the whole run is known.

A failure's report is written when its test fails, but the evidence a mistake is named on
(kata.runner.diagnosis) is the record of every test with fixed inputs: a test that runs later
may pass where a candidate mistake fails, and then that mistake is not the code's, however
alike their answers were on the failing input. So each failure keeps its record
(kata.runner.failures) and its candidates, and when the run ends its kata's failures are
grouped into causes (kata.runner.causes), whose names every failure's report then carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kata.katas import find_kata
from kata.runner.causes import Cause, group_into_causes
from kata.runner.mistakes import is_recorded_only, mistakes_of

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    import pytest

    from kata.runner.failures import Failure
    from kata.runner.mistakes import Mistake
    from kata.runner.plain_words import Explanation


@dataclass
class _Pending:
    report: pytest.TestReport
    failure: Failure
    explanation: Explanation | None  # None: pytest's own report (the tests' own code failed)
    kata: str  # the slug of the kata whose test failed


class Naming:
    """The run's failures, grouped into named causes when the run ends."""

    def __init__(self) -> None:
        self.pending: list[_Pending] = []
        self.causes: dict[str, list[Cause]] = {}  # kata slug -> its causes, once the run has ended

    def wait_for_the_run(
        self, report: pytest.TestReport, failure: Failure, explanation: Explanation | None, kata: str
    ) -> None:
        self.pending.append(_Pending(report, failure, explanation, kata))

    def name_the_causes(
        self, records: Mapping[str, Mapping[str, str]], every_hidden_test: Callable[[str], bool]
    ) -> list[pytest.TestReport]:
        """Group each kata's failures into causes, given each kata's record of its fixed tests
        (RunState.fixed_so_far) and whether the run ran all its hidden tests; write the causes' names into the
        failures' reports, and return the reports that changed."""
        changed = []
        for slug in dict.fromkeys(pending.kata for pending in self.pending):
            pendings = [pending for pending in self.pending if pending.kata == slug]
            kata = find_kata(slug)
            catalog = mistakes_of(kata)
            recorded_only = any(is_recorded_only(mistake, kata) for mistake in catalog.values())
            candidates = {
                pending.failure.test: [catalog[id_] for id_ in pending.failure.candidates if id_ in catalog]
                for pending in pendings
            }
            causes = group_into_causes(
                [pending.failure for pending in pendings],
                candidates,
                records.get(slug, {}),
                list(catalog.values()),
                recorded_only,
                every_hidden_test(slug),
            )
            self.causes[slug] = causes
            for cause in causes:
                for pending in pendings:
                    if cause.mistakes and any(pending.failure is failure for failure in cause.failures):
                        changed.append(_name_in_report(pending, cause.mistakes))
        self.pending.clear()
        return changed


def _name_in_report(pending: _Pending, mistakes: tuple[type[Mistake], ...]) -> pytest.TestReport:
    if pending.explanation is not None:  # else pytest's own report stands: the tests' own code failed
        text = pending.explanation.text(mistakes)
        pending.report.longrepr = text
        pending.failure.explanation = text
    pending.report.user_properties.extend(("mistake", mistake.id) for mistake in mistakes)
    return pending.report
