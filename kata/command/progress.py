"""The learner's progress: the table of `kata list`, the next kata, and what to do after solving one."""

from __future__ import annotations

import sys
import textwrap

from kata.command.status import Status, first_unsolved, statuses
from kata.command.terminal import columns, paint
from kata.judging.vocabulary import KataStatus, counted
from kata.katas import Kata, has_solutions, relative

_STATE_STYLES = {
    KataStatus.SOLVED: "green",
    KataStatus.FAILING: "red",
    KataStatus.CANNOT_RUN: "red",
    KataStatus.NOT_STARTED: "dim",
    KataStatus.NOT_CHECKED: "yellow",
}
_BAR = 30  # characters in the progress bar


def print_list() -> int:
    all_statuses = statuses(before_refresh=announce_checking)
    print(paint(f"{'#':<3} {'kata':<24} {'difficulty':<11} status", "bold"))
    for status in all_statuses:
        print(table_row(status))
    print()
    print(progress_line(all_statuses))
    print(next_line(all_statuses))
    return 0


def print_next() -> int:
    all_statuses = statuses(before_refresh=announce_checking)
    status = first_unsolved(all_statuses)
    if status is None:
        print(next_line(all_statuses))
        return 0
    kata = status.kata
    print(f"Next: {label(kata)} ({kata.difficulty}), {styled_state(status)}")
    print(f"  {kata.title}")
    print(f"  statement  {relative(kata.statement_path())}  (or: kata show {kata.number})")
    print(f"  your code  {relative(kata.stub_path())}")
    print(f"  check it   kata watch {kata.number}  (checks on every save; stuck? kata hint {kata.number})")
    return 0


def announce_checking(katas: list[Kata]) -> None:
    names = ", ".join(label(kata) for kata in katas)
    print(f"Checking {names}: changed since the last check...", file=sys.stderr, flush=True)


def table_row(status: Status) -> str:
    """The kata's row; a status longer than the columns left goes on under the status column, whole."""
    kata = status.kata
    start = f"{kata.number:<3} {kata.name:<24} {kata.difficulty:<11} "
    available = columns()
    if available is None or len(start) + len(status.describe()) <= available:
        return start + styled_state(status)
    lines = textwrap.wrap(
        status.describe(), max(20, available - len(start)), break_long_words=True, break_on_hyphens=False
    )
    return start + ("\n" + " " * len(start)).join(paint_as_state(line, status) for line in lines)


def styled_state(status: Status) -> str:
    """The status in its colour."""
    return paint_as_state(status.describe(), status)


def paint_as_state(text: str, status: Status) -> str:
    return paint(text, _STATE_STYLES[status.state])


def progress_line(all_statuses: list[Status]) -> str:
    solved = sum(status.solved for status in all_statuses)
    filled = round(_BAR * solved / max(len(all_statuses), 1))
    bar = paint("#" * filled, "green") + "." * (_BAR - filled)
    return f"[{bar}] {solved} of {len(all_statuses)} solved"


def next_line(all_statuses: list[Status]) -> str:
    status = first_unsolved(all_statuses)
    if status is None:
        return f"All {len(all_statuses)} katas are solved. Well done!"
    kata = status.kata
    return f"Next: {label(kata)} ({kata.difficulty}): kata show {kata.number}, then kata watch {kata.number}"


def solved_lines(status: Status) -> list[str]:
    """What to say when a kata has just been solved: well done, compare, and what comes next."""
    kata = status.kata
    return [
        paint(f"Solved: {label(kata)} passes all {counted(status.total, 'test')}.", "green"),
        compare_line(kata),
        next_line(statuses(refresh=False)),
    ]


def label(kata: Kata) -> str:
    return f"{kata.number} {kata.name}"


def compare_line(kata: Kata) -> str:
    """Where to compare a solved kata: the reference and its editorial, or whom to ask in a students' copy."""
    if not has_solutions():
        return "Your teacher has the reference and its editorial, to compare with once the assignment is over."
    return f"Compare with the reference and its editorial in {relative(kata.reference_path().parent)}/."
