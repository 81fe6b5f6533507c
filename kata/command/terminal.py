"""Writing for a terminal or a pipe: colour only on a terminal (and never with NO_COLOR), 80 columns at most."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TextIO

MAX_WIDTH = 80

_STYLES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}


def is_terminal(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    return hasattr(stream, "isatty") and stream.isatty()


def colour_on(stream: TextIO | None = None) -> bool:
    # https://no-color.org: any non-empty NO_COLOR turns colour off
    return is_terminal(stream) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def paint(text: str, style: str, stream: TextIO | None = None) -> str:
    """The text in a colour or weight from _STYLES, when the stream shows colour; else the text as is."""
    if not colour_on(stream):
        return text
    return f"\033[{_STYLES[style]}m{text}\033[0m"


def width() -> int:
    """The columns to write in: the terminal's, but never more than 80 (a pipe gets 80)."""
    columns = shutil.get_terminal_size((MAX_WIDTH, 24)).columns if is_terminal() else MAX_WIDTH
    return max(40, min(MAX_WIDTH, columns))


def columns() -> int | None:
    """The columns the output really has: the terminal's, or COLUMNS where it is set; None for a pipe or a
    log without COLUMNS, which any line fits."""
    if is_terminal() or os.environ.get("COLUMNS", "").isdigit():
        return shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    return None


def clear_screen() -> None:
    """Start a fresh screen on a terminal; in a pipe or a log, a rule keeps the runs apart."""
    if is_terminal():
        sys.stdout.write("\033[2J\033[H")
    else:
        sys.stdout.write("-" * width() + "\n")


def fit(text: str, most_lines: int = 0) -> list[str]:
    """The text's lines, each longer one wrapped to the width; at most `most_lines` of them if given."""
    lines = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        lines += textwrap.wrap(line, width(), subsequent_indent=indent, break_long_words=True) or [""]
    return at_most(lines, most_lines)


def at_most(lines: list[str], most_lines: int) -> list[str]:
    """The first `most_lines` lines (all of them when 0), and how many more there are."""
    if most_lines and len(lines) > most_lines:
        return lines[:most_lines] + [f"... ({len(lines) - most_lines} more lines)"]
    return lines


def report_lines(report: str, most_lines: int = 0) -> list[str]:
    """A test's report as the runner wrote it: its sentences are already wrapped, and a line that shows a
    value is one line on purpose, so nothing is wrapped again here."""
    return at_most(report.splitlines(), most_lines)
