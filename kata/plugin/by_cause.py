"""The failures told by cause: one paragraph per cause instead of one report per failing test.

Thirty tests that fail for two reasons are two things to fix; thirty reports bury them. Unless
the run is asked for every failure (--every-failure), pytest's section of failures and its short
summary keep only the failures no cause holds (the tests' own code failed), and the section
"failures, by cause" shows each kata's causes (kata.runner.causes): the mistake named and its
hint, or the verdict and the test, and the smallest failing call with what came back and what
was expected. Every report is still whole in the outcomes file and under --every-failure.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

import pytest

from kata.judging.vocabulary import also_failing, cause_heading, failing_for_causes, shown_failure
from kata.katas import KATAS
from kata.plugin.run_state import RUN

if TYPE_CHECKING:
    from kata.katas import Kata
    from kata.runner.causes import Cause


class FailuresByCause:
    """Registered for a run that tells its failures by cause (the default)."""

    @pytest.hookimpl(hookwrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> Generator[None, None, None]:
        # pytest prints the failures it finds in its stats; those a cause tells are left out while it
        # prints them, and put back for the counts of its last line.
        stats = terminalreporter.stats
        state = terminalreporter.config.stash[RUN]
        told = {
            failure.test for causes in state.naming.causes.values() for cause in causes for failure in cause.failures
        } | state.items_told_elsewhere  # the table of katas, or one line
        failed = stats.get("failed", [])
        stats["failed"] = [report for report in failed if report.nodeid not in told]
        try:
            yield
        finally:
            stats["failed"] = failed


def causes_of_kata(kata: Kata, causes: list[Cause]) -> list[str]:
    failed = sum(len(cause.failures) for cause in causes)
    lines = [failing_for_causes(f"{kata.number} {kata.name}", failed, len(causes))]
    for number, cause in enumerate(causes, 1):
        shown = cause.shown
        lines += [
            "",
            cause_heading(
                number,
                [mistake.title for mistake in cause.mistakes],
                [mistake.hint for mistake in cause.mistakes],
                len(cause.failures),
                cause.verdict,
                shown.function if len(cause.failures) == 1 else "",
                cause.about,
            ),
            shown_failure(shown.name),
            shown.body.rstrip(),
        ]
        others = [failure.name for failure in cause.failures if failure is not shown]
        if others:
            lines.append(also_failing(others))
    return lines


def causes_section(terminalreporter: pytest.TerminalReporter) -> None:
    """The section "failures, by cause": each kata's causes, in the order of the katas."""
    causes = terminalreporter.config.stash[RUN].naming.causes
    if not any(causes.values()):
        return
    terminalreporter.section("failures, by cause")
    for kata in KATAS:
        for line in causes_of_kata(kata, causes[kata.slug]) if causes.get(kata.slug) else []:
            terminalreporter.write_line(line)
