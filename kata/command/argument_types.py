"""The types of the `kata` command's arguments: each reads one value, or refuses it in one line naming it.

argparse shows the refusal as "kata COMMAND: error: argument --NAME: ..." and exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

KATA_FORMS = "a number (2), a folder name, or a unique part of one (budget)"


def fail(command: str, error: object, exit_code: int) -> int:
    """Say in one line why the command cannot go on, and return its exit status."""
    print(f"kata {command}: {error}", file=sys.stderr)
    return exit_code


def positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def seed(text: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more (the seed a grading run said)")
    return int(text)


def seconds_from(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from `low` to `high`, or a one-line error naming the value."""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = 0.0
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from {low:g} to {high:g}")
        return value

    return seconds


call_seconds = seconds_from(0.05, 60)

positive_seconds = seconds_from(1, 600)


def plot_path(text: str) -> Path:
    from kata.drawing.growth_plot import PlotPathProblem, check_plot_path

    try:
        return check_plot_path(Path(text))
    except PlotPathProblem as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def whole_number(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 0")
    return int(text)


def page_path(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() != ".html":
        raise argparse.ArgumentTypeError(f"{text!r} does not end in .html")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is in a folder that does not exist")
    return path


def points(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 1000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of points above 0 and at most 1000")
    return value


def megabytes(text: str) -> int:
    if not text.isdigit() or not 64 <= int(text) <= 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of megabytes from 64 to 65536")
    return int(text)


def share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number above 0 and at most 1")
    return value
