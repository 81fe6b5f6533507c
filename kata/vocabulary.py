"""The words the reports print: a failed test's verdict and a kata's status, each defined here
once, and how a value, a call or a count is put into a few words.

A failing input may hold a million tokens; a message must still fit on a screen,
so long sequences show their first and last items and their length.
"""

from __future__ import annotations

import re
import reprlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any


class Verdict:
    """The first line of a failed test's report: LeetCode's words, where it has them."""

    WRONG_ANSWER = "WRONG ANSWER"
    ERROR = "ERROR"  # the code raised
    DID_NOT_FINISH = "DID NOT FINISH"  # a call ran past its limit: a loop that does not advance
    TOO_SLOW = "TOO SLOW"  # a guard's call ran past its limit: work that grows too fast
    TOO_MUCH_MEMORY = "TOO MUCH MEMORY"
    NOT_STARTED = "NOT STARTED"  # the stub's NotImplementedError
    LIMITS = (DID_NOT_FINISH, TOO_SLOW, TOO_MUCH_MEMORY)  # a limit stopped the code
    ALL = (WRONG_ANSWER, ERROR, *LIMITS, NOT_STARTED)


class KataStatus:
    """Where a kata stands, for a learner (`kata list`) or a student (`kata grade`), in one word."""

    SOLVED = "solved"
    FAILING = "failing"  # finished, with wrong answers
    ERROR = "error"  # raised, or ended its worker
    TOO_SLOW = "too slow"  # ran past a time limit
    TOO_MUCH_MEMORY = "too much memory"  # ran past the memory limit
    NOT_STARTED = "not started"  # the stub, untouched
    CANNOT_RUN = "cannot run"  # a syntax error, a missing function, a crash on import
    NOT_SUBMITTED = "not submitted"  # graded: no file for the kata
    NOT_CHECKED = "not checked"  # kata list: no result for the current files, and none was asked for
    GRADED = (SOLVED, FAILING, ERROR, TOO_SLOW, TOO_MUCH_MEMORY, NOT_STARTED, CANNOT_RUN, NOT_SUBMITTED)  # best first


# How a value, a call or a count is put into words.

_shortener = reprlib.Repr()
_shortener.maxlist = _shortener.maxtuple = 12
_shortener.maxstring = 160
_shortener.maxother = 160
_shortener.maxlevel = 4
_shortener.maxdict = 12

FULL_LIMIT = 400  # characters; below this a value is shown whole


def show(value: object) -> str:
    """The value as Python would print it, shortened when it is long."""
    if _is_small(value):
        return repr(value)
    return _shortener.repr(value) + _size_note(value)


def _is_small(value: Any) -> bool:
    try:
        return len(value) <= 200 and len(repr(value)) <= FULL_LIMIT
    except TypeError:
        return len(repr(value)) <= FULL_LIMIT


def _size_note(value: Any) -> str:
    try:
        size = len(value)
    except TypeError:
        return ""
    return f" ({counted(size, 'character')})" if isinstance(value, str) else f" ({counted(size, 'item')})"


def show_call(function: str, args: tuple, kwargs: dict) -> str:
    """`name(arg, ..., key=value)`, each argument shortened on its own."""
    parts = [show(arg) for arg in args] + [f"{key}={show(value)}" for key, value in kwargs.items()]
    return f"{function}({', '.join(parts)})"


def counted(count: int, noun: str) -> str:
    """'1 item', '3 items': a count with its noun, singular or plural as English wants."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


# Control characters but tab and newline, and the marks that reorder text (bidirectional
# controls): a submission's words may carry them to redraw a teacher's terminal, or to make
# a report read otherwise than it is written.
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """The text without control characters (tab and newline stay) or bidirectional controls, and
    with a '?' for each lone surrogate, which no UTF-8 file or terminal can hold."""
    return _NOT_PRINTABLE.sub("", text).encode("utf-8", "replace").decode("utf-8")


# What visible() shows as an escape: what printable() leaves out, line breaks and tabs, lone surrogates.
_INVISIBLE = re.compile(f"{_NOT_PRINTABLE.pattern[:-1]}\t\n\ud800-\udfff]")


def visible(text: str) -> str:
    """The text on one line, each character printable() would leave out shown as its escape
    (\\x1b, \\u202e, \\n): for a name, which must stay as distinct as the names it was made from."""
    return _INVISIBLE.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


def one_line(text: str) -> str:
    """The printable text on one line: each line break becomes ' / '."""
    return " / ".join(line for line in printable(text.replace("\r", "\n")).splitlines() if line.strip())
