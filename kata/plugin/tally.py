"""The counts of a run's tests, kata by kata, and every test's outcome, kept as the reports arrive."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from kata.katas import kata_of_test
from kata.runner.outcomes import TestOutcome, outcome_of

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


class Tally:
    """Each kata's passes, failures and skips, and every test's outcome, as the reports arrive.

    Registered as a plugin object for the run, as pytest's own plugins keep their state."""

    def __init__(self, rootpath: Path) -> None:
        self.rootpath = rootpath  # report.fspath is relative to it, wherever pytest was started
        # per slug: tests passed, failed, and skipped (an optional extra not installed: they count for no one)
        self.counts: defaultdict[str, dict[str, int]] = defaultdict(lambda: {"passed": 0, "failed": 0, "skipped": 0})
        self.outcomes: dict[str, TestOutcome] = {}  # node id -> its outcome, in the order the tests ran

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        outcome = outcome_of(report)
        if outcome is not None:
            self.outcomes[report.nodeid] = outcome
        kata = kata_of_test(self.rootpath / report.fspath) if report.fspath else None
        if kata is None or report.when not in ("setup", "call"):
            return
        if report.skipped:
            self.counts[kata.slug]["skipped"] += 1
        elif report.failed or report.when == "call":
            self.counts[kata.slug]["failed" if report.failed else "passed"] += 1
