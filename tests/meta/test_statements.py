"""Every worked example in a statement is what the reference does.

The `>>>` sessions of each problems/NN_slug/README.md run in order, in one namespace per
statement (later examples use names that earlier ones define), with the reference's
functions in it; each printed result or error is compared with what really happens. The
examples' own tests (tests/NN_slug/test_examples.py) hold the learner's code to the same
figures; this test holds the statement's text to the reference, so that a figure changed
in one place and not the other is caught.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from kata.catalog import KATAS
from kata.loader import load_module

pytestmark = pytest.mark.meta

ERROR_LINE = re.compile(r"^(?P<type>[A-Z]\w*(?:Error|Exception|Iteration))(?:: (?P<message>.*))?$")
OPTIONAL_MODULES = {"tiktoken"}  # an extra: without it, its examples cannot run (kata 06's tests skip too)


@dataclass(frozen=True)
class Example:
    line: int  # where the example starts in the statement, counted from 1
    source: str
    printed: str  # what the statement shows it prints, lines joined by spaces; "" if nothing


def examples_in(statement: Path) -> list[Example]:
    """The `>>>` examples of the statement's python blocks, in order."""
    examples, lines, in_python = [], statement.read_text(encoding="utf-8").splitlines(), False
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.startswith("```"):
            in_python = line.strip() == "```python"
        elif in_python and line.startswith(">>> "):
            start, source = number + 1, [line[4:]]
            while number + 1 < len(lines) and lines[number + 1].startswith("... "):
                number += 1
                source.append(lines[number][4:])
            printed = []
            while number + 1 < len(lines) and lines[number + 1].strip() and not lines[number + 1].startswith(
                    (">>> ", "```")):
                number += 1
                printed.append(lines[number].strip())
            examples.append(Example(start, "\n".join(source), " ".join(printed)))
        number += 1
    return examples


class NeedsAnExtra(Exception):
    """The example imports an optional module that is not installed here."""


def mismatch(example: Example, namespace: dict) -> str | None:
    """What is wrong with the example when run in `namespace`, or None if it prints what the statement says."""
    expected_error = ERROR_LINE.match(example.printed)
    try:
        code = compile(example.source, f"line {example.line}", "eval")
    except SyntaxError:
        code = compile(example.source, f"line {example.line}", "exec")
    try:
        value = eval(code, namespace)
    except Exception as error:  # the example's own error, to be compared with the one printed
        if isinstance(error, ModuleNotFoundError) and error.name in OPTIONAL_MODULES:
            raise NeedsAnExtra(error.name) from None
        shown = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
        if expected_error and shown == example.printed:
            return None
        return f"line {example.line}: {example.source!r} raised {shown}; the statement says {example.printed!r}"
    shown = "" if value is None else repr(value)
    if shown == example.printed:
        return None
    return f"line {example.line}: {example.source!r} gives {shown!r}; the statement says {example.printed!r}"


@pytest.mark.parametrize("kata", KATAS, ids=[kata.slug for kata in KATAS])
def test_every_example_in_the_statement_is_what_the_reference_does(kata):
    examples = examples_in(kata.statement_path())
    assert examples, f"the statement of {kata.slug} has no >>> examples"
    reference = load_module(kata.reference_path(), f"kata_statement_reference_{kata.number}")
    namespace = {"itertools": itertools, **{name: getattr(reference, name) for name in dir(reference)
                                            if not name.startswith("_")}}
    wrong, not_run = [], []
    for example in examples:
        try:
            found = mismatch(example, namespace)
        except NeedsAnExtra as missing:
            not_run.append(f"line {example.line} needs {missing}")
            continue
        if found is not None:
            wrong.append(found)
    assert not wrong, f"{len(wrong)} of the {len(examples)} examples in {kata.slug}'s statement are wrong:\n" + \
        "\n".join(wrong)
    if not_run:
        pytest.skip(f"the other examples are right; not installed, so not run: {'; '.join(not_run)}")


def test_the_reader_finds_each_example_with_what_it_prints(tmp_path):
    statement = tmp_path / "README.md"
    statement.write_text("Text.\n\n```python\n>>> x = (1,\n...      2)\n>>> x\n(1,\n 2)\n>>> 1 / 0\n"
                         "ZeroDivisionError: division by zero\n```\n\n```\n>>> not python\n```\n", encoding="utf-8")
    assert examples_in(statement) == [Example(4, "x = (1,\n     2)", ""), Example(6, "x", "(1, 2)"),
                                      Example(9, "1 / 0", "ZeroDivisionError: division by zero")]
    namespace: dict = {}
    assert [mismatch(example, namespace) for example in examples_in(statement)] == [None, None, None]
    assert mismatch(Example(1, "x", "(2, 1)"), namespace) == "line 1: 'x' gives '(1, 2)'; the statement says '(2, 1)'"
