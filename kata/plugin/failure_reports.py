"""A failed test's report: the runner's plain words instead of pytest's traceback, its verdict kept on the
report, and, for a test with fixed inputs, how it went (what later naming weighs).

kata watch shows the first failure while the run goes on: FirstFailureWriter writes it to a
file the moment it is made.
"""

from __future__ import annotations

import copy
import os
from typing import TYPE_CHECKING

import pytest

from kata.judging.calls import CallDidNotFinish, KataOutOfTime, LimitExceeded, log
from kata.judging.guards import has_fixed_inputs
from kata.judging.limits import drop_locals, give_back_freed_memory, repair_traceback
from kata.judging.load_problems import text_of
from kata.judging.vocabulary import Verdict, report_not_written
from kata.katas import kata_of_test
from kata.plugin.collection import KataUnavailable
from kata.plugin.run_state import RUN
from kata.runner import plain_words
from kata.runner.diagnosis import FAILED, PASSED, STOPPED
from kata.runner.failures import Failure, check_of, expected_of, kind_of_test, what_came_back
from kata.runner.outcomes import record_verdict

if TYPE_CHECKING:
    from pathlib import Path


def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport | None:
    """A failure of the code under test gets its report in plain words.

    pytest's own traceback would only be replaced by it, so it is not formatted at all:
    for a class of failing submissions that formatting was a good part of the grading time.
    (Registered after pytest's own runner, this runs before it; the first report made is kept.)
    """
    if call.excinfo is None:
        _note_fixed_test(item, call, PASSED)
        return None
    if isinstance(item, KataUnavailable) or isinstance(call.excinfo.value, pytest.skip.Exception):
        return None
    state = item.config.stash[RUN]
    failure = call.excinfo.value
    if not isinstance(failure, LimitExceeded) and log.stopped_by is not None:
        # A limit stopped the test, and what reached pytest is what became of the stop on its way out: code that
        # caught it and raised something else, or Hypothesis, stopped while drawing an example, reporting its
        # own FlakyStrategyDefinition. The stop is the verdict, whichever way the exception went.
        failure = log.stopped_by
    stalled_kata = kata_of_test(item.path) if isinstance(failure, CallDidNotFinish) else None
    if stalled_kata is not None:
        state.stalled.add(stalled_kata.slug)
    if isinstance(failure, LimitExceeded):
        repair_traceback(failure)
        call.excinfo = pytest.ExceptionInfo.from_exception(failure)
    # The limits are for the code under test, not for writing its report (which may
    # run catalogued mistakes under limits of their own).
    getattr(item, "cancel_timeout", lambda: None)()
    kata = kata_of_test(item.path)
    so_far = state.fixed_so_far.get(kata.slug, {}) if kata is not None else {}
    try:
        explanation = plain_words.explain(item, failure, so_far, state.shared_probes)
    except Exception as broken:  # the runner's own fault: pytest's report of the failure stands, saying so
        explanation = None
        notes = [*getattr(failure, "__notes__", []), report_not_written(type(broken).__name__, text_of(broken))]
        failure.__notes__ = notes  # type: ignore[attr-defined]  # what add_note does, from Python 3.11 on
    text = explanation.text() if explanation is not None else None  # the mistakes are named when the run ends
    result = pytest.TestReport.from_item_and_call(item, call if text is None else _reported_as(call, text))
    if result.failed:
        failure_record = record_of(result, failure, explanation)
        record_verdict(item, result, failure_record.verdict)
        if kata is not None:
            state.naming.wait_for_the_run(result, failure_record, explanation, kata.slug)
    # The report is written; drop the failed frames' locals, which may hold a stalled
    # loop's half-gigabyte list, before the next test measures its memory.
    drop_locals(call.excinfo.tb)
    log.forget()
    if isinstance(failure, LimitExceeded) and not getattr(failure.call, "isolated", False):
        give_back_freed_memory()  # an isolated call's memory was its worker's, and went with it
    # After the report, which weighs only the tests before this one.
    if not isinstance(failure, KataOutOfTime):  # a test not run tells nothing of the code
        _note_fixed_test(item, call, STOPPED if isinstance(failure, LimitExceeded) else FAILED)
    return result


def record_of(result: pytest.TestReport, error: BaseException, explanation: plain_words.Explanation | None) -> Failure:
    """The failure's structured record (kata.runner.failures), made while its call is still in the log."""
    if explanation is None:  # the tests' own code failed, or the runner's: pytest's report says what
        return Failure(
            result.nodeid,
            kind_of_test(result.nodeid),
            Verdict.ERROR,
            explanation=str(result.longrepr),
            body=str(result.longrepr),
            cpu_seconds=log.code_cpu(),
        )
    call = explanation.call
    return Failure(
        result.nodeid,
        kind_of_test(result.nodeid),
        explanation.verdict,
        call=str(call) if call is not None else "",
        came_back=what_came_back(call, explanation.verdict),
        expected=expected_of(error),
        check=check_of(error),
        explanation=str(result.longrepr),
        body=str(result.longrepr),
        cpu_seconds=log.code_cpu(),
        candidates=[mistake.id for mistake in explanation.candidates],
        compared=explanation.compared,
    )


def _note_fixed_test(item: pytest.Item, call: pytest.CallInfo[None], verdict: str) -> None:
    """Remember how a test with fixed inputs went: later failures of the kata are named from them.

    See kata.runner.diagnosis.
    """
    kata = kata_of_test(item.path)
    if call.when != "call" or kata is None or not has_fixed_inputs(item):
        return
    item.config.stash[RUN].fixed_so_far[kata.slug][item.name] = verdict


def _reported_as(call: pytest.CallInfo[None], text: str) -> pytest.CallInfo[None]:
    """The same call, with the failure's report already written (pytest takes a text as it is)."""
    written = copy.copy(call)
    # TestReport.from_item_and_call takes a non-ExceptionInfo excinfo as the report's text; CallInfo is not typed so.
    written.excinfo = text  # type: ignore[assignment]
    return written


class FirstFailureWriter:
    """Writes the first failed test's report to a file the moment it is made, while the run goes on."""

    def __init__(self, path: Path):
        self.path = path
        self.written = False

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.written or not report.failed:
            return
        self.written = True
        part = self.path.with_name(self.path.name + ".part")
        part.write_text(f"{report.nodeid}\n{report.longreprtext}", encoding="utf-8")
        os.replace(part, self.path)  # whole or not at all, for a reader polling the file
