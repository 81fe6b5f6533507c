"""What the run's tests did, kata by kata: the `katas` section of pytest's summary, a line per kata from the
counts of kata.plugin.tally (with the known mistake whose record the run matches)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from kata.judging.vocabulary import counted, every_failure_hint
from kata.katas import KATAS, TESTS, Kata
from kata.plugin.by_cause import causes_section
from kata.plugin.collection import status_of
from kata.plugin.run_state import RUN
from kata.runner.diagnosis import mistakes_failing_exactly

if TYPE_CHECKING:
    import pytest

    from kata.runner.mistakes import Mistake


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, exitstatus: pytest.ExitCode, config: pytest.Config
) -> None:
    state = config.stash[RUN]
    if not state.tally.counts and not state.unavailable:
        return
    causes_section(terminalreporter)
    terminalreporter.ensure_newline()  # after the progress lines, before the heading: no blank line under it
    terminalreporter.section("katas")
    for kata in KATAS:
        line = _kata_status(kata, config)
        if line:
            terminalreporter.write_line(line)
    told = any(state.naming.causes.values())
    if told and not config.getoption("every_failure"):
        terminalreporter.write_line(every_failure_hint())


def _kata_status(kata: Kata, config: pytest.Config) -> str:
    state = config.stash[RUN]
    label = f"{kata.number} {kata.name:<24}"
    problem = state.unavailable.get(kata.slug)
    if problem is not None:
        return f"{label} {status_of(problem)}: {problem}"
    counts = state.tally.counts.get(kata.slug)
    if counts is None:
        return ""
    total = counts["passed"] + counts["failed"]
    left = state.selected.get(kata.slug, total) - total - counts["skipped"]
    skipped = f" ({counts['skipped']} skipped)" if counts["skipped"] else ""
    if left > 0:  # a failure with -x, or an interruption: Ctrl-C, or the run past its memory (own_memory)
        status = "failing" if counts["failed"] else "not finished"
        return (
            f"{label} {status}: the run stopped early; {counts['passed']} of the {counted(total, 'test')} run "
            f"pass, {left} not run{skipped}"
        )
    if counts["failed"]:
        return f"{label} failing: {counts['passed']} of {counted(total, 'test')} pass{skipped}"
    return f"{label} passing: all {total} selected tests pass{skipped}"


def mistakes_failing_as_this_run(kata: Kata, config: pytest.Config) -> list[type[Mistake]]:
    """The catalogued mistakes that fail exactly what the code failed, when the run was the kata's whole suite."""
    state = config.stash[RUN]
    if kata.slug in state.unavailable or not ran_whole_suite(kata, config):
        return []
    return mistakes_failing_exactly(kata, state.fixed_so_far.get(kata.slug, {}))


def ran_whole_suite(kata: Kata, config: pytest.Config) -> bool:
    """True when this run selected all of the kata's tests and finished them (no -k, -m, -x cut them short).

    A kata whose code cannot run is reported whole by any run that selects it.
    """
    state = config.stash[RUN]
    if kata.slug not in state.selected:
        return False
    if kata.slug in state.unavailable:
        return True
    counts = state.tally.counts.get(kata.slug, {"passed": 0, "failed": 0, "skipped": 0})
    finished = counts["passed"] + counts["failed"] + counts["skipped"] == state.selected[kata.slug]
    return finished and kata.slug not in state.deselected and _arguments_cover(kata, config)


def ran_every_hidden_test(kata: Kata, config: pytest.Config) -> bool:
    """True when the run selected and finished every hidden test of the kata (the examples may have been left
    out, as interview mode's submissions leave them): enough evidence against a mistake the code does not make."""
    state = config.stash[RUN]
    if kata.slug not in state.selected or kata.slug in state.unavailable:
        return False
    counts = state.tally.counts.get(kata.slug, {"passed": 0, "failed": 0, "skipped": 0})
    finished = counts["passed"] + counts["failed"] + counts["skipped"] == state.selected[kata.slug]
    kinds = state.kinds_selected[kata.slug] - state.kinds_deselected[kata.slug]
    return finished and "hidden" in kinds


def _arguments_cover(kata: Kata, config: pytest.Config) -> bool:
    """Whether a path given to pytest holds the kata's whole tests/ folder (not one file or one test of it)."""
    folder = TESTS / kata.slug
    for argument in config.args:
        if "::" in argument:
            continue
        path = (config.invocation_params.dir / Path(argument)).resolve()
        if path == folder or path in folder.parents:
            return True
    return False
