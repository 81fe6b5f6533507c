"""`kata check`: run the tests with the runner's reports, then say what to do next."""

from __future__ import annotations

import os

from kata.command.hints import stuck_lines
from kata.command.progress import solved_lines
from kata.command.runs import pytest_command, run_visibly
from kata.command.status import status_of
from kata.judging.vocabulary import KataStatus
from kata.katas import KATAS, Kata
from kata.runner.implementations import parse_impl


def check(katas: list[Kata] | None, *, impl: str | None, examples: bool, extra: tuple[str, ...] = ()) -> int:
    """The exit status is pytest's: 0 only when every selected test passes."""
    # Parsed here too, so that a bad --impl is one line rather than pytest's usage error.
    judged = parse_impl(impl or os.environ.get("KATA_IMPL"))
    selected = katas or list(KATAS)
    # --no-header: the platform and plugin lines say nothing a learner needs.
    exit_code = run_visibly(pytest_command(selected, impl=impl, examples=examples, extra=("--no-header", *extra)))
    if judged.kind == "learner":
        for line in _what_next(selected, exit_code, examples):
            print(line)
    return exit_code


def _what_next(katas: list[Kata], exit_code: int, examples: bool) -> list[str]:
    """After a check of one kata: a hint when it fails, the whole suite after the examples,
    the next kata once solved."""
    if len(katas) != 1 or exit_code not in (0, 1):
        return []
    kata = katas[0]
    if exit_code == 1:
        cannot_run = status_of(kata, refresh=False).state == KataStatus.CANNOT_RUN
        return [] if cannot_run else stuck_lines(kata)  # the report above says what stops the code from running
    if examples:
        return [f"The examples pass. Now every test: kata check {kata.number}"]
    status = status_of(kata, refresh=False)  # solved only if this run was the whole suite
    return solved_lines(status) if status.solved else []
