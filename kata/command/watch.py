"""`kata watch`: check the current kata again each time a file under problems/ is saved.

Each check clears the screen and shows the kata's status and its first failure
(the tests run from simple to subtle, so it is the one to fix first). Without a
kata named, the current kata follows the file saved last.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from kata.command.hints import stuck_lines
from kata.command.progress import label, paint_as_state, progress_line, solved_lines
from kata.command.runs import QuietRun, run_quietly
from kata.command.status import Status, first_unsolved, status_of, statuses
from kata.command.terminal import clear_screen, fit, paint, report_lines
from kata.judging.vocabulary import KataStatus
from kata.katas import KATAS, PROBLEMS, Kata, relative
from kata.runner.outcomes import TestOutcome, cause_title, failures_by_cause, shown_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from watchfiles import Change

REPORT_LINES = 40  # of the first failure; `kata check` shows the rest
WAKE_MILLISECONDS = 200  # how often the watcher wakes up when nothing changes


def watch(fixed: Kata | None = None) -> int:
    # Imported here: the other commands start faster without it.
    from watchfiles import PythonFilter
    from watchfiles import watch as saves_under

    current = fixed or _where_to_start()
    checked_once = False
    try:
        # The first check waits for the watcher's first timeout, so that the watcher is
        # already running: a file saved during the first check is not missed.
        for changes in saves_under(
            PROBLEMS,
            watch_filter=PythonFilter(),
            raise_interrupt=True,
            yield_on_timeout=True,
            rust_timeout=WAKE_MILLISECONDS,
        ):
            if changes:
                current = fixed or _kata_saved(changes) or current
            elif checked_once:
                continue
            show_check(current)
            checked_once = True
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a learner leaves watch mode: no traceback, a clean exit
    print("\nStopped watching.", flush=True)
    return 0


def show_check(kata: Kata) -> None:
    status = status_of(kata, refresh=False)
    run = None
    if status.state != KataStatus.NOT_STARTED:  # the stub needs no run to say so
        # At once, on a fresh screen: a run may take seconds, and the last check's status is stale.
        clear_screen()
        print(paint(f"kata watch: {label(kata)}, saved at {time.strftime('%H:%M:%S')}", "bold"))
        print(paint(f"Checking {label(kata)}...", "dim"), flush=True)
        run = run_quietly([kata], on_first_failure=lambda first: _show_at_once(kata, first))
        status = status_of(kata, refresh=False)
    clear_screen()
    print(paint(f"kata watch: {label(kata)}, checked at {time.strftime('%H:%M:%S')}", "bold"))
    for line in fit(f"Status: {status.describe()}"):
        print(paint_as_state(line, status))
    print()
    for line in _details(status, run):
        print(line)
    print()
    print(progress_line(statuses(refresh=False)))
    print(paint("Save a file under problems/ to check again; Ctrl-C stops.", "dim"), flush=True)


def _show_at_once(kata: Kata, first: TestOutcome) -> None:
    """The first failure, while the rest of the run goes on (its status line comes when it ends).

    A kata whose module cannot run fails as one item named after the kata: no other test will run."""
    if first.name == kata.slug:
        print(first.report, flush=True)
        return
    print(paint(f"First failure: {first.name}", "bold"))
    for line in report_lines(first.report, REPORT_LINES):
        print(line)
    print(paint("Still checking the other tests...", "dim"), flush=True)


def _details(status: Status, run: QuietRun | None) -> list[str]:
    kata = status.kata
    if status.solved:
        return solved_lines(status)
    if status.state == KataStatus.NOT_STARTED:
        return [
            f"Write your solution in {relative(kata.stub_path())}.",
            f"The statement: kata show {kata.number}. Stuck? kata hint {kata.number}",
        ]
    if status.state == KataStatus.CANNOT_RUN:
        return ["Fix it and save: watch checks it again."]
    assert run is not None  # the kata's tests ran, since its stub was changed (show_check)
    if run.could_not_run or not run.failures:
        return ["pytest could not run the tests:", *report_lines(run.output, REPORT_LINES)]
    causes = failures_by_cause(run.failures)
    lines = []
    for number, tests in enumerate(causes, 1):
        lines.append(paint(f"Cause {number} of {len(causes)}, {cause_title(kata.slug, tests)}", "bold"))
        if number == 1:  # the first cause's smallest failing call in full; the others by name
            lines += [*report_lines(shown_of(tests).report.strip(), REPORT_LINES), ""]
    return [*lines, "", *stuck_lines(kata), f"Every cause in full: kata check {kata.number}"]


def _where_to_start() -> Kata:
    status = first_unsolved(statuses(refresh=False))
    return status.kata if status is not None else KATAS[-1]


def _kata_saved(changes: Iterable[tuple[Change, str]]) -> Kata | None:
    """The kata whose problems/ folder holds a saved file, if any."""
    for _change, path in sorted(changes, key=lambda change: change[1]):
        try:
            folder = Path(path).resolve().relative_to(PROBLEMS).parts[0]
        except (ValueError, IndexError):
            continue
        found = next((kata for kata in KATAS if kata.slug == folder), None)
        if found is not None:
            return found
    return None
