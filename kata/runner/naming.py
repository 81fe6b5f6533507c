"""Naming the catalogued mistake under each failure, once the whole run is known.

A failure's report is written when its test fails, but the evidence a mistake is named on
(kata.runner.diagnosis) is the record of every test with fixed inputs: a test that runs later
may pass where a candidate mistake fails, and then that mistake is not the code's, however
alike their answers were on the failing input. So each failing report keeps its candidates,
and when the run ends the reports name those that the whole run agrees with, at most two
(more would not single a mistake out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from kata.runner.diagnosis import agrees_with_the_run
from kata.runner.report import MOST_MISTAKES_NAMED

if TYPE_CHECKING:
    from collections.abc import Mapping

    from kata.runner.report import Explanation


@dataclass
class _Pending:
    report: pytest.TestReport
    explanation: Explanation
    kata: str  # the slug of the kata whose test failed


class Naming:
    """The failing reports of the run that have candidate mistakes, named when the run ends."""

    def __init__(self) -> None:
        self.pending: list[_Pending] = []

    def wait_for_the_run(self, report: pytest.TestReport, explanation: Explanation, kata: str) -> None:
        if explanation.candidates:
            self.pending.append(_Pending(report, explanation, kata))

    def name_the_mistakes(self, records: Mapping[str, Mapping[str, str]]) -> list[pytest.TestReport]:
        """Write the names the whole run agrees with into the reports, given each kata's record of its fixed tests
        (RunState.fixed_so_far); returns the reports that changed."""
        changed = []
        for pending in self.pending:
            record = records.get(pending.kata, {})
            named = [mistake for mistake in pending.explanation.candidates
                     if agrees_with_the_run(mistake, record, pending.explanation.stalled)]
            if not named or len(named) > MOST_MISTAKES_NAMED:
                continue
            pending.report.longrepr = pending.explanation.text(named)
            pending.report.user_properties.extend(("mistake", mistake.id) for mistake in named)
            changed.append(pending.report)
        self.pending.clear()
        return changed

