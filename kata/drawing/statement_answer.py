"""Where a copy of the katas has no reference (a students' release): the statement's own answer for one of
its examples, drawn as kata viz's second column.

The statement shows what each example gives (`>>> pack_sentences([3, 4, 2, 5, 1], 7)` then
`[[0, 1], [2, 3], [4]]`), or the exception it raises (`ValueError: max_tokens must be at least 1,
got 0`). An answer written as a Python literal is read with ast.literal_eval, never run; one that is
not a literal (kata 07's Chunk(...), kata 10's Span(...)) is not drawn, and the page says so.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

from kata.drawing.chunk_page import Column
from kata.drawing.chunkings import Drawing, Input, NotChunks, Units
from kata.katas import Kata, relative

_RAISED = re.compile(r"^([A-Z]\w*(?:Error|Exception)|StopIteration)\b:?(.*)$")  # "ValueError: ...", as printed


def statement_column(kata: Kata, drawing: Drawing, given: Input, source: str | Units) -> Column | None:
    """The statement's answer for the input as a column, or None where the input is not one of its examples
    as written, or its answer cannot be read as chunks."""
    if given.expected is None:
        return None
    column = Column("The statement", f"{relative(kata.statement_path())}, {given.described.split('(', 1)[-1][:-1]}")
    raised = _RAISED.match(given.expected)
    if raised:
        column.raised, column.as_asked = raised.group(1), True
        column.verdict = f"raises {column.raised}"
        column.message = f"The statement shows: {given.expected}"
        return column
    try:
        answer = ast.literal_eval(given.expected)
        picture = drawing.picture(answer, given, source)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, NotChunks):
        return None
    column.chunks, column.keys = picture.chunks, picture.keys
    column.questions, column.recall = picture.questions, picture.recall
    return column


class MissingFunction(ValueError):
    """The code under test lacks a function the drawing calls; the message names the file and the function."""


def stand_ins(module: ModuleType, drawing: Drawing, shown: str) -> dict[str, Callable[..., Any]]:
    """The drawing's functions with the signatures of the code under test (`module`, loaded from the file
    `shown`), which the statement's examples are bound to; calling one does nothing but raise, so that building
    an example's arguments (kata 03's `chunks = chunk_text(...)`) never runs the code under test outside the
    limits of its drawn call."""
    made: dict[str, Callable[..., Any]] = {}
    for name in (drawing.function, *drawing.helpers):
        function = getattr(module, name, None)
        if not callable(function):
            raise MissingFunction(f"{shown} defines no function {name}, which kata viz draws")

        def stand_in(*args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError

        try:
            stand_in.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
        except (TypeError, ValueError):
            pass  # a callable without a signature binds anything
        made[name] = stand_in
    return made
